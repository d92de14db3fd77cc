import type { AsNeededIntake, Medicine, MedicineFields, RefillReminder } from '@medrem/contract';
import { LIMITS } from '@medrem/contract';
import {
  daysBetween,
  isStoppedOn,
  lastCourseDay,
  planOf,
  defaultRefillPills,
  needsRefillSoon,
  supplyAfterRefill,
} from '@medrem/domain';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import { type Caller, assertSelf } from '../auth/caller';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { SettingsService } from '../settings/settings.service';
import { AsNeededRecorder, type AsNeededInput } from './as-needed.recorder';
import type { AsNeededRepository } from './as-needed.repository';
import type { MedicineRepository, MedicineValues, MedicineWithTotals } from './medicine.repository';
import { supplyOf, toMedicine } from './medicine-view';
import {
  MEDICINE_NOT_FOUND,
  type MedicineWriteScope,
  type ScopeOf,
  zonedToday,
} from './medicine-write-scope';
import { recordPlanEdit } from './plan-edit';
import type { RefillRepository } from './refill.repository';
import { scheduledValues } from './scheduled-values';

/** The medicines themselves: their list, edits, supply and refills, and as-needed intakes. */
export class MedicineService {
  constructor(
    private readonly deps: {
      medicines: MedicineRepository;
      asNeeded: AsNeededRepository;
      refills: RefillRepository;
      settings: SettingsService;
      clock: Clock;
      /** As-needed intakes apply once per idempotency key (decision 071). */
      idempotency: IdempotencyService;
      /**
       * Every write and the reminder schedule it changes commit together: a failure while
       * rescheduling answers an error with nothing stored, never an error after the commit.
       */
      transaction: InTransaction<MedicineWriteScope>;
      /** The same scope over a transaction already open (an idempotent write opens its own). */
      scopeOf: ScopeOf;
    },
  ) {}

  private async owned(caller: Caller, id: string): Promise<MedicineWithTotals> {
    const row = await this.deps.medicines.findOwned(id, caller.userId);
    if (!row) throw notFound(MEDICINE_NOT_FOUND);
    return row;
  }

  /** Today's date in the user's saved zone: doses are wall-clock events there. */
  private async today(caller: Caller): Promise<string> {
    return (await this.zoned(caller)).today;
  }

  private zoned(caller: Caller): Promise<{ today: string; timeZone: string }> {
    return zonedToday(this.deps.settings, this.deps.clock, caller);
  }

  /** The stored values of a medicine, with the figures the server derives rather than trusts. */
  private async values(caller: Caller, fields: MedicineFields): Promise<MedicineValues> {
    const { medicineDefaults } = await this.deps.settings.effective(caller.userId);
    return scheduledValues(fields, medicineDefaults.defaultReminderTimes);
  }

  async list(caller: Caller, userEmail: string): Promise<Medicine[]> {
    assertSelf(caller, userEmail);
    const rows = await this.deps.medicines.listForUser(caller.userId);
    const today = await this.today(caller);
    return rows.map((row) => toMedicine(row, caller.email, today));
  }

  async get(caller: Caller, id: string): Promise<Medicine> {
    return toMedicine(await this.owned(caller, id), caller.email, await this.today(caller));
  }

  async create(caller: Caller, input: MedicineFields & { userEmail: string }): Promise<Medicine> {
    assertSelf(caller, input.userEmail);
    const { userEmail: _owner, ...fields } = input;
    const values = await this.values(caller, pickFields(fields));
    const row = await this.deps.transaction(async ({ medicines, planChanges, changes }) => {
      const inserted = await medicines.insert(caller.userId, values);
      // The first entry of its history (decision 314): its plan from its start date.
      await planChanges.restart(inserted.id, inserted.startDate, planOf(inserted, false));
      await changes.userChanged(caller.userId);
      return inserted;
    });
    return this.get(caller, row.id);
  }

  async update(
    caller: Caller,
    input: Omit<MedicineFields, 'dosage' | 'instructions'> & {
      id: string;
      dosage?: string | undefined;
      instructions?: string | undefined;
    },
  ): Promise<Medicine> {
    const current = await this.owned(caller, input.id);
    // The spec's clients send no schedule: left out, the stored one stays.
    const fields: MedicineFields = {
      ...pickFields({
        ...input,
        dosage: input.dosage ?? current.dosage,
        instructions: input.instructions ?? current.instructions,
        schedule: input.schedule === undefined ? current.schedule : input.schedule,
        // Own times left out stay too (decision 212); null returns to the default times.
        doseTimes: input.doseTimes === undefined ? current.doseTimes : input.doseTimes,
        // The spec's clients send no follow-ups: left out, the medicine's own cadence stays (254).
        followUps: input.followUps === undefined ? current.followUps : input.followUps,
      }),
    };
    const values = await this.values(caller, fields);
    const today = await this.today(caller);
    await this.deps.transaction(async ({ medicines, planChanges, changes }) => {
      const changed = await medicines.updateOwned(input.id, caller.userId, values, this.deps.clock.now());
      if (!changed) throw notFound(MEDICINE_NOT_FOUND);
      await recordPlanEdit(planChanges, { current, values: { ...fields, ...values }, today });
      await changes.userChanged(caller.userId);
    });
    return this.get(caller, input.id);
  }

