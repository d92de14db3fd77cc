import {
  CARE_INVITATION_DAYS,
  type CaredPersonView,
  type CareInvitationView,
  type CarePermissions,
  type CaregiverView,
} from '@medrem/contract';
import { zonedNow } from '@medrem/domain';
import { randomUUID } from 'node:crypto';
import { textLanguageOf } from '../../i18n/server-language';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Caller, assertSelf } from '../auth/caller';
import type { AsNeededRepository } from '../medicines/as-needed.repository';
import type { DoseRecordRepository } from '../medicines/dose-record.repository';
import type { MedicineRepository } from '../medicines/medicine.repository';
import type { SettingsService } from '../settings/settings.service';
import type { UserRepository } from '../users/user.repository';
import type { MailBrand } from '../mail/mail-layout';
import type { MailOutbox } from '../mail/mail.port';
import { mayMailOthers } from '../account/mail-to-others-rules';
import type { ActivityRecorder } from '../activity/activity.port';
import type { CareChangeListener } from './care-change.port';
import { careInvitationMail } from './care-invitation.mail';
import { todayOf } from './care-status';
import type { CareInvitationRow, CareRepository, LinkWithPerson } from './care.repository';
import { type InvitationTokens, tokenHashOf } from './invitation-tokens';

/** The repository and the engine's listener over one transaction: a change and its alerts commit together. */
export interface CareWriteScope {
  care: CareRepository;
  changes: CareChangeListener;
  /** The invitation mail commits with the invitation (issue 52). */
  mail: MailOutbox;
}

const DAY_MS = 86_400_000;
const INVALID_LINK = 'This invitation link is not valid. Ask for a new one.';

const permissionsOf = (row: CarePermissions): CarePermissions => ({
  canSeeMedicines: row.canSeeMedicines,
  missedDoseAlerts: row.missedDoseAlerts,
  missedDelayMinutes: row.missedDelayMinutes,
  refillAlerts: row.refillAlerts,
});

const invitationView = (row: CareInvitationRow): CareInvitationView => ({
  id: row.id,
  email: row.email,
  expiresAt: row.expiresAt.toISOString(),
  permissions: permissionsOf(row),
});

const caregiverView = (link: LinkWithPerson): CaregiverView => ({
  caregiverId: link.caregiverId,
  name: link.name,
  email: link.email,
  since: link.createdAt.toISOString(),
  permissions: permissionsOf(link),
});

/**
 * The care circle (decision 140): a patient invites caregivers by a signed, expiring, single-use
 * link, chooses per caregiver what they see and when they are alerted, and removes them; a caregiver
 * accepts, reads today's status of the people they care for (never writes) and can leave. Every
 * write that changes who is alerted tells the reminder engine in the same transaction.
 */
export class CareService {
  constructor(
    private readonly deps: {
      care: CareRepository;
      users: UserRepository;
      medicines: MedicineRepository;
      doses: DoseRecordRepository;
      asNeeded: AsNeededRepository;
      settings: SettingsService;
      tokens: InvitationTokens;
      clock: Clock;
      transaction: <T>(work: (scope: CareWriteScope) => Promise<T>) => Promise<T>;
      brand: MailBrand;
      /** Each read of a patient's data goes into the patient's record (issue 57, decision 296). */
      activity: ActivityRecorder;
    },
  ) {}

