import { LIMITS } from '@medrem/contract';
import { daysBetween, dueFlagsOn, isStoppedOn, parseFrequency, slotCountOn, zonedNow } from '@medrem/domain';
import { badRequest, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Caller } from '../auth/caller';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { SettingsService } from '../settings/settings.service';
import type { DayWriteRepository } from './day-write.repository';
import { DayWriter } from './day-writer';
import type { DoseRecordRepository } from './dose-record.repository';
import { applyWholeDay, correctTakenAt, mergeSlot } from './dose-ticks';
import {
  type DoseTiming,
  type TakenDay,
  assertCorrectionInBounds,
  assertTakeable,
  pressInstant,
  takenDayOf,
} from './dose-timing-rules';
import type { MedicineChangeListener } from './medicine-change.port';
import { type NamedDoseRef, dosesToTake, namedDosesIn, statesOfNamed } from './named-doses';
import { assertNotFuture, assertScheduled, slotFlags } from './dose-write-rules';
import type { MedicineRepository, MedicineSchedule, MedicineWithTotals } from './medicine.repository';
import { MEDICINE_NOT_FOUND, type ScopeOf, zonedToday } from './medicine-write-scope';

export interface WholeDayInput {
  id: string;
  date: string;
  taken: string;
  idempotencyKey?: string | undefined;
}

export interface DoseTickInput {
  id: string;
  date: string;
  slot: number;
  taken: boolean;
  /** When the user made the change on their device (an offline tick syncs later). */
  tickedAt?: string | undefined;
  idempotencyKey?: string | undefined;
}
/** One dose slot of one day; `medicineId` narrows it to one medicine (a missed-dose alert). */
type DoseRef = NamedDoseRef;

/** The doses of scheduled medicines: each day's taken flags, read and written by one set of rules. */
export class DoseRecordService {
  constructor(
    private readonly deps: {
      medicines: MedicineRepository;
      doses: DoseRecordRepository;
      settings: SettingsService;
      clock: Clock;
      /** Dose writes apply once per idempotency key (decision 071). */
      idempotency: IdempotencyService;
      /** The write scope over a transaction already open (an idempotent write opens its own). */
      scopeOf: ScopeOf;
      /** A day's dose write in one statement, without a transaction (decision 136). */
      days: DayWriteRepository;
      /** What that statement also writes when a dose changes the supply (the refill check). */
      changes: MedicineChangeListener;
    },
  ) {
    this.writer = new DayWriter({ ...deps, ownedSchedule: (caller, id) => this.ownedSchedule(caller, id) });
  }

  /** How a dose write reaches the database (once per key, one statement or a locked transaction). */
  private readonly writer: DayWriter;

  /** What a dose write checks of a medicine of the caller's: its schedule (404 if not theirs). */
  private async ownedSchedule(caller: Caller, id: string): Promise<MedicineSchedule> {
    const row = await this.deps.medicines.findOwnedSchedule(id, caller.userId);
    if (!row) throw notFound(MEDICINE_NOT_FOUND);
    return row;
  }

  private zoned(caller: Caller): Promise<{ today: string; timeZone: string }> {
    return zonedToday(this.deps.settings, this.deps.clock, caller);
  }

  /** The user's times, zone and take-early window, and now: what the timing rules read. */
  private async timing(caller: Caller): Promise<DoseTiming & { today: string }> {
    const { timezone, medicineDefaults } = await this.deps.settings.effective(caller.userId);
    const now = this.deps.clock.now();
    return {
      timeZone: timezone,
      defaultReminderTimes: medicineDefaults.defaultReminderTimes,
      takeEarlyMinutes: medicineDefaults.takeEarlyMinutes,
      now,
      today: zonedNow(now, timezone).date,
    };
  }

  /** Decision 190: each dose of `flags` set taken on `date` must be inside its take-early window. */
  private async assertTakeable(
    caller: Caller,
    row: MedicineSchedule,
    dose: { date: string; flags: readonly number[]; at?: string | undefined },
  ): Promise<void> {
    const timing = await this.timing(caller);
    if (dose.date < timing.today) return;
    const pressedAt = pressInstant(dose.at, timing.now);
    dose.flags.forEach((flag, slot) => {
      if (flag === 1) assertTakeable(row, { date: dose.date, slot, pressedAt }, timing);
    });
  }

