import { type SkipReason, dueFlagsOn, parseFrequency, slotCountOn } from '@medrem/domain';
import { badRequest, notFound } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { DayWriter } from './day-writer';
import type { DoseRecordService } from './dose-record.service';
import { applySkip } from './dose-ticks';
import { type TakenDay, takenDayOf } from './dose-timing-rules';
import { assertNotFuture } from './dose-write-rules';
import type { MedicineSchedule } from './medicine.repository';
import { MEDICINE_NOT_FOUND, zonedToday } from './medicine-write-scope';

export interface DoseSkipInput {
  id: string;
  date: string;
  slot: number;
  skipped: boolean;
  reason?: SkipReason | undefined;
  note?: string | undefined;
  idempotencyKey?: string | undefined;
}

type Deps = ConstructorParameters<typeof DoseRecordService>[0];

const NOT_A_DOSE = 'Only a dose this medicine is scheduled for that day can be skipped.';

/**
 * Decision 225: a dose skipped on purpose, with an optional reason, or the skip taken back. The same
 * rules as a tick (never a future day, only a scheduled slot), in the locked write every dose change
 * of a day goes through, so a take on another device and a skip serialise and the stamp the skip
 * carries tells which came last. Applies once per idempotency key; a skip that un-takes a dose
 * moves the supply, and the writer queues the refill check as for any dose write.
 */
export class DoseSkipService {
  private readonly writer: DayWriter;

  constructor(private readonly deps: Deps & { doseRecords: DoseRecordService }) {
    this.writer = new DayWriter({ ...deps, ownedSchedule: (caller, id) => this.ownedSchedule(caller, id) });
  }

  private async ownedSchedule(caller: Caller, id: string): Promise<MedicineSchedule> {
    const row = await this.deps.medicines.findOwnedSchedule(id, caller.userId);
    if (!row) throw notFound(MEDICINE_NOT_FOUND);
    return row;
  }

  /** The slots of `date` the medicine has a dose in (a schedule's dose days only, decision 120). */
  private async dueFlags(caller: Caller, row: MedicineSchedule, date: string): Promise<number[]> {
    const { today, timeZone } = await zonedToday(this.deps.settings, this.deps.clock, caller);
    assertNotFuture(date, today);
    return row.schedule ? dueFlagsOn(row, date, timeZone) : parseFrequency(row.frequency);
  }

  async skipDose(caller: Caller, input: DoseSkipInput): Promise<TakenDay> {
    const { id, date, slot } = input;
    const skip = input.skipped ? { reason: input.reason ?? null, note: input.note || undefined } : null;
    return this.writer.once(
      caller,
      'medicine.skipDose',
      { ...input },
      {
        check: async () => {
          const schedule = await this.dueFlags(caller, await this.ownedSchedule(caller, id), date);
          if (slot >= schedule.length) {
            throw badRequest(
              `This medicine has ${schedule.length} dose slots that day (slot 0 to ${schedule.length - 1}).`,
            );
          }
          if (schedule[slot] !== 1) throw badRequest(NOT_A_DOSE);
          return schedule.length;
        },
        write: (doses, slots) => {
          const now = this.deps.clock.now();
          return doses.changeDay(id, date, now, (current) => {
            const day = applySkip(current, slots, slot, skip, now.getTime());
            return { day, result: takenDayOf(date, day, slots) };
          });
        },
      },
    );
  }

  /**
   * A notification's 'Skip' (the action token's `skip`): the dose of every medicine scheduled in
   * that slot that day, or of the one medicine named, skipped in one transaction; with the reason
   * and note the dose page asked for, none from a button. Returns the names of the medicines skipped.
   */
  async skipSlot(
    caller: Caller,
    dose: { date: string; slot: number; medicineId?: string | undefined },
    options: {
      reason?: SkipReason | null | undefined;
      note?: string | undefined;
      idempotencyKey?: string | undefined;
    } = {},
  ): Promise<string[]> {
    const skip = { reason: options.reason ?? null, note: options.note || undefined };
    return this.writer.once(
      caller,
      'medicine.skipSlot',
      { date: dose.date, slot: dose.slot, medicineId: dose.medicineId, ...options },
      {
        check: async () => {
          const rows = await this.deps.doseRecords.scheduledDoses(caller, dose);
          if (rows.length === 0) throw notFound('This dose is no longer scheduled.');
          const { today } = await zonedToday(this.deps.settings, this.deps.clock, caller);
          assertNotFuture(dose.date, today);
          return rows;
        },
        write: async (doses, rows) => {
          const { timeZone } = await zonedToday(this.deps.settings, this.deps.clock, caller);
          const now = this.deps.clock.now();
          for (const row of rows) {
            const slots = slotCountOn(row, dose.date, timeZone);
            await doses.changeDay(row.id, dose.date, now, (current) => ({
              day: applySkip(current, slots, dose.slot, skip, now.getTime()),
              result: undefined,
            }));
          }
          return rows.map((m) => m.name);
        },
      },
    );
  }
}
