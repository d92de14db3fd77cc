import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.token;

export const accessTokenRouter = router({
  list: authenticatedFrom(c.list).query(({ ctx }) => ctx.services.accessTokens.list(ctx.caller)),
  create: authenticatedFrom(c.create).mutation(({ ctx, input }) =>
    ctx.services.accessTokens.create(ctx.caller, input),
  ),
  revoke: authenticatedFrom(c.revoke).mutation(({ ctx, input }) =>
    ctx.services.accessTokens.revoke(ctx.caller, input.id),
  ),
});