  /**
   * The flags a dose write may set on a day. The spec's daily medicines keep their rule (every flag
   * of the frequency, any day: history can be recorded outside the course); a schedule's flags are
   * its dose days' only (decision 120). A stopped medicine has none from its stop on (313).
   */
  private async dueFlags(caller: Caller, row: MedicineSchedule, date: string): Promise<number[]> {
    if (isStoppedOn(row, date)) return parseFrequency(row.frequency).map(() => 0);
    if (!row.schedule) return parseFrequency(row.frequency);
    const { timeZone } = await this.zoned(caller);
    return dueFlagsOn(row, date, timeZone);
  }

  async getTaken(caller: Caller, id: string, date: string): Promise<TakenDay | null> {
    const found = await this.deps.doses.findOwnedDayFlags(id, caller.userId, date);
    if (!found) throw notFound(MEDICINE_NOT_FOUND);
    if (!found.day) return null;
    const { timeZone } = await this.zoned(caller);
    return takenDayOf(found.day.date, found.day, slotCountOn(found.medicine, date, timeZone));
  }

  /**
   * The spec's whole-day write: one flag per slot, only scheduled slots, never a future day. Each
   * slot whose flag changes is stamped now (decision 070). Applies once per idempotency key.
   */
  async setTaken(caller: Caller, input: WholeDayInput): Promise<TakenDay> {
    return this.writer.day(
      caller,
      'medicine.setTaken',
      { ...input },
      {
        check: async (row) => {
          assertNotFuture(input.date, (await this.zoned(caller)).today);
          const schedule = await this.dueFlags(caller, row, input.date);
          const flags = input.taken.split('-').map(Number);
          if (flags.length !== schedule.length) {
            throw badRequest(
              `Taken must have one flag per dose slot (${schedule.length}), e.g. ${schedule.map(() => 0).join('-')}.`,
            );
          }
          // The spec's whole-day write records a day as its clients saw it (back-filling included):
          // its flags are not judged by the take-early window; the tick and the button are.
          assertScheduled(schedule, flags);
        },
        merge: (current, _checked, now) => ({
          day: applyWholeDay(current, input.taken, now.getTime()),
          result: { date: input.date, taken: input.taken },
        }),
      },
    );
  }

  /**
   * One dose of one medicine taken or not: the dashboard's tick and its offline replay. The same
   * rules as every dose write (never a future day, only scheduled slots); for one medicine, day and
   * slot the change made last (`tickedAt`) wins, so an older change is not applied (applied: false)
   * and the day as it stands is returned (decision 070). Applies once per idempotency key.
   */
  async tickDose(caller: Caller, input: DoseTickInput): Promise<{ takenDay: TakenDay; applied: boolean }> {
    const change = { slot: input.slot, value: input.taken ? 1 : 0, at: input.tickedAt } as const;
    return this.writer.day(
      caller,
      'medicine.tickDose',
      { ...input },
      {
        check: async (row) => {
          assertNotFuture(input.date, (await this.zoned(caller)).today);
          const schedule = await this.dueFlags(caller, row, input.date);
          if (input.slot >= schedule.length) {
            throw badRequest(
              `This medicine has ${schedule.length} dose slots (slot 0 to ${schedule.length - 1}).`,
            );
          }
          if (input.taken) {
            const flags = slotFlags(schedule.length, input.slot);
            assertScheduled(schedule, flags);
            await this.assertTakeable(caller, row, { date: input.date, flags, at: input.tickedAt });
          }
          return schedule.length;
        },
        merge: (current, slots, now) => {
          const { day, result } = mergeSlot(current, slots, change, now);
          return {
            day,
            result: { takenDay: { date: input.date, taken: result.taken }, applied: result.applied },
          };
        },
      },
    );
  }

