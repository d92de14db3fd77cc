import { contract } from '@medrem/contract';
import { authenticatedFrom, publicFrom, router } from '../../../trpc/trpc';

const c = contract.social;

export const socialRouter = router({
  providers: publicFrom(c.providers).query(({ ctx }) => ctx.services.social.signIn.providers()),
  signInMethods: authenticatedFrom(c.signInMethods).query(({ ctx, input }) =>
    ctx.services.social.methods.list(ctx.caller, input.userEmail),
  ),
  unlink: authenticatedFrom(c.unlink).mutation(async ({ ctx, input }) => {
    await ctx.services.social.methods.unlink(ctx.caller, input.userEmail, input.provider, ctx.log);
    return { success: true as const, message: 'Unlinked. You can no longer sign in that way.' };
  }),
});
