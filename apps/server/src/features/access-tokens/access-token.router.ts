import { contract } from '@medrem/contract';
import { TRPCError } from '@trpc/server';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.token;

// The contract's calls, mounted so the AppRouter type and openapi.json carry them; the service
// behind them is the next step of issue 59.
const notYet = () => {
  throw new TRPCError({ code: 'NOT_IMPLEMENTED', message: 'Personal access tokens are not available yet.' });
};

export const accessTokenRouter = router({
  list: authenticatedFrom(c.list).query(notYet),
  create: authenticatedFrom(c.create).mutation(notYet),
  revoke: authenticatedFrom(c.revoke).mutation(notYet),
});