  /**
   * 'Mark as taken' for one dose slot (a notification's button, also when pressed offline and sent
   * later with `at`): the dose of every medicine scheduled in that slot that day, or of the one
   * medicine named. The same rules and the same write as a tick on the dashboard (`mergeSlot`);
   * each day's other flags are kept as they are. Applies once per idempotency key. Returns the
   * names of the medicines marked.
   */
  async takeDose(
    caller: Caller,
    dose: DoseRef,
    options: { at?: string | undefined; idempotencyKey?: string | undefined } = {},
  ): Promise<string[]> {
    const { date, slot, medicineId, also } = dose;
    return this.writer.once(
      caller,
      'medicine.takeDose',
      { date, slot, medicineId, ...(also?.length ? { also } : {}), ...options },
      {
        check: async () => {
          const named = await this.namedDoses(caller, dose);
          if (named.length === 0) throw notFound('This dose is no longer scheduled.');
          assertNotFuture(date, (await this.zoned(caller)).today);
          for (const { row, slot: at } of named) {
            await this.assertTakeable(caller, row, { date, flags: slotFlags(at + 1, at), at: options.at });
          }
          const stateOf = await statesOfNamed(named, date, (ids, d, at) =>
            this.deps.doses.slotStates(ids, d, at),
          );
          return dosesToTake(named, stateOf);
        },
        write: async (doses, named) => {
          // Every dose the reminder names ('Take all', decision 263) in one transaction: all or none.
          const { timeZone } = await this.zoned(caller);
          for (const { row, slot: at } of named) {
            const slots = slotCountOn(row, date, timeZone);
            const change = { slot: at, value: 1, at: options.at } as const;
            const now = this.deps.clock.now();
            await doses.changeDay(row.id, date, now, (current) => mergeSlot(current, slots, change, now));
          }
          return named.map((n) => n.row.name);
        },
      },
    );
  }

  /**
   * Decision 191: "taken at…", the user's correction of when a taken dose was taken. Only that
   * dose's instant changes (never the stamp that decides which offline change wins, decision 070);
   * refused for a dose not taken and for a time out of bounds (assertCorrectionInBounds).
   */
  async correctTakenAt(
    caller: Caller,
    input: { id: string; date: string; slot: number; takenAt: string },
  ): Promise<TakenDay> {
    const at = Date.parse(input.takenAt);
    return this.writer.day(caller, 'medicine.correctTakenAt', input, {
      check: async (row) => {
        const timing = await this.timing(caller);
        assertCorrectionInBounds(input.date, at, timing);
        return slotCountOn(row, input.date, timing.timeZone);
      },
      merge: (current, slots) => {
        const day = correctTakenAt(current, slots, input.slot, at);
        if (!day) throw badRequest('Only a dose marked taken has a time it was taken to correct.');
        return { day, result: takenDayOf(input.date, day, slots) };
      },
    });
  }

  /**
   * The caller's medicines with a dose in this slot on this day: the one medicine named, or every
   * medicine on the default times (the slot's reminder lists only those; a medicine timed on its
   * own has its own reminder, decision 212, so its slot index is not this time of day).
   */
  async scheduledDoses(caller: Caller, dose: DoseRef): Promise<MedicineWithTotals[]> {
    return (await this.namedDoses(caller, { ...dose, also: undefined })).map((n) => n.row);
  }

  /** The medicines and slots a reminder names (named-doses.ts), read once. */
  async namedDoses(caller: Caller, dose: DoseRef): Promise<{ row: MedicineWithTotals; slot: number }[]> {
    const { timeZone } = await this.zoned(caller);
    return namedDosesIn(await this.deps.medicines.listForUser(caller.userId), dose, timeZone);
  }

  /** Each medicine's (from scheduledDoses) dose in `slot` on `date`: taken, or skipped (decision 259). */
  slotStates(medicineIds: string[], date: string, slot: number) {
    return this.deps.doses.slotStates(medicineIds, date, slot);
  }

  async history(caller: Caller, id: string, from: string, to: string): Promise<TakenDay[]> {
    if (to < from) throw badRequest('The history range must end on or after its start (from ≤ to).');
    if (daysBetween(from, to) + 1 > LIMITS.maxHistoryDays) {
      throw badRequest(`The history range can cover at most ${LIMITS.maxHistoryDays} days.`);
    }
    const row = await this.ownedSchedule(caller, id);
    const { timeZone } = await this.zoned(caller);
    const entries = await this.deps.doses.doseHistory(id, from, to);
    return entries.map((e) => takenDayOf(e.date, e, slotCountOn(row, e.date, timeZone)));
  }
}
