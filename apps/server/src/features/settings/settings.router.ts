import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.settings;

export const settingsRouter = router({
  get: authenticatedFrom(c.get).query(async ({ ctx, input }) => ({
    settings: await ctx.services.settings.get(ctx.caller, input.userEmail),
  })),
  update: authenticatedFrom(c.update).mutation(async ({ ctx, input }) => ({
    settings: await ctx.services.settings.update(ctx.caller, input),
    message: 'Settings saved successfully!',
  })),
});
