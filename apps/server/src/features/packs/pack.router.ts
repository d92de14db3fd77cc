import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.pack;

export const packRouter = router({
  list: authenticatedFrom(c.list).query(({ ctx, input }) => ctx.services.packs.list(ctx.caller, input.id)),
  add: authenticatedFrom(c.add).mutation(({ ctx, input }) => ctx.services.packs.add(ctx.caller, input)),
  usedUp: authenticatedFrom(c.usedUp).mutation(({ ctx, input }) =>
    ctx.services.packs.usedUp(ctx.caller, input.id, input.packId),
  ),
  remove: authenticatedFrom(c.remove).mutation(({ ctx, input }) =>
    ctx.services.packs.remove(ctx.caller, input.id, input.packId),
  ),
  read: authenticatedFrom(c.read).mutation(({ ctx, input }) =>
    ctx.services.packs.read(ctx.caller, input.code),
  ),
  cabinet: authenticatedFrom(c.cabinet).query(({ ctx }) => ctx.services.cabinet.read(ctx.caller)),
  mappings: authenticatedFrom(c.mappings).query(async ({ ctx }) => ({
    mappings: await ctx.services.gtinMappings.list(ctx.caller),
  })),
  setMapping: authenticatedFrom(c.setMapping).mutation(({ ctx, input }) =>
    ctx.services.gtinMappings.set(ctx.caller, input),
  ),
  deleteMapping: authenticatedFrom(c.deleteMapping).mutation(async ({ ctx, input }) => {
    await ctx.services.gtinMappings.delete(ctx.caller, input.gtin);
    return { success: true as const, message: 'The product number is forgotten.' };
  }),
});
