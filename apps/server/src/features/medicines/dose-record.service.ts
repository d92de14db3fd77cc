import { LIMITS } from '@medrem/contract';
import { daysBetween, dueFlagsOn, normaliseTaken, parseFrequency, slotCountOn } from '@medrem/domain';
import { badRequest, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Caller } from '../auth/caller';
import type { IdempotencyService, KeyedRequest } from '../idempotency/idempotency.service';
import type { SettingsService } from '../settings/settings.service';
import type { DayWriteRepository } from './day-write.repository';
import type { DoseRecordRepository } from './dose-record.repository';
import { type MergedDay, type StoredDay, applyWholeDay, mergeSlot, sameDay } from './dose-ticks';
import type { MedicineChangeListener } from './medicine-change.port';
import { assertNotFuture, assertScheduled, slotFlags } from './dose-write-rules';
import type { MedicineRepository, MedicineSchedule, MedicineWithTotals } from './medicine.repository';
import { MEDICINE_NOT_FOUND, type ScopeOf, zonedToday } from './medicine-write-scope';

type TakenDay = { date: string; taken: string };

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
type DoseRef = { date: string; slot: number; medicineId?: string | undefined };

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
  ) {}

  /** What a dose write checks of a medicine of the caller's: its schedule (404 if not theirs). */
  private async ownedSchedule(caller: Caller, id: string): Promise<MedicineSchedule> {
    const row = await this.deps.medicines.findOwnedSchedule(id, caller.userId);
    if (!row) throw notFound(MEDICINE_NOT_FOUND);
    return row;
  }

  private zoned(caller: Caller): Promise<{ today: string; timeZone: string }> {
    return zonedToday(this.deps.settings, this.deps.clock, caller);
  }

  /**
   * The flags a dose write may set on a day. The spec's daily medicines keep their rule (every flag
   * of the frequency, any day: history can be recorded outside the course); a schedule's flags are
   * its dose days' only (decision 120).
   */
  private async dueFlags(caller: Caller, row: MedicineSchedule, date: string): Promise<number[]> {
    if (!row.schedule) return parseFrequency(row.frequency);
    const { timeZone } = await this.zoned(caller);
    return dueFlagsOn(row, date, timeZone);
  }

  async getTaken(caller: Caller, id: string, date: string): Promise<TakenDay | null> {
    const found = await this.deps.doses.findOwnedDayFlags(id, caller.userId, date);
    if (!found) throw notFound(MEDICINE_NOT_FOUND);
    if (!found.day) return null;
    const { timeZone } = await this.zoned(caller);
    return {
      date: found.day.date,
      taken: normaliseTaken(found.day.taken, slotCountOn(found.medicine, date, timeZone)),
    };
  }

  /**
   * The spec's whole-day write: one flag per slot, only scheduled slots, never a future day. Each
   * slot whose flag changes is stamped now (decision 070). Applies once per idempotency key.
   */
  async setTaken(caller: Caller, input: WholeDayInput): Promise<TakenDay> {
    return this.dayWrite(
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
    return this.dayWrite(
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
          if (input.taken) assertScheduled(schedule, slotFlags(schedule.length, input.slot));
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
    return this.doseWrite(
      caller,
      'medicine.takeDose',
      { date: dose.date, slot: dose.slot, medicineId: dose.medicineId, ...options },
      {
        check: async () => {
          const rows = await this.scheduledDoses(caller, dose);
          if (rows.length === 0) throw notFound('This dose is no longer scheduled.');
          assertNotFuture(dose.date, (await this.zoned(caller)).today);
          return rows;
        },
        write: async (doses, rows) => {
          // Every medicine of the slot in one transaction: all of them are marked, or none.
          const { timeZone } = await this.zoned(caller);
          for (const row of rows) {
            const slots = slotCountOn(row, dose.date, timeZone);
            const change = { slot: dose.slot, value: 1, at: options.at } as const;
            const now = this.deps.clock.now();
            await doses.changeDay(row.id, dose.date, now, (current) =>
              mergeSlot(current, slots, change, now),
            );
          }
          return rows.map((m) => m.name);
        },
      },
    );
  }

  /**
   * Every dose write goes through here: it applies once per idempotency key (decision 071), and the
   * dose, its key and the refill check it triggers commit in one transaction (decision 047), so no
   * dose write can answer an error after it was stored, nor forget the refill check.
   */
  private async doseWrite<P, T>(
    caller: Caller,
    operation: string,
    request: KeyedRequest,
    steps: { check: () => Promise<P>; write: (doses: DoseRecordRepository, checked: P) => Promise<T> },
  ): Promise<T> {
    const { response } = await this.deps.idempotency.once(caller.userId, operation, request, {
      check: steps.check,
      write: async (tx, checked) => {
        const { doses, changes } = this.deps.scopeOf(tx);
        const result = await steps.write(doses, checked);
        // No dose more or fewer (a replay, the same day sent again): the supply did not move, so
        // there is no refill check to queue.
        if (doses.takenCountsChanged > 0) await changes.supplyChanged(caller.userId);
        return result;
      },
    });
    return response;
  }

  /**
   * A write of one medicine's day (decision 136): the day is read with the ownership check and its
   * row version, merged, and written in one statement with its refill check and its key's answer,
   * only if the row is still the version read. A day changed in between is read and merged again;
   * after a few such races, and for what that statement does not cover (a key taken meanwhile, a
   * keyed write that changes nothing, whose key must still be stored), the locked transaction of
   * doseWrite decides, with the same check and merge.
   */
  private async dayWrite<C, T>(
    caller: Caller,
    operation: string,
    request: KeyedRequest & { id: string; date: string },
    steps: {
      check: (medicine: MedicineSchedule) => Promise<C>;
      merge: (current: StoredDay | undefined, checked: C, now: Date) => { day: MergedDay | null; result: T };
    },
  ): Promise<T> {
    const { id, date } = request;
    const replay = await this.deps.idempotency.replayOf<T>(caller.userId, operation, request);
    if (replay) return replay.response;
    for (let attempt = 0; attempt < UNLOCKED_ATTEMPTS; attempt += 1) {
      const found = await this.deps.doses.findOwnedDay(id, caller.userId, date);
      if (!found) throw notFound(MEDICINE_NOT_FOUND);
      const checked = await steps.check(found.medicine);
      const now = this.deps.clock.now();
      const { day, result } = steps.merge(found.day, checked, now);
      if (!day || sameDay(found.day, day)) {
        // Nothing to write: the answer stands as read, unless a key must be stored with it.
        if (!request.idempotencyKey) return result;
        break;
      }
      const followUps = this.deps.idempotency.claimWith(caller.userId, operation, request, result);
      if (day.takenCount !== (found.day?.count ?? 0)) {
        followUps.push(this.deps.changes.supplyChangedWith(caller.userId));
      }
      const version = found.day?.version ?? null;
      const outcome = await this.deps.days.writeIfUnchanged(
        { medicineId: id, date, version, day, now },
        followUps,
      );
      if (outcome === 'written') return result;
      if (outcome === 'refused') break;
    }
    return this.doseWrite(caller, operation, request, {
      check: async () => steps.check(await this.ownedSchedule(caller, id)),
      write: (doses, checked) => {
        const now = this.deps.clock.now();
        return doses.changeDay(id, date, now, (current) => steps.merge(current, checked, now));
      },
    });
  }

  /** The caller's medicines with a dose in this slot on this day (or the one medicine named). */
  async scheduledDoses(caller: Caller, dose: DoseRef): Promise<MedicineWithTotals[]> {
    const { timeZone } = await this.zoned(caller);
    return (await this.deps.medicines.listForUser(caller.userId)).filter(
      (m) =>
        dueFlagsOn(m, dose.date, timeZone)[dose.slot] === 1 && (!dose.medicineId || m.id === dose.medicineId),
    );
  }

  async history(caller: Caller, id: string, from: string, to: string): Promise<TakenDay[]> {
    if (to < from) throw badRequest('The history range must end on or after its start (from ≤ to).');
    if (daysBetween(from, to) + 1 > LIMITS.maxHistoryDays) {
      throw badRequest(`The history range can cover at most ${LIMITS.maxHistoryDays} days.`);
    }
    const row = await this.ownedSchedule(caller, id);
    const { timeZone } = await this.zoned(caller);
    const entries = await this.deps.doses.doseHistory(id, from, to);
    return entries.map((e) => ({
      date: e.date,
      taken: normaliseTaken(e.taken, slotCountOn(row, e.date, timeZone)),
    }));
  }
}

/** Races on one day a dose write retries without a lock before it takes the day's row lock. */
const UNLOCKED_ATTEMPTS = 3;
