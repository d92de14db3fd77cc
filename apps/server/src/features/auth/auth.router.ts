import { contract } from '@medrem/contract';
import { authenticatedFrom, publicFrom, router } from '../../trpc/trpc';
import { signInAnswer } from './second-step-gate';

const c = contract.auth;

export const authRouter = router({
  register: publicFrom(c.register).mutation(async ({ ctx, input }) => ({
    message: 'Created' as const,
    user: await ctx.services.auth.register(input),
    verificationRequired: ctx.services.auth.requiresVerifiedEmail,
  })),
  login: publicFrom(c.login).mutation(async ({ ctx, input }) =>
    signInAnswer(await ctx.services.auth.login({ ...input, ip: ctx.ip }), (session, user) =>
      ctx.session.start(session, { userId: user.id, method: 'password' }),
    ),
  ),
  logout: publicFrom(c.logout).mutation(async ({ ctx }) => {
    await ctx.services.auth.logout(ctx.session.token);
    ctx.session.end();
    return { success: true as const, message: 'You have been logged out successfully.' };
  }),
  session: publicFrom(c.session).query(async ({ ctx }) => ({
    user: await ctx.services.auth.sessionUser(ctx.session.token),
  })),
  signOutEverywhere: authenticatedFrom(c.signOutEverywhere).mutation(async ({ ctx }) => {
    await ctx.services.auth.signOutEverywhere(ctx.caller, ctx.session.token);
    return {
      success: true as const,
      message: 'You have been signed out on every other device.',
    };
  }),
  token: publicFrom(c.token).mutation(({ ctx, input }) =>
    ctx.services.auth.issueAccessToken({ ...input, sessionToken: ctx.session.token, ip: ctx.ip }),
  ),
});
