import { emailSchema, signupPolicySchema } from '@medrem/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ControlReply } from '../../operations/control-socket';
import { ADMIN_COMMAND } from '../../operations/admin-command';
import { AppError } from '../../lib/app-error';

/** `npm run admin`'s request as this server takes it: every field checked like an API input. */
const requestSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('list'),
    query: z.string().max(254).optional(),
    page: z.number().int().min(1).max(100_000).optional(),
  }),
  z.object({ command: z.enum(['disable', 'enable', 'invite']), email: emailSchema }),
  z.object({ command: z.literal('delete'), email: emailSchema, confirmEmail: emailSchema }),
  z.object({ command: z.literal('signups'), policy: signupPolicySchema.optional() }),
]);

const LIST_PAGE_SIZE = 50;

/**
 * The operator's admin commands over the control socket (decision 285), run by the same admin
 * services as the admin screen, as the actor "operator (CLI)". Addresses are not logged.
 */
export async function adminControl(app: FastifyInstance, command: string): Promise<ControlReply> {
  if (!app.hasDecorator('services'))
    return { header: { ok: false, message: 'the server is still starting' } };
  let parsed: z.infer<typeof requestSchema>;
  try {
    parsed = requestSchema.parse(JSON.parse(command.slice(ADMIN_COMMAND.length)));
  } catch {
    return { header: { ok: false, refused: true, message: 'not a valid admin request' } };
  }
  const { admin, invitations } = app.services;
  const actor = admin.operator();
  app.log.info({ command: parsed.command }, 'admin command from the operator');
  try {
    switch (parsed.command) {
      case 'list': {
        const page = await admin.accounts(actor, {
          query: parsed.query,
          page: parsed.page ?? 1,
          pageSize: LIST_PAGE_SIZE,
        });
        return { header: { ok: true, ...page } };
      }
      case 'disable':
        await admin.disable(actor, await admin.idOf(parsed.email));
        return { header: { ok: true } };
      case 'enable':
        await admin.enable(actor, await admin.idOf(parsed.email));
        return { header: { ok: true } };
      case 'invite':
        await invitations.inviteAsOperator(actor, parsed.email);
        return { header: { ok: true } };
      case 'delete':
        await admin.deleteAccount(actor, await admin.idOf(parsed.email), parsed.confirmEmail);
        return { header: { ok: true } };
      case 'signups':
        if (parsed.policy) await admin.setSignups(actor, parsed.policy);
        return { header: { ok: true, ...(await admin.signups(actor)) } };
    }
  } catch (error) {
    // A refusal in product words (no such account, the typed address differs) is the operator's to act on.
    if (error instanceof AppError) return { header: { ok: false, refused: true, message: error.message } };
    throw error;
  }
}
