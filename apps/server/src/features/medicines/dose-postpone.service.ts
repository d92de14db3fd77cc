import { dosesOn, formatTime12h, postponeIssue, settledFlags, slotCountOn, zonedNow } from '@medrem/domain';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../../lib/clock';
import { applyPostponement } from './dose-ticks';
import { type TakenDay, takenDayOf } from './dose-timing-rules';
import type { MedicineRepository } from './medicine.repository';
import { MEDICINE_NOT_FOUND, type ScopeOf } from './medicine-write-scope';

export interface PostponeDoseInput {
  medicineId: string;
  date: string;
  plannedTime: string;
  newTime: string | null;
  idempotencyKey?: string | undefined;
}

/**
 * Decision 316: one dose of today postponed to a later time the same day, or its postponement taken
 * back, without changing the plan. The dose is found by its planned time (the slot keeps its
 * identity); the postponement is written in the day's locked row with the reminder's move, once
 * per idempotency key (an offline postpone replayed), so the two commit together or not at all.
 */
export class DosePostponeService {
  constructor(
    private readonly deps: {
      medicines: MedicineRepository;
      settings: SettingsService;
      clock: Clock;
      idempotency: IdempotencyService;
      scopeOf: ScopeOf;
    },
  ) {}

  async postponeDose(caller: Caller, input: PostponeDoseInput): Promise<TakenDay> {
    const { medicineId, date, newTime } = input;
    const { response } = await this.deps.idempotency.once(
      caller.userId,
      'medicine.postponeDose',
      { ...input },
      {
        check: () => this.check(caller, input),
        write: async (tx, { slot, slots }) => {
          const { doses, changes } = this.deps.scopeOf(tx);
          const now = this.deps.clock.now();
          const takenDay = await doses.changeDay(medicineId, date, now, (current) => {
            // Taking or skipping settles a dose: nothing left to postpone (taking it back is fine).
            if (newTime !== null && current && settledFlags(current, slots).split('-')[slot] === '1') {
              throw conflict('This dose is already taken or skipped: there is nothing to postpone.');
            }
            const day = applyPostponement(current, slots, slot, newTime, now.getTime());
            return { day, result: takenDayOf(date, { ...current, ...day }, slots) };
          });
          await changes.dosePostponed(caller.userId, { medicineId, date, slot, to: newTime });
          return takenDay;
        },
      },
    );
    return response;
  }

  /**
   * The dose page's Postpone (decision 343): the open doses a reminder's link names (`doses`: each
   * medicine with its slot that day) moved to `newTime` together, in one transaction with their
   * reminders' moves, once per idempotency key. A dose taken or skipped is left as it is; with none
   * open, 409. Each dose's own planned time must be before `newTime` (postponeIssue). Answers the
   * names of the medicines postponed.
   */
  async postponeNamed(
    caller: Caller,
    input: {
      date: string;
      /** `name`: what the answer says of it. */
      doses: readonly { medicineId: string; slot: number; name: string }[];
      newTime: string;
      idempotencyKey?: string | undefined;
    },
  ): Promise<string[]> {
    const { date, newTime } = input;
    const { response } = await this.deps.idempotency.once(
      caller.userId,
      'push.postpone',
      { ...input },
      {
        check: async () => {
          const found = [];
          for (const dose of input.doses) {
            const medicine = await this.deps.medicines.findOwnedSchedule(dose.medicineId, caller.userId);
            if (!medicine) continue;
            const planned = await this.plannedTimeOf(caller, medicine, date, dose.slot);
            if (planned === undefined) continue;
            const checked = await this.check(caller, { ...dose, date, plannedTime: planned, newTime });
            found.push({ ...dose, slots: checked.slots });
          }
          if (found.length === 0) throw notFound('This dose is no longer scheduled.');
          return found;
        },
        write: async (tx, found) => {
          const { doses, changes } = this.deps.scopeOf(tx);
          const now = this.deps.clock.now();
          const moved: string[] = [];
          for (const { medicineId, slot, slots, name } of found) {
            const open = await doses.changeDay(medicineId, date, now, (current) => {
              // Taken or skipped: settled, left out of the postponement.
              if (current && settledFlags(current, slots).split('-')[slot] === '1') {
                return { day: null, result: false };
              }
              return { day: applyPostponement(current, slots, slot, newTime, now.getTime()), result: true };
            });
            if (!open) continue;
            await changes.dosePostponed(caller.userId, { medicineId, date, slot, to: newTime });
            moved.push(name);
          }
          if (moved.length === 0) {
            throw conflict('These doses are already taken or skipped: there is nothing to postpone.');
          }
          return moved;
        },
      },
    );
    return response;
  }

  /** The planned time of a medicine's dose in `slot` on `date`, or undefined when it has none. */
  private async plannedTimeOf(
    caller: Caller,
    medicine: NonNullable<Awaited<ReturnType<MedicineRepository['findOwnedSchedule']>>>,
    date: string,
    slot: number,
  ): Promise<string | undefined> {
    const settings = await this.deps.settings.effective(caller.userId);
    const context = {
      timeZone: settings.timezone,
      defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
    };
    return dosesOn(medicine, date, context).find((d) => d.slot === slot)?.time;
  }

  /** The refusals (a 404 or a 400, nothing stored), and the dose's slot and the day's slot count. */
  private async check(caller: Caller, input: PostponeDoseInput): Promise<{ slot: number; slots: number }> {
    const medicine = await this.deps.medicines.findOwnedSchedule(input.medicineId, caller.userId);
    if (!medicine) throw notFound(MEDICINE_NOT_FOUND);
    const settings = await this.deps.settings.effective(caller.userId);
    const timeZone = settings.timezone;
    const context = { timeZone, defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes };
    const dose = dosesOn(medicine, input.date, context).find((d) => d.time === input.plannedTime);
    if (!dose) {
      throw badRequest(`This medicine has no dose at ${formatTime12h(input.plannedTime)} on ${input.date}.`);
    }
    if (input.newTime !== null) {
      const now = zonedNow(this.deps.clock.now(), timeZone);
      const issue = postponeIssue({
        date: input.date,
        today: now.date,
        plannedTime: input.plannedTime,
        to: input.newTime,
        nowTime: now.time,
      });
      if (issue) throw badRequest(issue);
    }
    return { slot: dose.slot, slots: slotCountOn(medicine, input.date, timeZone) };
  }
}
