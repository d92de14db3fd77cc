import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.calendar;

export const calendarRouter = router({
  status: authenticatedFrom(c.status).query(({ ctx, input }) =>
    ctx.services.calendarFeeds.status(ctx.caller, input.userEmail),
  ),
  regenerate: authenticatedFrom(c.regenerate).mutation(({ ctx, input }) =>
    ctx.services.calendarFeeds.regenerate(ctx.caller, input.userEmail, ctx.origin),
  ),
  delete: authenticatedFrom(c.delete).mutation(({ ctx, input }) =>
    ctx.services.calendarFeeds.delete(ctx.caller, input.userEmail),
  ),
});
