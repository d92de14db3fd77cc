import { z } from 'zod';
import { defineProcedure } from './define-procedure';

/**
 * What the public health answer says of mail (decision 221): how it leaves, or that it does not.
 * Coarse on purpose: no counts, no addresses, nothing an operator would not show a stranger.
 */
export const MAIL_HEALTH_STATES = ['smtp', 'files', 'failing'] as const;
export type MailHealth = (typeof MAIL_HEALTH_STATES)[number];

export const systemContract = {
  health: defineProcedure({
    method: 'GET',
    path: '/api/health',
    tag: 'system',
    summary: 'Liveness: ok once migrations have run; how mail leaves',
    description:
      '`mail`: `smtp` (sent over SMTP_URL), `files` (written to DATA_DIR/mail/, not delivered) or `failing` (the oldest message not yet sent has waited 15 minutes or more). Looked at once a minute; the status stays ok (a restart does not mend mail).',
    access: 'public',
    probe: true,
    input: z.object({}).optional(),
    output: z.object({ status: z.literal('ok'), mail: z.enum(MAIL_HEALTH_STATES) }),
  }),
};
