import { ERROR_REASONS } from '@medrem/contract';
import { zonedNow, addDays, wallClockInstant } from '@medrem/domain';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { CareRepository } from '../care/care.repository';
import type { SettingsService } from '../settings/settings.service';

/** Whose journal a call reads, in which zone, and whether their medicines may be named. */
export interface JournalOwner {
  userId: string;
  timeZone: string;
  /** The caller's own journal, or a caregiver allowed to see the medicine list. */
  canSeeMedicines: boolean;
  /** The owner's today (their zone). */
  today: string;
}

/**
 * Who may read a journal (decision 303): its owner, and a caregiver of the owner (the care circle
 * shows every caregiver the patient's doses today, so it shows the journal too). A caregiver's
 * medicine permission decides whether medicine names and the adherence line are shown. A personal
 * token never reads another person's journal: the care circle is account-only (decision 267).
 * Someone who is not a caregiver gets the 404 an unknown id gets.
 */
export class JournalAccess {
  constructor(
    private readonly deps: {
      care: Pick<CareRepository, 'patientsOf'>;
      settings: Pick<SettingsService, 'effective'>;
      clock: Clock;
    },
  ) {}

  async reader(caller: Caller, patientId?: string): Promise<JournalOwner> {
    if (patientId === undefined || patientId === caller.userId) return this.owner(caller.userId, true);
    if (caller.scopes !== undefined) {
      throw new AppError(
        'FORBIDDEN',
        'A personal access token cannot read another person’s journal: sign in to the app.',
        ERROR_REASONS.tokenScope,
      );
    }
    const link = (await this.deps.care.patientsOf(caller.userId)).find((l) => l.patientId === patientId);
    if (!link) throw notFound('You are not this person’s caregiver.');
    return this.owner(patientId, link.canSeeMedicines);
  }

  async owner(userId: string, canSeeMedicines = true): Promise<JournalOwner> {
    const { timezone } = await this.deps.settings.effective(userId);
    const today = zonedNow(this.deps.clock.now(), timezone).date;
    return { userId, timeZone: timezone, canSeeMedicines, today };
  }
}

/** The instants a range of the owner's days covers: [from 00:00, the day after `to` 00:00). */
export function instantsOf(from: string, to: string, timeZone: string): { from: Date; until: Date } {
  return {
    from: new Date(wallClockInstant(from, '00:00', timeZone)),
    until: new Date(wallClockInstant(addDays(to, 1), '00:00', timeZone)),
  };
}
