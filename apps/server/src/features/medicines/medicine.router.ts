import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.medicine;

export const medicineRouter = router({
  list: authenticatedFrom(c.list).query(async ({ ctx, input }) => ({
    findMedicine: await ctx.services.medicines.list(ctx.caller, input.userEmail),
  })),
  get: authenticatedFrom(c.get).query(({ ctx, input }) => ctx.services.medicines.get(ctx.caller, input.id)),
  create: authenticatedFrom(c.create).mutation(({ ctx, input }) =>
    ctx.services.medicines.create(ctx.caller, input),
  ),
  update: authenticatedFrom(c.update).mutation(({ ctx, input }) =>
    ctx.services.medicines.update(ctx.caller, input),
  ),
  delete: authenticatedFrom(c.delete).mutation(async ({ ctx, input }) => {
    const { name } = await ctx.services.medicines.delete(ctx.caller, input.id);
    return { success: true as const, id: input.id, message: `${name} has been deleted successfully!` };
  }),
  getTaken: authenticatedFrom(c.getTaken).query(async ({ ctx, input }) => ({
    takenDay: await ctx.services.doses.getTaken(ctx.caller, input.id, input.date),
  })),
  setTaken: authenticatedFrom(c.setTaken).mutation(async ({ ctx, input }) => ({
    takenDay: await ctx.services.doses.setTaken(ctx.caller, input),
  })),
  tickDose: authenticatedFrom(c.tickDose).mutation(({ ctx, input }) =>
    ctx.services.doses.tickDose(ctx.caller, input),
  ),
  correctTakenAt: authenticatedFrom(c.correctTakenAt).mutation(async ({ ctx, input }) => ({
    takenDay: await ctx.services.doses.correctTakenAt(ctx.caller, input),
  })),
  skipDose: authenticatedFrom(c.skipDose).mutation(async ({ ctx, input }) => ({
    takenDay: await ctx.services.skips.skipDose(ctx.caller, input),
  })),
  postponeDose: authenticatedFrom(c.postponeDose).mutation(async ({ ctx, input }) => ({
    takenDay: await ctx.services.postponements.postponeDose(ctx.caller, input),
  })),
  history: authenticatedFrom(c.history).query(async ({ ctx, input }) => ({
    takenHistory: await ctx.services.doses.history(ctx.caller, input.id, input.from, input.to),
  })),
  refill: authenticatedFrom(c.refill).mutation(({ ctx, input }) =>
    ctx.services.medicines.refill(ctx.caller, input.id, input.pills),
  ),
  takeAsNeeded: authenticatedFrom(c.takeAsNeeded).mutation(({ ctx, input }) =>
    ctx.services.medicines.takeAsNeeded(ctx.caller, input),
  ),
  asNeededLog: authenticatedFrom(c.asNeededLog).query(async ({ ctx, input }) => ({
    intakes: await ctx.services.medicines.asNeededLog(ctx.caller, input.id, input.from, input.to),
  })),
  stop: authenticatedFrom(c.stop).mutation(({ ctx, input }) =>
    ctx.services.medicineLife.stop(ctx.caller, input),
  ),
  resume: authenticatedFrom(c.resume).mutation(({ ctx, input }) =>
    ctx.services.medicineLife.resume(ctx.caller, input.id),
  ),
  historyOfChanges: authenticatedFrom(c.historyOfChanges).query(async ({ ctx, input }) => ({
    changes: await ctx.services.medicineLife.historyOfChanges(ctx.caller, input.id),
  })),
  refillReminders: authenticatedFrom(c.refillReminders).query(({ ctx, input }) =>
    ctx.services.medicines.refillReminders(ctx.caller, input.userEmail),
  ),
});
