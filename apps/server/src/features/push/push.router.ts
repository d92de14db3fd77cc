import { type Notification, contract, scopeRefusalMessage, tokenAllows } from '@medrem/contract';
import { TRPCError } from '@trpc/server';
import { publicFrom, router, subscriptionFrom } from '../../trpc/trpc';
import { TooManyStreams } from '../notifications/live/live-hub';

const c = contract.push;

export const pushRouter = router({
  vapidPublicKey: publicFrom(c.vapidPublicKey).query(({ ctx }) => ({
    publicKey: ctx.services.push.vapidPublicKey(),
  })),
  action: publicFrom(c.action).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.notificationActions.act(input);
    return { success: true as const, action: result.action, message: result.message };
  }),
  dose: publicFrom(c.dose).query(({ ctx, input }) => ctx.services.notificationActions.dosePage(input.token)),
  notifications: subscriptionFrom(c.notifications).subscription(async function* ({
    ctx,
    signal,
  }): AsyncGenerator<Notification> {
    const { services } = ctx;
    // A personal token needs the scope read for the stream, as for the list (decision 267).
    const listener = async () => {
      const caller = await services.auth.authenticate(ctx.bearerToken);
      if (caller) return tokenAllows(caller.scopes, 'read') ? caller.userId : null;
      return (await services.auth.sessionUser(ctx.session.token))?.id;
    };
    const userId = await listener();
    if (userId === null) throw new TRPCError({ code: 'FORBIDDEN', message: scopeRefusalMessage('read') });
    if (!userId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
    try {
      // Re-asked while open: a deleted account, a revoked session or token ends the stream.
      yield* services.live.stream(userId, signal, async () => (await listener()) === userId);
    } catch (error) {
      if (error instanceof TooManyStreams) {
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: error.message });
      }
      throw error;
    }
  }),
});
