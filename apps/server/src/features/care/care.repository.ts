import type { CarePermissions } from '@medrem/contract';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { careInvitations, careLinks, userSettings, users } from '../../db/schema';
import { inIds } from '../../db/sql-helpers';

export type CareInvitationRow = typeof careInvitations.$inferSelect;
export type CareLinkRow = typeof careLinks.$inferSelect;

/** A caregiver as the patient sees them, or a patient as the caregiver (or the engine) sees them. */
export interface LinkWithPerson extends CareLinkRow {
  name: string;
  email: string;
}

const permissionColumns = (p: CarePermissions) => ({
  canSeeMedicines: p.canSeeMedicines,
  missedDoseAlerts: p.missedDoseAlerts,
  missedDelayMinutes: p.missedDelayMinutes,
  refillAlerts: p.refillAlerts,
});

/**
 * Invitations and care links. Every statement for an id from a request also filters by the caller's
 * side of the link (patient or caregiver), so another user's ids behave as unknown (decision 005).
 */
export class CareRepository {
  constructor(private readonly db: Database) {}

  async insertInvitation(values: {
    id: string;
    patientId: string;
    email: string;
    tokenHash: string;
    permissions: CarePermissions;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<CareInvitationRow> {
    const [row] = await this.db
      .insert(careInvitations)
      .values({
        id: values.id,
        patientId: values.patientId,
        email: values.email,
        tokenHash: values.tokenHash,
        ...permissionColumns(values.permissions),
        expiresAt: values.expiresAt,
        createdAt: values.createdAt,
      })
      .returning();
    if (!row) throw new Error('invitation insert returned nothing');
    return row;
  }

  /** Invitations of the patient neither accepted nor expired, oldest first. */
  async openInvitations(patientId: string, now: Date): Promise<CareInvitationRow[]> {
    return this.db
      .select()
      .from(careInvitations)
      .where(
        and(
          eq(careInvitations.patientId, patientId),
          isNull(careInvitations.acceptedAt),
          gt(careInvitations.expiresAt, now),
        ),
      )
      .orderBy(asc(careInvitations.createdAt));
  }

  /** The invitation a token stands for, with the inviting patient's name; locked when `lock`. */
  async findInvitation(id: string, tokenHash: string, options: { lock?: boolean } = {}) {
    const query = this.db
      .select({ invitation: careInvitations, patientName: users.name })
      .from(careInvitations)
      .innerJoin(users, eq(users.id, careInvitations.patientId))
      .where(and(eq(careInvitations.id, id), eq(careInvitations.tokenHash, tokenHash)));
    const [row] = options.lock ? await query.for('update', { of: careInvitations }) : await query;
    return row;
  }

  /** Marks an invitation used; false when it already was (a second accept racing the first). */
  async consumeInvitation(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(careInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(careInvitations.id, id), isNull(careInvitations.acceptedAt)))
      .returning({ id: careInvitations.id });
    return rows.length === 1;
  }

  async deleteOpenInvitation(patientId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(careInvitations)
      .where(
        and(
          eq(careInvitations.id, id),
          eq(careInvitations.patientId, patientId),
          isNull(careInvitations.acceptedAt),
        ),
      )
      .returning({ id: careInvitations.id });
    return rows.length === 1;
  }

  /** Creates the link; false when it already existed. */
  /**
   * The open invitations to `from` now go to `to`: the person they were meant for confirmed a new
   * address (decision 220). Accepted and expired ones keep the address they were sent to. Email
   * changes are rare, so the scan of this small table (no index on the address) costs little.
   */
  async readdressOpenInvitations(from: string, to: string, now: Date): Promise<number> {
    const moved = await this.db
      .update(careInvitations)
      .set({ email: to })
      .where(
        and(
          eq(careInvitations.email, from),
          isNull(careInvitations.acceptedAt),
          gt(careInvitations.expiresAt, now),
        ),
      )
      .returning({ id: careInvitations.id });
    return moved.length;
  }

  async insertLink(patientId: string, caregiverId: string, permissions: CarePermissions, now: Date) {
    const rows = await this.db
      .insert(careLinks)
      .values({ patientId, caregiverId, ...permissionColumns(permissions), createdAt: now })
      .onConflictDoNothing()
      .returning({ patientId: careLinks.patientId });
    return rows.length === 1;
  }

  async updateLink(patientId: string, caregiverId: string, permissions: CarePermissions): Promise<boolean> {
    const rows = await this.db
      .update(careLinks)
      .set(permissionColumns(permissions))
      .where(and(eq(careLinks.patientId, patientId), eq(careLinks.caregiverId, caregiverId)))
      .returning({ patientId: careLinks.patientId });
    return rows.length === 1;
  }

  async deleteLink(patientId: string, caregiverId: string): Promise<boolean> {
    const rows = await this.db
      .delete(careLinks)
      .where(and(eq(careLinks.patientId, patientId), eq(careLinks.caregiverId, caregiverId)))
      .returning({ patientId: careLinks.patientId });
    return rows.length === 1;
  }

  /** The patient's caregivers, with each caregiver's name and email. */
  async caregiversOf(patientId: string): Promise<LinkWithPerson[]> {
    const rows = await this.db
      .select({ link: careLinks, name: users.name, email: users.email })
      .from(careLinks)
      .innerJoin(users, eq(users.id, careLinks.caregiverId))
      .where(eq(careLinks.patientId, patientId))
      .orderBy(asc(careLinks.createdAt));
    return rows.map((r) => ({ ...r.link, name: r.name, email: r.email }));
  }

  /** The people a caregiver cares for, with each patient's name and email. */
  async patientsOf(caregiverId: string): Promise<LinkWithPerson[]> {
    const rows = await this.db
      .select({ link: careLinks, name: users.name, email: users.email })
      .from(careLinks)
      .innerJoin(users, eq(users.id, careLinks.patientId))
      .where(eq(careLinks.caregiverId, caregiverId))
      .orderBy(asc(users.name));
    return rows.map((r) => ({ ...r.link, name: r.name, email: r.email }));
  }

  /**
   * The engine's read at fire time: every link of these patients, with the patient's name and the
   * caregiver's language and clock (their alerts are written in them, decision 364).
   */
  async linksOfPatients(
    patientIds: string[],
  ): Promise<(LinkWithPerson & { caregiverLocale: string | null; caregiverClock: string | null })[]> {
    if (patientIds.length === 0) return [];
    const rows = await this.db
      .select({
        link: careLinks,
        name: users.name,
        email: users.email,
        caregiverLocale: userSettings.locale,
        caregiverClock: userSettings.clock,
      })
      .from(careLinks)
      .innerJoin(users, eq(users.id, careLinks.patientId))
      .leftJoin(userSettings, eq(userSettings.userId, careLinks.caregiverId))
      .where(inIds(careLinks.patientId, patientIds));
    return rows.map((r) => ({
      ...r.link,
      name: r.name,
      email: r.email,
      caregiverLocale: r.caregiverLocale,
      caregiverClock: r.caregiverClock,
    }));
  }
}
