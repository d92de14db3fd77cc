import { contract } from '@medrem/contract';
import { authenticatedFrom, publicFrom, router } from '../../trpc/trpc';

const c = contract.email;

export const emailRouter = router({
  resendVerification: publicFrom(c.resendVerification).mutation(async ({ ctx, input }) => {
    await ctx.services.emailVerification.resend(input.email, ctx.ip);
    return {
      success: true as const,
      message: `If ${input.email} has an account still to verify, a new link is on its way. Check the mailbox (and its spam folder).`,
    };
  }),
  verify: publicFrom(c.verify).mutation(async ({ ctx, input }) => {
    const { email } = await ctx.services.emailVerification.verify(input.token);
    return { success: true as const, message: `Thank you: ${email} is verified.`, email };
  }),
  requestChange: authenticatedFrom(c.requestChange).mutation(async ({ ctx, input }) => {
    const proof = { sessionToken: ctx.session.token, ip: ctx.ip };
    await ctx.services.emailChange.request(ctx.caller, input, proof);
    return {
      success: true as const,
      message: `We sent a link to ${input.newEmail}. Your address changes when you open it; until then you sign in with ${ctx.caller.email}.`,
    };
  }),
  confirmChange: publicFrom(c.confirmChange).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.emailChange.confirm(input.token);
    return { success: true as const, message: `Your address is now ${user.email}.`, user };
  }),
});
