import { contract } from '@medrem/contract';
import { authenticatedFrom, publicFrom, router } from '../../trpc/trpc';

const c = contract.passkey;

export const passkeyRouter = router({
  list: authenticatedFrom(c.list).query(({ ctx }) => ctx.services.passkeys.list(ctx.caller)),
  registrationOptions: authenticatedFrom(c.registrationOptions).mutation(({ ctx }) =>
    ctx.services.passkeys.registrationOptions(ctx.caller, ctx.origin),
  ),
  register: authenticatedFrom(c.register).mutation(({ ctx, input }) =>
    ctx.services.passkeys.register(ctx.caller, ctx.origin, input),
  ),
  signInOptions: publicFrom(c.signInOptions).mutation(({ ctx }) =>
    ctx.services.passkeys.signInOptions(ctx.origin),
  ),
  // The session cookie exactly as a password sign-in sets it (auth.router.ts).
  signIn: publicFrom(c.signIn).mutation(async ({ ctx, input }) => {
    const { user, session } = await ctx.services.passkeys.signIn({
      ...input,
      origin: ctx.origin,
      ip: ctx.ip,
    });
    ctx.session.start(session, { userId: user.id, method: 'passkey' });
    return { user };
  }),
  rename: authenticatedFrom(c.rename).mutation(({ ctx, input }) =>
    ctx.services.passkeys.rename(ctx.caller, input.id, input.name),
  ),
  remove: authenticatedFrom(c.remove).mutation(({ ctx, input }) =>
    ctx.services.passkeys.remove(ctx.caller, input.id),
  ),
});
