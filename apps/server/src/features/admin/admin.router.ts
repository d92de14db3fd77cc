import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.admin;

/** The admin API (issue 57): each call's administrator check is the service's `adminOf`. */
export const adminRouter = router({
  accounts: authenticatedFrom(c.accounts).query(async ({ ctx, input }) => {
    const admin = ctx.services.admin;
    return admin.accounts(await admin.adminOf(ctx.caller), input);
  }),
  disable: authenticatedFrom(c.disable).mutation(async ({ ctx, input }) => {
    const admin = ctx.services.admin;
    const user = await admin.disable(await admin.adminOf(ctx.caller), input.id);
    return { success: true as const, message: `${user.email} is disabled: signed out everywhere.` };
  }),
  enable: authenticatedFrom(c.enable).mutation(async ({ ctx, input }) => {
    const admin = ctx.services.admin;
    const user = await admin.enable(await admin.adminOf(ctx.caller), input.id);
    return { success: true as const, message: `${user.email} may sign in again.` };
  }),
  sendPasswordReset: authenticatedFrom(c.sendPasswordReset).mutation(async ({ ctx, input }) => {
    const admin = ctx.services.admin;
    const user = await admin.sendPasswordReset(await admin.adminOf(ctx.caller), input.id);
    return { success: true as const, message: `A password reset link was mailed to ${user.email}.` };
  }),
  deleteAccount: authenticatedFrom(c.deleteAccount).mutation(async ({ ctx, input }) => {
    const admin = ctx.services.admin;
    const actor = await admin.adminOf(ctx.caller);
    const user = await admin.deleteAccount(actor, input.id, input.confirmEmail, ctx.log);
    return { success: true as const, message: `The account of ${user.email} was deleted.` };
  }),
  signups: authenticatedFrom(c.signups).query(async ({ ctx }) => {
    const admin = ctx.services.admin;
    return admin.signups(await admin.adminOf(ctx.caller));
  }),
  setSignups: authenticatedFrom(c.setSignups).mutation(async ({ ctx, input }) => {
    const admin = ctx.services.admin;
    await admin.setSignups(await admin.adminOf(ctx.caller), input.policy);
    return { success: true as const, message: `Sign-ups are now ${input.policy}.` };
  }),
  actions: authenticatedFrom(c.actions).query(async ({ ctx, input }) => {
    const admin = ctx.services.admin;
    return admin.actions(await admin.adminOf(ctx.caller), input);
  }),
});
