import { contract } from '@medrem/contract';
import { authenticatedFrom, router } from '../../trpc/trpc';

const c = contract.care;

export const careRouter = router({
  invite: authenticatedFrom(c.invite).mutation(({ ctx, input }) =>
    ctx.services.care.invite(ctx.caller, input.userEmail, input.email, input.permissions),
  ),
  circle: authenticatedFrom(c.circle).query(({ ctx, input }) =>
    ctx.services.care.circle(ctx.caller, input.userEmail),
  ),
  updateCaregiver: authenticatedFrom(c.updateCaregiver).mutation(({ ctx, input }) =>
    ctx.services.care.updateCaregiver(ctx.caller, input.userEmail, input.caregiverId, input.permissions),
  ),
  removeCaregiver: authenticatedFrom(c.removeCaregiver).mutation(({ ctx, input }) =>
    ctx.services.care.removeCaregiver(ctx.caller, input.userEmail, input.caregiverId),
  ),
  revokeInvitation: authenticatedFrom(c.revokeInvitation).mutation(({ ctx, input }) =>
    ctx.services.care.revokeInvitation(ctx.caller, input.userEmail, input.id),
  ),
  invitation: authenticatedFrom(c.invitation).mutation(({ ctx, input }) =>
    ctx.services.care.invitation(ctx.caller, input.token),
  ),
  accept: authenticatedFrom(c.accept).mutation(({ ctx, input }) =>
    ctx.services.care.accept(ctx.caller, input.token),
  ),
  patients: authenticatedFrom(c.patients).query(({ ctx, input }) =>
    ctx.services.care.patients(ctx.caller, input.userEmail),
  ),
  leave: authenticatedFrom(c.leave).mutation(({ ctx, input }) =>
    ctx.services.care.leave(ctx.caller, input.userEmail, input.patientId),
  ),
});
