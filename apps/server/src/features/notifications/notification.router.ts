import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.notification;

export const notificationRouter = router({
  list: authenticatedFrom(c.list).query(({ ctx, input }) =>
    ctx.services.notifications.list(ctx.caller, input.userEmail, input.limit, input.before),
  ),
  markRead: authenticatedFrom(c.markRead).mutation(async ({ ctx, input }) => ({
    notification: await ctx.services.notifications.markRead(ctx.caller, input),
  })),
  markAllRead: authenticatedFrom(c.markAllRead).mutation(async ({ ctx, input }) => ({
    success: true as const,
    message: 'All notifications marked as read.',
    updated: await ctx.services.notifications.markAllRead(ctx.caller, input),
  })),
  delete: authenticatedFrom(c.delete).mutation(async ({ ctx, input }) => {
    await ctx.services.notifications.delete(ctx.caller, input.id);
    return { success: true as const, id: input.id, message: 'Notification deleted.' };
  }),
});
