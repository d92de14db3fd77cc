import { contract } from '@medrem/contract';
import { publicFrom, router } from '../../trpc/trpc';

export const systemRouter = router({
  // Served only once the app is built, which happens after migrations ran.
  health: publicFrom(contract.system.health).query(({ ctx }) => ({
    status: 'ok' as const,
    mail: ctx.services.mailHealth.current(),
  })),
});
