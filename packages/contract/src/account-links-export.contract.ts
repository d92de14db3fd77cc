import { z } from 'zod';
import { timestampSchema } from './primitives';

/**
 * The parts of the data export about how the account is reached and who shares it (decision 352):
 * passkeys, linked sign-in providers, the care circle both ways, and the calendar feed. What each
 * is, never a secret: no public key or credential id, no token or its hash.
 */
const carePermissionsExport = {
  canSeeMedicines: z.boolean(),
  missedDoseAlerts: z.boolean(),
  missedDelayMinutes: z.number().int(),
  refillAlerts: z.boolean(),
};

export const accountLinksExportSchema = z.object({
  passkeys: z
    .array(z.object({ name: z.string(), createdAt: timestampSchema, lastUsedAt: timestampSchema.nullable() }))
    .meta({ description: 'The passkeys that sign in to this account: name and use, never a key.' }),
  signInProviders: z
    .array(z.object({ provider: z.string(), email: z.string(), linkedAt: timestampSchema }))
    .meta({ description: 'Sign-in providers linked to the account (Google, OpenID Connect).' }),
  careCircle: z
    .object({
      caregivers: z.array(
        z.object({ name: z.string(), email: z.string(), since: timestampSchema, ...carePermissionsExport }),
      ),
      caringFor: z.array(
        z.object({ name: z.string(), email: z.string(), since: timestampSchema, ...carePermissionsExport }),
      ),
      openInvitations: z.array(
        z.object({ email: z.string(), sentAt: timestampSchema, expiresAt: timestampSchema }),
      ),
    })
    .meta({
      description:
        'Who cares for this person (with what they may see and be alerted of), whom this person cares for, and invitations not yet accepted.',
    }),
  calendarFeed: z
    .object({ enabled: z.boolean(), createdAt: timestampSchema.nullable() })
    .meta({ description: 'Whether the private calendar feed is on and since when; never its link.' }),
});
export type AccountLinksExport = z.infer<typeof accountLinksExportSchema>;
