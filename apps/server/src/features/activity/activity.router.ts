import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.activity;

export const activityRouter = router({
  list: authenticatedFrom(c.list).query(({ ctx, input }) => ctx.services.activity.list(ctx.caller, input)),
});
