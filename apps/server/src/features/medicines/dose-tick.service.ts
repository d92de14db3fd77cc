import { parseFrequency, zonedNow } from '@medrem/domain';
import { badRequest, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ReminderHooks } from '../../reminders/scheduler';
import type { MedicineRepository, MedicineWithTotals } from '../../repositories/medicine.repository';
import { type Caller } from '../../services/caller';
import type { SettingsService } from '../../services/settings.service';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { DoseRecordRepository } from './dose-record.repository';

type TakenDay = { date: string; taken: string };

export interface DoseTickInput {
  id: string;
  date: string;
  slot: number;
  taken: boolean;
  tickedAt?: string | undefined;
  idempotencyKey?: string | undefined;
}

export interface WholeDayInput {
  id: string;
  date: string;
  taken: string;
  idempotencyKey?: string | undefined;
}

/**
 * Recording doses: the spec's whole-day write and the one-slot tick the app (and its offline
 * queue) uses. Both apply once per idempotency key; the tick follows decision 070 (the change made
 * last wins per medicine, day and slot).
 */
export class DoseTickService {
  constructor(
    private readonly deps: {
      medicines: MedicineRepository;
      doses: DoseRecordRepository;
      idempotency: IdempotencyService;
      settings: SettingsService;
      clock: Clock;
      reminders?: ReminderHooks;
    },
  ) {}

  private async owned(caller: Caller, id: string): Promise<MedicineWithTotals> {
    const row = await this.deps.medicines.findOwned(id, caller.userId);
    if (!row) throw notFound('Medicine not found.');
    return row;
  }

  /** Doses are wall-clock events in the user's saved zone: no day after today there. */
  private async assertNotFuture(caller: Caller, date: string): Promise<void> {
    const { timezone } = await this.deps.settings.effective(caller.userId);
    if (date > zonedNow(this.deps.clock.now(), timezone).date) {
      throw badRequest('You cannot record doses for a future date.');
    }
  }

  /** Records the day's taken flags: one per slot, only scheduled slots, never a future day. */
  async setDay(caller: Caller, input: WholeDayInput): Promise<TakenDay> {
    const { response } = await this.deps.idempotency.once(
      caller.userId,
      'medicine.setTaken',
      { ...input },
      {
        check: async () => {
          const row = await this.owned(caller, input.id);
          await this.assertNotFuture(caller, input.date);
          const schedule = parseFrequency(row.frequency);
          const flags = parseFrequency(input.taken);
          if (flags.length !== schedule.length) {
            throw badRequest(
              `Taken must have one flag per dose slot (${schedule.length}), e.g. ${schedule.map(() => 0).join('-')}.`,
            );
          }
          if (flags.some((flag, slot) => flag === 1 && schedule[slot] !== 1)) {
            throw badRequest('Only doses this medicine is scheduled for can be marked taken.');
          }
        },
        write: async (tx) => {
          await this.deps.doses.in(tx).writeDay(input.id, input.date, input.taken, this.deps.clock.now());
          return { date: input.date, taken: input.taken };
        },
      },
    );
    await this.deps.reminders?.supplyChanged(caller.userId);
    return response;
  }

  /**
   * One slot taken or not. A change older than the slot's last one is not applied (applied: false)
   * and the day as it stands is returned. tickedAt in the future counts as now, so a device with a
   * fast clock cannot lock a slot.
   */
  async tick(caller: Caller, input: DoseTickInput): Promise<{ takenDay: TakenDay; applied: boolean }> {
    const { response } = await this.deps.idempotency.once(
      caller.userId,
      'medicine.tickDose',
      { ...input },
      {
        check: async () => {
          const row = await this.owned(caller, input.id);
          await this.assertNotFuture(caller, input.date);
          const slots = parseFrequency(row.frequency);
          if (input.slot >= slots.length) {
            throw badRequest(`This medicine has ${slots.length} dose slots (slot 0 to ${slots.length - 1}).`);
          }
          if (input.taken && slots[input.slot] !== 1) {
            throw badRequest('Only doses this medicine is scheduled for can be marked taken.');
          }
          return slots.length;
        },
        write: async (tx, slots) => {
          const now = this.deps.clock.now();
          const at = Math.min(input.tickedAt ? Date.parse(input.tickedAt) : now.getTime(), now.getTime());
          const change = { slots, slot: input.slot, value: input.taken ? (1 as const) : (0 as const), at };
          const result = await this.deps.doses.in(tx).changeSlot(input.id, input.date, change, now);
          return { takenDay: { date: input.date, taken: result.taken }, applied: result.applied };
        },
      },
    );
    await this.deps.reminders?.supplyChanged(caller.userId);
    return response;
  }
}
