import { contract } from '@medrem/contract';
import { authenticatedFrom, publicFrom, router } from '../../trpc/trpc';

const c = contract.twoFactor;

export const twoFactorRouter = router({
  status: authenticatedFrom(c.status).query(({ ctx }) => ctx.services.twoFactor.status(ctx.caller)),
  startSetup: authenticatedFrom(c.startSetup).mutation(({ ctx }) =>
    ctx.services.twoFactor.startSetup(ctx.caller),
  ),
  confirmSetup: authenticatedFrom(c.confirmSetup).mutation(({ ctx, input }) =>
    ctx.services.twoFactor.confirmSetup(ctx.caller, input.code, {
      ip: ctx.ip,
      sessionToken: ctx.session.token,
    }),
  ),
  regenerateRecoveryCodes: authenticatedFrom(c.regenerateRecoveryCodes).mutation(({ ctx, input }) =>
    ctx.services.twoFactor.regenerateRecoveryCodes(ctx.caller, input.code, ctx.ip),
  ),
  disable: authenticatedFrom(c.disable).mutation(async ({ ctx, input }) => {
    await ctx.services.twoFactor.disable(ctx.caller, {
      ...input,
      sessionToken: ctx.session.token,
      ip: ctx.ip,
    });
    return { success: true as const, message: 'Two-step sign-in is off.' };
  }),
  completeSignIn: publicFrom(c.completeSignIn).mutation(async ({ ctx, input }) => {
    const { user, session } = await ctx.services.twoFactor.completeSignIn({ ...input, ip: ctx.ip });
    // The password (or reset link) and a code: recorded as the password sign-in it completes.
    ctx.session.start(session, { userId: user.id, method: 'password' });
    return { user };
  }),
});
