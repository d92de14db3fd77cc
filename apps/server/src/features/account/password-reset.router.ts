import { PASSWORD_RESET_LINK_MINUTES, contract } from '@medrem/contract';
import { publicFrom, router } from '../../trpc/trpc';
import { signInAnswer } from '../auth/second-step-gate';

const c = contract.passwordReset;

export const passwordResetRouter = router({
  request: publicFrom(c.request).mutation(async ({ ctx, input }) => {
    await ctx.services.passwordReset.request({ email: input.email, ip: ctx.ip });
    return {
      success: true as const,
      message: `If an account exists for ${input.email}, we sent it a link to reset the password. It works for ${PASSWORD_RESET_LINK_MINUTES} minutes.`,
    };
  }),
  check: publicFrom(c.check).mutation(async ({ ctx, input }) => ({
    state: await ctx.services.passwordReset.check(input.token),
  })),
  confirm: publicFrom(c.confirm).mutation(async ({ ctx, input }) =>
    signInAnswer(await ctx.services.passwordReset.confirm({ ...input, ip: ctx.ip }), (session, user) =>
      ctx.session.start(session, { userId: user.id, method: 'reset-link' }),
    ),
  ),
});
