/** The shapes the engine's rules work on (their own file, so rule files import them without cycles). */
import type { NotificationType } from '@medrem/contract';
import type { DosePostponement, DoseSchedule, FollowUpSettings, TakenOnDate } from '@medrem/domain';
import type { ClockChoice, Locale } from '@medrem/contract/locales';
import type { TextLanguage } from '../../../i18n/server-language';
import type { EffectiveSettings } from '../../settings/effective-settings';
import type { Occurrence, ScheduleSpec } from '../schedule-rules';

/** A schedule row as the engine claimed it. */
export interface DueRow extends ScheduleSpec {
  id: string;
  userId: string;
  occurrenceDate: string;
  fireAt: Date;
  ref: string | null;
}

/** What the engine knows of a medicine when a reminder fires. */
export interface EngineMedicine {
  id: string;
  name: string;
  dosage: string;
  frequency: string;
  startDate: string;
  originalDurationDays: number;
  /** When it was added: no dose before it on its start date is reminded (decision 187). */
  createdAt?: Date | undefined;
  totalPills: number;
  takenTotal: number;
  takenAtLastRefill: number;
  /** A taper's doses by date: each counts its step's pills against the supply. */
  takenByDate?: TakenOnDate[] | undefined;
  pillsPerDose: number;
  dosesPerDay: number;
  schedule: DoseSchedule | null;
  /** Its own times of day (decision 212); null: the default reminder times. */
  doseTimes?: readonly string[] | null | undefined;
  /** Its own follow-up cadence (decision 254); null: the user's default. */
  followUps?: FollowUpSettings | null | undefined;
  /** Stopped from this day (decision 313): no dose, so nothing reminded, from it on. */
  stoppedOn?: string | null | undefined;
}

/** A pack on hand (decision 323): what its expiry reminders are about. */
export interface EnginePack {
  id: string;
  medicineId: string;
  expiresOn: string | null;
  batch: string | null;
}

export interface UserState {
  settings: EffectiveSettings;
  medicines: EngineMedicine[];
  /** Taken flags by `${medicineId}|${date}`. */
  taken: Map<string, string>;
  /**
   * Settled flags (taken or skipped, decision 225) by `${medicineId}|${date}`, only for days with a
   * skip that holds: a skipped dose gets no reminder, follow-up, missed-dose or caregiver alert.
   */
  skipped?: Map<string, string>;
  /**
   * Per slot, the doses postponed to a later time (decision 316) by `${medicineId}|${date}`, only for
   * days with one: reminded by their 'postponed' row at that time, not at the planned one.
   */
  postponed?: Map<string, readonly (DosePostponement | null)[]>;
  /** The user's caregivers (decision 140), read in the firing transaction. */
  care: CareAudience[];
  /** Packs on hand with an expiry (decision 323); absent when the user has none. */
  packs?: EnginePack[];
  /** Measurement reminders (decision 331): read only for a batch with such rows. */
  measure?: MeasureState;
}

/** A user's measurement reminders by id and the latest reading of each type reminded. */
export interface MeasureState {
  reminders: Map<string, { id: string; type: string; label: string; times: string[]; days: number[] | null }>;
  /** Epoch ms of the latest reading, by type. */
  lastReadingAt: Map<string, number>;
}

/** A caregiver of the patient whose row fires. */
export interface CareAudience {
  caregiverId: string;
  patientName: string;
  missedDoseAlerts: boolean;
  missedDelayMinutes: number;
  refillAlerts: boolean;
  /** The caregiver's own language and clock: their alerts are written in them (decision 364). */
  locale?: Locale | null;
  clock?: ClockChoice;
}

/** A dose the push's action buttons act on. */
export interface DoseRef {
  slot: number;
  date: string;
  medicineId?: string;
}

/** A notification to store and push, unless its dedupe key was already used. */
export interface Intent {
  key: string;
  /** The recipient's language, which its words and buttons are in (English when absent). */
  language?: TextLanguage;
  type: NotificationType;
  title: string;
  message: string;
  medicineName: string | null;
  /** Someone else than the row's user (a caregiver); the delivery key is recorded under them. */
  recipientId?: string;
  /** Where the push opens the app ('/' when absent). */
  url?: string;
  /** The notification's tag when not its key: a measurement reminder's follow-ups replace it. */
  tagKey?: string;
  /**
   * Present when the push offers 'Mark as taken' (and 'Snooze 10 min' when snoozable); `count`:
   * the medicines the slot's reminder names ('Take all' above one); `also`: the doses of other rows
   * merged into it (decision 263), which its 'Take all' records too.
   */
  dose?: DoseRef & {
    snoozable: boolean;
    count?: number;
    also?: { medicineId: string; slot: number }[];
  };
  /**
   * A dose's first reminder (or, `followUp`, a follow-up), which shares one notification with the
   * user's other such reminders due at the same instant (decision 263): the local time it is for
   * and its medicines' lines.
   */
  sameMinute?: { localTime: string; lines: string[]; followUp?: true };
  /** The keys of the reminders merged into this one (decision 263), recorded beside `key`. */
  mergedKeys?: string[];
}

export interface RowOutcome {
  intents: Intent[];
  /** Where the row goes next; null removes it. */
  next: (Occurrence & { spec: ScheduleSpec }) | null;
}
