import { type Notification, contract } from '@medrem/contract';
import { TRPCError } from '@trpc/server';
import { publicFrom, router, subscriptionFrom } from '../../trpc/trpc';

const c = contract.push;

export const pushRouter = router({
  vapidPublicKey: publicFrom(c.vapidPublicKey).query(({ ctx }) => ({
    publicKey: ctx.services.push.vapidPublicKey(),
  })),
  action: publicFrom(c.action).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.notificationActions.act(input.token);
    return { success: true as const, action: result.action, message: result.message };
  }),
  notifications: subscriptionFrom(c.notifications).subscription(async function* ({
    ctx,
    signal,
  }): AsyncGenerator<Notification> {
    const { services } = ctx;
    const caller = await services.auth.authenticate(ctx.bearerToken);
    const userId = caller?.userId ?? (await services.auth.sessionUser(ctx.session.token))?.id;
    if (!userId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
    yield* services.live.stream(userId, signal);
  }),
});
