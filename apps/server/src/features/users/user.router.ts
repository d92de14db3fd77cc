import { contract } from '@medrem/contract';
import { authenticatedFrom, publicFrom, router } from '../../trpc/trpc';

const c = contract.user;

export const userRouter = router({
  get: authenticatedFrom(c.get).query(async ({ ctx, input }) => ({
    findUser: await ctx.services.users.get(ctx.caller, input.id),
  })),
  update: authenticatedFrom(c.update).mutation(async ({ ctx, input }) => ({
    user: await ctx.services.users.update(ctx.caller, input, ctx.session.token),
    message: 'Profile updated successfully!',
  })),
  deleteAccount: authenticatedFrom(c.deleteAccount).mutation(async ({ ctx, input }) => {
    const proof = { sessionToken: ctx.session.token, ip: ctx.ip };
    await ctx.services.users.deleteAccount(ctx.caller, input, proof, ctx.log);
    ctx.session.end();
    return { success: true as const, message: 'Account deleted successfully' };
  }),
  socialLogin: publicFrom(c.socialLogin).mutation(async ({ ctx, input }) => {
    // The Firebase ID token: in the body, or as the bearer (the spec's body has no field for it).
    // Under the sign-in failure limits (per IP): a refused token counts like a wrong password.
    const { user, session, linkedExistingAccount, securedUnverifiedAccount } =
      await ctx.services.auth.withSignInLimits(undefined, ctx.ip, () =>
        ctx.services.social.signIn.firebaseSignIn({ ...input, idToken: input.idToken ?? ctx.bearerToken }),
      );
    await ctx.services.push.register(
      { userId: user.id, email: user.email },
      user.email,
      input.tokenForNotification,
    );
    ctx.session.start(session, { userId: user.id, method: 'google' });
    return {
      success: true as const,
      message: 'Signed in.',
      user,
      linkedExistingAccount,
      securedUnverifiedAccount,
    };
  }),
  savePushToken: authenticatedFrom(c.savePushToken).mutation(async ({ ctx, input }) => {
    const saved = await ctx.services.push.register(ctx.caller, input.email, input.tokenForNotification);
    return {
      success: true as const,
      message: saved ? 'This device will receive reminders.' : 'No push token given: nothing saved.',
    };
  }),
  export: authenticatedFrom(c.export).query(({ ctx, input }) =>
    ctx.services.users.export(ctx.caller, input.userEmail),
  ),
});