  async delete(caller: Caller, id: string): Promise<{ name: string }> {
    const row = await this.owned(caller, id);
    await this.deps.transaction(async ({ medicines, changes }) => {
      if (!(await medicines.deleteOwned(id, caller.userId))) throw notFound(MEDICINE_NOT_FOUND);
      await changes.userChanged(caller.userId);
    });
    return { name: row.name };
  }

  /**
   * An as-needed dose, judged against its safety limits on the server (decision 120): refused with
   * the time it becomes allowed, or recorded (marked when the user overrides a limit).
   */
  async takeAsNeeded(caller: Caller, input: AsNeededInput): Promise<AsNeededIntake> {
    const row = await this.owned(caller, input.id);
    const { timeZone, today } = await this.zoned(caller);
    // Decision 313: a stopped medicine is not taken; resuming it comes first.
    if (isStoppedOn(row, today)) throw conflict(`${row.name} is stopped: resume it to record a dose.`);
    const recorder = new AsNeededRecorder({
      clock: this.deps.clock,
      idempotency: this.deps.idempotency,
      scopeOf: this.deps.scopeOf,
    });
    return recorder.record(caller, row, timeZone, input);
  }

  /** The as-needed intakes of a medicine from `from` to `to`, local days of the saved zone. */
  async asNeededLog(caller: Caller, id: string, from: string, to: string): Promise<AsNeededIntake[]> {
    if (to < from) throw badRequest('The range must end on or after its start (from ≤ to).');
    if (daysBetween(from, to) + 1 > LIMITS.maxHistoryDays) {
      throw badRequest(`The range can cover at most ${LIMITS.maxHistoryDays} days.`);
    }
    await this.owned(caller, id);
    const { timeZone } = await this.zoned(caller);
    return AsNeededRecorder.log(this.deps.asNeeded, id, from, to, timeZone);
  }

  /**
   * A refill adds the pills bought to what is left (decision 182); without a number, a pack. The
   * refill check runs again in the same transaction, so a supply no longer running low stops its
   * reminder.
   */
  async refill(caller: Caller, id: string, pills: number | undefined): Promise<Medicine> {
    const row = await this.owned(caller, id);
    const { pillsLeft } = supplyOf(row, await this.today(caller));
    const added = pills ?? (await this.packOf([row])).get(id) ?? row.totalPills;
    const totalPills = supplyAfterRefill(pillsLeft, added);
    if (totalPills > LIMITS.maxPills) {
      throw badRequest(`A supply holds at most ${LIMITS.maxPills} pills: ${pillsLeft} are left.`);
    }
    await this.deps.transaction(async ({ refills, changes }) => {
      const supply = { totalPills, takenAtRefill: row.takenTotal, added };
      if (!(await refills.refill(id, caller.userId, supply, this.deps.clock.now()))) {
        throw notFound(MEDICINE_NOT_FOUND);
      }
      await changes.supplyChanged(caller.userId);
    });
    return this.get(caller, id);
  }

  /** The pills a refill of each medicine adds by default: a pack (decision 182). */
  private async packOf(rows: readonly MedicineWithTotals[]): Promise<Map<string, number>> {
    const last = await this.deps.refills.lastRefillPills(rows.map((r) => r.id));
    return new Map(rows.map((r) => [r.id, defaultRefillPills(last.get(r.id), r.totalPills)]));
  }

  /** Medicines still taken (course running, not stopped) and running low (decision 182: one rule). */
  async refillReminders(caller: Caller, userEmail: string): Promise<RefillReminder[]> {
    assertSelf(caller, userEmail);
    const today = await this.today(caller);
    const rows = await this.deps.medicines.listForUser(caller.userId);
    const low = rows
      .filter((row) => lastCourseDay(row) >= today)
      .map((row) => ({ row, supply: supplyOf(row, today) }))
      .filter(({ supply }) => needsRefillSoon(supply));
    const packs = await this.packOf(low.map(({ row }) => row));
    return low.map(({ row, supply }) => ({
      id: row.id,
      name: row.name,
      ...supply,
      packPills: packs.get(row.id) ?? row.totalPills,
    }));
  }
}

/** Only the fields a user may set; anything derived or unknown is dropped. */
function pickFields(input: MedicineFields): MedicineFields {
  return {
    name: input.name,
    dosage: input.dosage,
    frequency: input.frequency,
    startDate: input.startDate,
    durationDays: input.durationDays,
    originalDurationDays: input.originalDurationDays,
    instructions: input.instructions,
    totalPills: input.totalPills,
    pillsPerDose: input.pillsPerDose,
    schedule: input.schedule,
    doseTimes: input.doseTimes,
    followUps: input.followUps,
  };
}
