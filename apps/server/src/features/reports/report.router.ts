import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.report;

export const reportRouter = router({
  month: authenticatedFrom(c.month).query(({ ctx, input }) =>
    ctx.services.reports.month(ctx.caller, input.userEmail, input.month),
  ),
  doctor: authenticatedFrom(c.doctor).query(({ ctx, input }) =>
    ctx.services.reports.doctor(ctx.caller, input.userEmail, input.from, input.to, input),
  ),
});
