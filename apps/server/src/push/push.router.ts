import { type Notification, type ProcedureDefinition, contract } from '@medrem/contract';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { publicFrom, router } from '../trpc/trpc';

const c = contract.push;

/**
 * The live notification stream: a tRPC subscription (server-sent events), so it is not part of the
 * REST facade (`openapi.enabled: false`). EventSource cannot send headers, so the session cookie
 * proves the caller; API clients may send a bearer token instead.
 */
const notificationStream: ProcedureDefinition<z.ZodOptional<z.ZodObject>, z.ZodAny> = {
  meta: {
    access: 'public',
    successStatus: 200,
    openapi: {
      method: 'GET',
      path: '/trpc/push.notifications',
      summary: 'Live notifications of the signed-in user (tRPC subscription over SSE)',
      tags: ['push'],
      protect: false,
      enabled: false,
    } as ProcedureDefinition<z.ZodType, z.ZodType>['meta']['openapi'],
  },
  input: z.object({}).optional(),
  // Each event is a Notification (notificationEventSchema); a subscription returns their stream.
  output: z.any(),
};

export const pushRouter = router({
  vapidPublicKey: publicFrom(c.vapidPublicKey).query(({ ctx }) => ({
    publicKey: ctx.services.push.vapidPublicKey(),
  })),
  action: publicFrom(c.action).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.push.act(input);
    return { success: true as const, action: result.action, message: result.message };
  }),
  notifications: publicFrom(notificationStream).subscription(async function* ({
    ctx,
    signal,
  }): AsyncGenerator<Notification> {
    const { services } = ctx;
    const caller = await services.auth.authenticate(ctx.bearerToken);
    const userId = caller?.userId ?? (await services.auth.sessionUser(ctx.session.token))?.id;
    if (!userId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
    yield* services.push.realtime.stream(userId, signal);
  }),
});