  async invite(caller: Caller, userEmail: string, email: string, permissions: CarePermissions) {
    assertSelf(caller, userEmail);
    if (email === caller.email) throw badRequest('You cannot invite yourself as your own caregiver.');
    const invitee = await this.deps.users.findByEmail(email);
    if (invitee && (await this.linkOf(caller.userId, invitee.id))) {
      throw conflict(`${email} is already one of your caregivers.`);
    }
    const now = this.deps.clock.now();
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + CARE_INVITATION_DAYS * DAY_MS);
    const token = this.deps.tokens.sign({ invitationId: id, expiresAt });
    const patient = await this.deps.users.findById(caller.userId);
    if (!patient) throw notFound('User not found. Please try logging in again.');
    // Mailed only for a patient whose address is proven (decision 210); the link can be copied anyway.
    const mailed = mayMailOthers(patient);
    // The invitee's language if the address has an account, else the patient's (decision 364).
    const language = mailed
      ? textLanguageOf(await this.deps.settings.effective(invitee?.id ?? patient.id))
      : undefined;
    const row = await this.deps.transaction(async ({ care, mail }) => {
      const inserted = await care.insertInvitation({
        id,
        patientId: caller.userId,
        email,
        tokenHash: tokenHashOf(token),
        permissions,
        expiresAt,
        createdAt: now,
      });
      if (language) {
        const { name, email: patientEmail } = patient;
        const message = { patientId: patient.id, patientName: name, patientEmail, to: email, token };
        await mail.enqueue(careInvitationMail(this.deps.brand, message, language));
      }
      return inserted;
    });
    return { invitation: invitationView(row), token, mailed };
  }

  async circle(caller: Caller, userEmail: string) {
    assertSelf(caller, userEmail);
    const [links, invitations] = await Promise.all([
      this.deps.care.caregiversOf(caller.userId),
      this.deps.care.openInvitations(caller.userId, this.deps.clock.now()),
    ]);
    return { caregivers: links.map(caregiverView), invitations: invitations.map(invitationView) };
  }

  async updateCaregiver(
    caller: Caller,
    userEmail: string,
    caregiverId: string,
    permissions: CarePermissions,
  ) {
    assertSelf(caller, userEmail);
    await this.deps.transaction(async ({ care, changes }) => {
      if (!(await care.updateLink(caller.userId, caregiverId, permissions))) throw noSuchCaregiver();
      await changes.careChanged(caller.userId);
    });
    const link = await this.linkOf(caller.userId, caregiverId);
    if (!link) throw noSuchCaregiver();
    return { caregiver: caregiverView(link) };
  }

  async removeCaregiver(caller: Caller, userEmail: string, caregiverId: string) {
    assertSelf(caller, userEmail);
    await this.deps.transaction(async ({ care, changes }) => {
      if (!(await care.deleteLink(caller.userId, caregiverId))) throw noSuchCaregiver();
      await changes.careChanged(caller.userId);
    });
    return { success: true as const, message: 'Caregiver removed. They no longer see your doses.' };
  }

  async revokeInvitation(caller: Caller, userEmail: string, id: string) {
    assertSelf(caller, userEmail);
    if (!(await this.deps.care.deleteOpenInvitation(caller.userId, id))) {
      throw notFound('No open invitation with this id.');
    }
    return { success: true as const, message: 'Invitation withdrawn: its link no longer works.' };
  }

  /** Who invites the caller: read before accepting, and refused for the same reasons accepting is. */
  async invitation(caller: Caller, token: string) {
    const { invitation, patientName } = await this.usableInvitation(caller, token, this.deps.care);
    return { patientName, email: invitation.email, expiresAt: invitation.expiresAt.toISOString() };
  }

  /**
   * Accepts an invitation: the link is consumed and the care link made in one transaction, with the
   * invitation row locked, so of two accepts at once exactly one succeeds.
   */
  async accept(caller: Caller, token: string) {
    const now = this.deps.clock.now();
    return this.deps.transaction(async ({ care, changes }) => {
      const { invitation, patientName } = await this.usableInvitation(caller, token, care, true);
      if (invitation.patientId === caller.userId) {
        throw conflict('This is your own invitation: send the link to the person who will care for you.');
      }
      if (!(await care.consumeInvitation(invitation.id, now))) throw usedInvitation();
      if (!(await care.insertLink(invitation.patientId, caller.userId, permissionsOf(invitation), now))) {
        // Thrown, so the transaction rolls back and the link stays unused.
        throw conflict(`You already care for ${patientName}.`);
      }
      await changes.careChanged(invitation.patientId);
      return { patientId: invitation.patientId, patientName };
    });
  }

  /** The people the caller cares for, each with today's status in their own time zone. */
  async patients(caller: Caller, userEmail: string): Promise<{ patients: CaredPersonView[] }> {
    assertSelf(caller, userEmail);
    const links = await this.deps.care.patientsOf(caller.userId);
    const patients = await Promise.all(links.map((link) => this.personOf(link)));
    if (links.length > 0) await this.recordReads(caller, patients);
    return { patients };
  }

  async leave(caller: Caller, userEmail: string, patientId: string) {
    assertSelf(caller, userEmail);
    await this.deps.transaction(async ({ care, changes }) => {
      if (!(await care.deleteLink(patientId, caller.userId))) {
        throw notFound('You are not this person’s caregiver.');
      }
      await changes.careChanged(patientId);
    });
    return { success: true as const, message: 'You no longer care for this person.' };
  }

  /**
   * Tells each patient what their caregiver just saw: today's doses, and the medicines when allowed.
   * Coalesced by the recorder (one entry per caregiver and kind of read each 10 minutes).
   */
  private async recordReads(caller: Caller, patients: CaredPersonView[]): Promise<void> {
    const name = (await this.deps.users.findById(caller.userId))?.name ?? '';
    for (const patient of patients) {
      this.deps.activity.record({
        userId: patient.patientId,
        kind: 'care-read',
        actorUserId: caller.userId,
        detail: {
          what: patient.medicines ? 'today-doses-and-medicines' : 'today-doses',
          caregiver: { name, email: caller.email },
        },
      });
    }
  }

  private async personOf(link: LinkWithPerson): Promise<CaredPersonView> {
    const settings = await this.deps.settings.effective(link.patientId);
    const now = zonedNow(this.deps.clock.now(), settings.timezone);
    const medicines = await this.deps.medicines.listForUser(link.patientId);
    const taken = await this.deps.doses.takenOn(
      medicines.map((m) => m.id),
      [now.date],
    );
    const intakes = await this.deps.asNeeded.allAsNeeded(
      medicines.filter((m) => m.schedule?.kind === 'asNeeded').map((m) => m.id),
    );
    const status = todayOf(medicines, new Map(taken.map((t) => [t.medicineId, t.taken])), now, {
      timezone: settings.timezone,
      defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
      intakes,
    });
    return {
      patientId: link.patientId,
      name: link.name,
      canSeeMedicines: link.canSeeMedicines,
      today: status.today,
      // Adherence only: the medicine list is not sent at all, not merely hidden by the screen.
      medicines: link.canSeeMedicines ? status.medicines : null,
    };
  }

  private async linkOf(patientId: string, caregiverId: string) {
    return (await this.deps.care.caregiversOf(patientId)).find((l) => l.caregiverId === caregiverId);
  }

  /**
   * The invitation a token stands for, if the caller may use it now. In this order, so each refusal
   * says what is wrong: not a token of ours or withdrawn (404), used or expired (409), for another
   * email (403).
   */
  private async usableInvitation(caller: Caller, token: string, care: CareRepository, lock = false) {
    const claims = this.deps.tokens.verify(token);
    if (!claims) throw notFound(INVALID_LINK);
    const found = await care.findInvitation(claims.invitationId, tokenHashOf(token), { lock });
    if (!found) throw notFound(INVALID_LINK);
    const { invitation, patientName } = found;
    if (invitation.acceptedAt) throw usedInvitation();
    if (invitation.expiresAt.getTime() <= this.deps.clock.now().getTime()) {
      throw conflict(`This invitation from ${patientName} has expired. Ask them for a new link.`);
    }
    if (invitation.email !== caller.email) {
      throw forbidden(
        `This invitation is for ${invitation.email}. Sign in with that account to accept it, or ask ${patientName} to invite ${caller.email}.`,
      );
    }
    return { invitation, patientName };
  }
}

const noSuchCaregiver = (): AppError => notFound('No caregiver of yours with this id.');
const usedInvitation = (): AppError =>
  conflict('This invitation was already used. Ask for a new link if you need one.');
