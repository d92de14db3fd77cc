import { contract } from '@medrem/contract';
import { authenticatedFrom, publicFrom, router } from '../../trpc/trpc';

const c = contract.signups;

export const signupsRouter = router({
  policy: publicFrom(c.policy).query(async ({ ctx }) => ({
    policy: (await ctx.services.signups.current()).policy,
  })),
  roles: authenticatedFrom(c.roles).query(({ ctx }) => ctx.services.admin.roles(ctx.caller)),
  invite: authenticatedFrom(c.invite).mutation(async ({ ctx, input }) => {
    await ctx.services.invitations.invite(ctx.caller, input.email, ctx.ip);
    return {
      success: true as const,
      message: `If ${input.email} has no account yet, an invitation is on its way.`,
    };
  }),
});
