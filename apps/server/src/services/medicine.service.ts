import type { Medicine, MedicineFields, RefillReminder } from '@medrem/contract';
import { LIMITS } from '@medrem/contract';
import {
  courseEndDate,
  daysBetween,
  deriveMedicineFigures,
  needsRefillSoon,
  normaliseTaken,
  parseFrequency,
  slotsWithoutTime,
  zonedNow,
} from '@medrem/domain';
import { badRequest, notFound } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { ReminderHooks } from '../reminders/scheduler';
import type {
  MedicineRepository,
  MedicineValues,
  MedicineWithTotals,
} from '../repositories/medicine.repository';
import { type Caller, assertSelf } from './caller';
import { supplyOf, toMedicine } from './medicine-view';
import type { SettingsService } from './settings.service';

const MEDICINE_NOT_FOUND = 'Medicine not found.';

type TakenDay = { date: string; taken: string };

export class MedicineService {
  constructor(
    private readonly deps: {
      medicines: MedicineRepository;
      settings: SettingsService;
      clock: Clock;
      /** Makes edits, deletes and ticks take effect on pending reminders at once. */
      reminders?: ReminderHooks;
    },
  ) {}

  private async owned(caller: Caller, id: string): Promise<MedicineWithTotals> {
    const row = await this.deps.medicines.findOwned(id, caller.userId);
    if (!row) throw notFound(MEDICINE_NOT_FOUND);
    return row;
  }

  /** Today's date in the user's saved zone: doses are wall-clock events there. */
  private async today(caller: Caller): Promise<string> {
    const { timezone } = await this.deps.settings.effective(caller.userId);
    return zonedNow(this.deps.clock.now(), timezone).date;
  }

  /** The stored values of a medicine, with the figures the server derives rather than trusts. */
  private async values(caller: Caller, fields: MedicineFields): Promise<MedicineValues> {
    const { medicineDefaults } = await this.deps.settings.effective(caller.userId);
    const times = medicineDefaults.defaultReminderTimes;
    const missing = slotsWithoutTime(fields.frequency, times);
    if (missing.length > 0) {
      throw badRequest(
        `The frequency has a dose in slot ${missing[0]! + 1}, but only ${times.length} default reminder times are set. Add a time in Settings first.`,
      );
    }
    return { ...fields, ...deriveMedicineFigures({ ...fields, defaultReminderTimes: times }) };
  }

  async list(caller: Caller, userEmail: string): Promise<Medicine[]> {
    assertSelf(caller, userEmail);
    const rows = await this.deps.medicines.listForUser(caller.userId);
    return rows.map((row) => toMedicine(row, caller.email));
  }

  async get(caller: Caller, id: string): Promise<Medicine> {
    return toMedicine(await this.owned(caller, id), caller.email);
  }

  async create(caller: Caller, input: MedicineFields & { userEmail: string }): Promise<Medicine> {
    assertSelf(caller, input.userEmail);
    const { userEmail: _owner, ...fields } = input;
    const row = await this.deps.medicines.insert(
      caller.userId,
      await this.values(caller, pickFields(fields)),
    );
    await this.deps.reminders?.userChanged(caller.userId);
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
    const fields: MedicineFields = {
      ...pickFields({
        ...input,
        dosage: input.dosage ?? current.dosage,
        instructions: input.instructions ?? current.instructions,
      }),
    };
    const changed = await this.deps.medicines.updateOwned(
      input.id,
      caller.userId,
      await this.values(caller, fields),
      this.deps.clock.now(),
    );
    if (!changed) throw notFound(MEDICINE_NOT_FOUND);
    await this.deps.reminders?.userChanged(caller.userId);
    return this.get(caller, input.id);
  }

  async delete(caller: Caller, id: string): Promise<{ name: string }> {
    const row = await this.owned(caller, id);
    if (!(await this.deps.medicines.deleteOwned(id, caller.userId))) throw notFound(MEDICINE_NOT_FOUND);
    await this.deps.reminders?.userChanged(caller.userId);
    return { name: row.name };
  }

  async getTaken(caller: Caller, id: string, date: string): Promise<TakenDay | null> {
    const row = await this.owned(caller, id);
    const dose = await this.deps.medicines.findDose(id, date);
    if (!dose) return null;
    return { date: dose.date, taken: normaliseTaken(dose.taken, parseFrequency(row.frequency).length) };
  }

  async history(caller: Caller, id: string, from: string, to: string): Promise<TakenDay[]> {
    if (to < from) throw badRequest('The history range must end on or after its start (from ≤ to).');
    if (daysBetween(from, to) + 1 > LIMITS.maxHistoryDays) {
      throw badRequest(`The history range can cover at most ${LIMITS.maxHistoryDays} days.`);
    }
    const row = await this.owned(caller, id);
    const slots = parseFrequency(row.frequency).length;
    const entries = await this.deps.medicines.doseHistory(id, from, to);
    return entries.map((e) => ({ date: e.date, taken: normaliseTaken(e.taken, slots) }));
  }

  async refill(caller: Caller, id: string, pills: number | undefined): Promise<Medicine> {
    const row = await this.owned(caller, id);
    const refilled = await this.deps.medicines.refill(
      id,
      caller.userId,
      pills ?? row.totalPills,
      this.deps.clock.now(),
    );
    if (!refilled) throw notFound(MEDICINE_NOT_FOUND);
    return this.get(caller, id);
  }

  /** Medicines whose course still runs and whose supply lasts 7 days or fewer. */
  async refillReminders(caller: Caller, userEmail: string): Promise<RefillReminder[]> {
    assertSelf(caller, userEmail);
    const today = await this.today(caller);
    const rows = await this.deps.medicines.listForUser(caller.userId);
    return rows
      .filter((row) => courseEndDate(row.startDate, row.originalDurationDays) >= today)
      .map((row) => ({ id: row.id, name: row.name, ...supplyOf(row) }))
      .filter(needsRefillSoon);
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
  };
}
