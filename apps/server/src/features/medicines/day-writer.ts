import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import type { IdempotencyService, KeyedRequest } from '../idempotency/idempotency.service';
import type { DayWriteRepository } from './day-write.repository';
import type { DoseRecordRepository } from './dose-record.repository';
import { type MergedDay, type StoredDay, sameDay } from './dose-ticks';
import type { MedicineChangeListener } from './medicine-change.port';
import type { MedicineSchedule } from './medicine.repository';
import { MEDICINE_NOT_FOUND, type ScopeOf } from './medicine-write-scope';

/** Races on one day a dose write retries without a lock before it takes the day's row lock. */
const UNLOCKED_ATTEMPTS = 3;

/**
 * How a dose write reaches the database, apart from the rules of what it may write (DoseRecordService):
 * once per idempotency key, in one transaction with its refill check (decision 047), or as one
 * statement without a lock (decision 136).
 */
export class DayWriter {
  constructor(
    private readonly deps: {
      doses: DoseRecordRepository;
      clock: Clock;
      /** Dose writes apply once per idempotency key (decision 071). */
      idempotency: IdempotencyService;
      /** The write scope over a transaction already open (an idempotent write opens its own). */
      scopeOf: ScopeOf;
      /** A day's dose write in one statement, without a transaction (decision 136). */
      days: DayWriteRepository;
      /** What that statement also writes when a dose changes the supply (the refill check). */
      changes: MedicineChangeListener;
      /** A medicine of the caller's, its schedule (404 if not theirs). */
      ownedSchedule: (caller: Caller, id: string) => Promise<MedicineSchedule>;
    },
  ) {}

  /**
   * Every dose write goes through here: it applies once per idempotency key (decision 071), and the
   * dose, its key and the refill check it triggers commit in one transaction (decision 047), so no
   * dose write can answer an error after it was stored, nor forget the refill check.
   */
  async once<P, T>(
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
   * `once` decides, with the same check and merge.
   */
  async day<C, T>(
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
    return this.once(caller, operation, request, {
      check: async () => steps.check(await this.deps.ownedSchedule(caller, id)),
      write: (doses, checked) => {
        const now = this.deps.clock.now();
        return doses.changeDay(id, date, now, (current) => steps.merge(current, checked, now));
      },
    });
  }
}
