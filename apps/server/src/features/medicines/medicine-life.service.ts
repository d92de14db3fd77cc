import type { Medicine, PlanChange } from '@medrem/contract';
import { addDays, isStoppedOn, planOf, wallClockInstant } from '@medrem/domain';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { SettingsService } from '../settings/settings.service';
import type { MedicineRepository } from './medicine.repository';
import { toMedicine } from './medicine-view';
import { MEDICINE_NOT_FOUND, type MedicineWriteScope, zonedToday } from './medicine-write-scope';
import type { PlanChangeRepository } from './plan-change.repository';
import { toPlanChange } from './plan-change-view';

/** How far ahead a stop may be planned: a year, like every other range of the API. */
const MAX_PLANNED_STOP_DAYS = 366;

/**
 * A medicine's life (issue 58, decisions 313–314): stopped from a date instead of deleted, resumed,
 * and the history of its plan. A stop changes the medicine row, so the reminder stamp's trigger
 * cancels what was staged for its user (decision 015), and `userChanged` reschedules in the same
 * transaction, exactly as an edit does.
 */
export class MedicineLifeService {
  constructor(
    private readonly deps: {
      medicines: MedicineRepository;
      planChanges: PlanChangeRepository;
      settings: SettingsService;
      clock: Clock;
      transaction: InTransaction<MedicineWriteScope>;
    },
  ) {}

  async stop(
    caller: Caller,
    input: { id: string; stoppedOn: string; reason?: string | undefined },
  ): Promise<Medicine> {
    const { today, timeZone } = await zonedToday(this.deps.settings, this.deps.clock, caller);
    const day = input.stoppedOn;
    if (day > addDays(today, MAX_PLANNED_STOP_DAYS)) {
      throw badRequest(`A stop can be planned at most ${MAX_PLANNED_STOP_DAYS} days ahead.`);
    }
    const reason = input.reason && input.reason.length > 0 ? input.reason : null;
    await this.deps.transaction(async ({ medicines, planChanges, changes }) => {
      if (!(await planChanges.lockMedicine(input.id, caller.userId))) throw notFound(MEDICINE_NOT_FOUND);
      const row = await medicines.findOwned(input.id, caller.userId);
      if (!row) throw notFound(MEDICINE_NOT_FOUND);
      if (row.stoppedOn) throw conflict(`${row.name} is already stopped from ${row.stoppedOn}.`);
      const lastChange = await planChanges.lastChangeDay(row.id);
      if (lastChange && day < lastChange) {
        throw badRequest(`Its plan changed on ${lastChange}: stop it on that day or later.`);
      }
      const taken = await planChanges.lastTakenFrom(
        row.id,
        day,
        new Date(wallClockInstant(day, '00:00', timeZone)),
      );
      if (taken.day || taken.intakeAt) {
        const last = taken.day ?? day;
        throw conflict(`A dose was taken on ${last}: stop it from ${addDays(last, 1)} or later.`);
      }
      await medicines.setStop(row.id, caller.userId, { stoppedOn: day, reason }, this.deps.clock.now());
      await planChanges.record({
        medicineId: row.id,
        effectiveOn: day,
        kind: 'stop',
        before: planOf(row, false),
        plan: planOf(row, true),
        reason,
      });
      await changes.userChanged(caller.userId);
    });
    return this.read(caller, input.id, today);
  }

  /** Taken again from today; a stop planned for a later day is cancelled, leaving no trace. */
  async resume(caller: Caller, id: string): Promise<Medicine> {
    const { today } = await zonedToday(this.deps.settings, this.deps.clock, caller);
    await this.deps.transaction(async ({ medicines, planChanges, changes }) => {
      if (!(await planChanges.lockMedicine(id, caller.userId))) throw notFound(MEDICINE_NOT_FOUND);
      const row = await medicines.findOwned(id, caller.userId);
      if (!row) throw notFound(MEDICINE_NOT_FOUND);
      if (!row.stoppedOn) throw conflict(`${row.name} is not stopped.`);
      await medicines.setStop(
        row.id,
        caller.userId,
        { stoppedOn: null, reason: null },
        this.deps.clock.now(),
      );
      if (isStoppedOn(row, today)) {
        await planChanges.record({
          medicineId: row.id,
          effectiveOn: today,
          kind: 'resume',
          before: planOf(row, true),
          plan: planOf(row, false),
        });
      } else {
        await planChanges.dropPlannedStop(row.id, today);
      }
      await changes.userChanged(caller.userId);
    });
    return this.read(caller, id, today);
  }

  async historyOfChanges(caller: Caller, id: string): Promise<PlanChange[]> {
    const row = await this.deps.medicines.findOwned(id, caller.userId);
    if (!row) throw notFound(MEDICINE_NOT_FOUND);
    return (await this.deps.planChanges.listFor([id])).map(toPlanChange);
  }

  private async read(caller: Caller, id: string, today: string): Promise<Medicine> {
    const row = await this.deps.medicines.findOwned(id, caller.userId);
    if (!row) throw notFound(MEDICINE_NOT_FOUND);
    return toMedicine(row, caller.email, today);
  }
}
