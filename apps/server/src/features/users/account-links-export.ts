import type { AccountLinksExport } from '@medrem/contract';

interface CarePermissionsRow {
  canSeeMedicines: boolean;
  missedDoseAlerts: boolean;
  missedDelayMinutes: number;
  refillAlerts: boolean;
}
interface CareLinkRow extends CarePermissionsRow {
  name: string;
  email: string;
  createdAt: Date;
}

/** Where the export's account links come from: the passkey, identity, care and feed repositories. */
export interface AccountLinksSources {
  passkeys: {
    listForUser(userId: string): Promise<{ name: string; createdAt: Date; lastUsedAt: Date | null }[]>;
  };
  identities: {
    listForUser(userId: string): Promise<{ provider: string; email: string; createdAt: Date }[]>;
  };
  care: {
    caregiversOf(patientId: string): Promise<CareLinkRow[]>;
    patientsOf(caregiverId: string): Promise<CareLinkRow[]>;
    openInvitations(
      patientId: string,
      now: Date,
    ): Promise<{ email: string; createdAt: Date; expiresAt: Date }[]>;
  };
  calendarFeeds: { findForUser(userId: string): Promise<{ createdAt: Date } | undefined> };
}

const permissionsOf = (row: CarePermissionsRow) => ({
  canSeeMedicines: row.canSeeMedicines,
  missedDoseAlerts: row.missedDoseAlerts,
  missedDelayMinutes: row.missedDelayMinutes,
  refillAlerts: row.refillAlerts,
});

const personOf = (row: CareLinkRow) => ({
  name: row.name,
  email: row.email,
  since: row.createdAt.toISOString(),
  ...permissionsOf(row),
});

/**
 * Decision 352: how the account is reached and who shares it, for the data export. What each thing
 * is and when it was made or used; never a key, a credential id, a token or its hash.
 */
export async function accountLinksExportOf(
  sources: AccountLinksSources,
  userId: string,
  now: Date,
): Promise<AccountLinksExport> {
  const [passkeys, identities, caregivers, caringFor, invitations, feed] = await Promise.all([
    sources.passkeys.listForUser(userId),
    sources.identities.listForUser(userId),
    sources.care.caregiversOf(userId),
    sources.care.patientsOf(userId),
    sources.care.openInvitations(userId, now),
    sources.calendarFeeds.findForUser(userId),
  ]);
  return {
    passkeys: passkeys.map((p) => ({
      name: p.name,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    })),
    signInProviders: identities.map((i) => ({
      provider: i.provider,
      email: i.email,
      linkedAt: i.createdAt.toISOString(),
    })),
    careCircle: {
      caregivers: caregivers.map(personOf),
      caringFor: caringFor.map(personOf),
      openInvitations: invitations.map((i) => ({
        email: i.email,
        sentAt: i.createdAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
      })),
    },
    calendarFeed: { enabled: feed !== undefined, createdAt: feed?.createdAt.toISOString() ?? null },
  };
}
