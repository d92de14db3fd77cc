import type { Database } from '../../db/database';
import type { StatementFollowUp } from '../../db/statement-follow-up';
import type { Clock } from '../../lib/clock';
import type { CareChangeListener } from '../care/care-change.port';
import { CareRepository } from '../care/care.repository';
import type { PostponedDose } from '../medicines/medicine-change.port';
import type { PackChangeListener } from '../packs/pack-change.port';
import { PackRepository } from '../packs/pack.repository';
import type { MeasurementReminderChangeListener } from '../journal/measurement-reminder-change.port';
import { MeasurementReminderRepository } from '../journal/measurement-reminder.repository';
import { MedicineRepository } from '../medicines/medicine.repository';
import { effectiveSettingsOf } from '../settings/effective-settings';
import type { SettingsChangeListener } from '../settings/settings-change.port';
import { SettingsRepository } from '../settings/settings.repository';
import { carePhases, careSlots, nextCarePhase } from './engine/care-alerts';
import { EXPIRY_REMINDER_TIME, firstExpiryFire } from './engine/expiry-reminders';
import { ownCareWrites } from './engine/own-care-alerts';
import { isRecurring } from './engine/row-evaluation';
import { desiredMeasureRows, stillAMeasureTime } from './engine/measure-reminders';
import { afterSnooze } from './engine/own-row-outcome';
import { postponedRowRef, postponedRowSlot } from './engine/postponed-row-outcome';
import { ReminderRepository, type ScheduleWrite, refillCheckWhen } from './reminder.repository';
import { addDays, dosesOn, timedOnItsOwn } from '@medrem/domain';
import { desiredIntervalRows, desiredSchedule, nextOccurrence, specKey } from './schedule-rules';
import { localParts, zonedInstant } from './zoned-time';

/**
 * Keeps `reminder_schedule` equal to what a user's settings and medicines ask for. It implements the
 * change listeners the medicines and settings features declare, so an edit takes effect on what is
 * pending at once; the engine also re-reads everything at fire time.
 */
export class ReminderScheduler
  implements PackChangeListener, SettingsChangeListener, CareChangeListener, MeasurementReminderChangeListener
{
  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  /**
   * The same scheduler over a caller's transaction: the schedule is rewritten in the transaction of
   * the edit that caused it, so a failure here rolls the edit back too (no "500 after the commit").
   */
  within(tx: Database): ReminderScheduler {
    return new ReminderScheduler({ ...this.deps, db: tx });
  }

  async userChanged(userId: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      // Read in the same transaction: a settings save being committed with it is already visible.
      const settings = effectiveSettingsOf(await new SettingsRepository(tx).find(userId));
      const reminders = new ReminderRepository(tx);
      const medicines = await new MedicineRepository(tx).listForUser(userId);
      const today = localParts(now.getTime(), settings.timezone).date;
      const desired = desiredSchedule(settings, medicines, today);
      const existing = new Map((await reminders.scheduleOf(userId)).map((r) => [specKey(r as never), r]));
      const writes: ScheduleWrite[] = [];
      for (const spec of desired) {
        const row = existing.get(specKey(spec));
        existing.delete(specKey(spec));
        // Unchanged rows keep their pending firing (it may be due right now), a dose row also
        // its pending follow-up (decision 227: a later offset of the same dose).
        if (
          row &&
          row.localTime === spec.localTime &&
          (row.offsetMinutes === spec.offsetMinutes || (spec.kind === 'dose' && row.offsetMinutes > 0)) &&
          row.timezone === spec.timezone
        ) {
          continue;
        }
        const next = nextOccurrence(spec, now);
        writes.push({ ...spec, userId, occurrenceDate: next.date, fireAt: next.fireAt });
      }
      // A medicine's own rows (every-N-hours, own times): a pending row that is still about one of
      // its medicine's doses keeps its firing (it may be due right now, or wait for the missed-dose
      // alert); anything else, such as a dose at an own time just changed, moves to the next dose.
      const byId = new Map(medicines.map((m) => [m.id, m]));
      const context = {
        timeZone: settings.timezone,
        defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
      };
      for (const row of desiredIntervalRows(settings, medicines, now)) {
        const current = existing.get(specKey(row));
        existing.delete(specKey(row));
        const medicine = byId.get(row.ref)!;
        const stillADose =
          current?.ref === row.ref &&
          current.timezone === row.timezone &&
          dosesOn(medicine, current.occurrenceDate, context).some(
            (dose) => dose.at === current.fireAt.getTime() - current.offsetMinutes * 60_000,
          );
        if (!stillADose) writes.push({ ...row, userId });
      }
      // Measurement reminders (decision 331): a pending row still at one of its reminder's times
      // keeps its firing (it may be walking its follow-ups); any other moves to the next time.
      const measures = await new MeasurementReminderRepository(tx).list(userId);
      const measureById = new Map(measures.map((m) => [m.id, m]));
      for (const row of desiredMeasureRows(settings, measures, now)) {
        const current = existing.get(specKey(row));
        existing.delete(specKey(row));
        const keeps = current && stillAMeasureTime(current, measureById.get(row.ref)!, settings.timezone);
        if (!keeps) writes.push({ ...row, userId });
      }
      await reminders.upsertRows(writes);
      // Rows nobody asks for any more go; one-off rows (snooze, refill) stay unless all is off.
      // Caregiver rows are careChanged's (below): the patient's own switches do not silence them.
      const stale = [...existing.values()].filter(
        (r) =>
          r.kind !== 'care' &&
          r.kind !== 'care-interval' &&
          // A postponed dose's row decides its own switches (its caregiver alerts go out anyway).
          r.kind !== 'postponed' &&
          (isRecurring(r.kind) ||
            r.kind === 'interval' ||
            r.kind === 'measure' ||
            !settings.notifications.enabled),
      );
      await reminders.deleteRows(stale.map((r) => r.id));
    });
    await this.careChanged(userId);
    await this.supplyChanged(userId);
    await this.packsChanged(userId);
  }

  /**
   * The user's expiry row (decision 323): at the first day a pack on hand is due a reminder, or gone
   * when none is (or every notification is off). Also run by userChanged: a new zone moves it.
   */
  async packsChanged(userId: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const settings = effectiveSettingsOf(await new SettingsRepository(tx).find(userId));
      const reminders = new ReminderRepository(tx);
      const current = (await reminders.scheduleOf(userId)).filter((r) => r.kind === 'expiry');
      const packs = await new PackRepository(tx).expiringOf([userId]);
      const first = settings.notifications.enabled ? firstExpiryFire(packs, now, settings.timezone) : null;
      if (!first) {
        await reminders.deleteRows(current.map((r) => r.id));
        return;
      }
      const spec = { kind: 'expiry' as const, slot: 0, localTime: EXPIRY_REMINDER_TIME, offsetMinutes: 0 };
      await reminders.upsertRows([
        { ...spec, timezone: settings.timezone, userId, occurrenceDate: first.date, fireAt: first.fireAt },
      ]);
    });
  }

  /**
   * The patient's caregiver-alert rows (decision 140): one per dose slot while some caregiver wants
   * missed-dose alerts. A row that still stands for the slot's time, zone and one of the current
   * phases keeps its firing (it may be mid-escalation); any other goes to the earliest phase to come.
   * Likewise one 'care-interval' row per medicine reminded on its own (decision 250).
   */
  async careChanged(patientId: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const settings = effectiveSettingsOf(await new SettingsRepository(tx).find(patientId));
      const medicines = await new MedicineRepository(tx).listForUser(patientId);
      const links = await new CareRepository(tx).linksOfPatients([patientId]);
      const phases = carePhases(links);
      const reminders = new ReminderRepository(tx);
      const rows = await reminders.scheduleOf(patientId);
      const existing = new Map(rows.filter((r) => r.kind === 'care').map((r) => [r.slot, r]));
      const today = localParts(now.getTime(), settings.timezone).date;
      const writes: ScheduleWrite[] = [];
      for (const spec of phases.length > 0 ? careSlots(settings, medicines, today) : []) {
        const row = existing.get(spec.slot);
        existing.delete(spec.slot);
        const keeps =
          row &&
          row.localTime === spec.localTime &&
          row.timezone === spec.timezone &&
          phases.includes(row.offsetMinutes);
        const next = keeps ? undefined : nextCarePhase(spec, phases, now);
        if (next)
          writes.push({ ...next.spec, userId: patientId, occurrenceDate: next.date, fireAt: next.fireAt });
      }
      const own = ownCareWrites(patientId, rows, settings, medicines, phases, now);
      await reminders.upsertRows([...writes, ...own.writes]);
      await reminders.deleteRows([...[...existing.values()].map((r) => r.id), ...own.gone]);
    });
  }

  /**
   * An administrator disabled the account (decision 281): what was staged for it is cancelled (the
   * raised stamp) and every pending row goes, so nothing of it fires while it is disabled. Run
   * within the disabling transaction; `userChanged` puts the rows back when it is enabled again.
   */
  async pauseUser(userId: string): Promise<void> {
    const reminders = new ReminderRepository(this.deps.db);
    await reminders.raiseStamp(userId);
    await reminders.deleteAllOf(userId);
  }

  /** A dose or the supply moved: the refill check runs once the change is committed. */
  async supplyChanged(userId: string): Promise<void> {
    await new ReminderRepository(this.deps.db).queueRefillCheck(userId, this.deps.clock.now());
  }

  /** The same refill check, in the statement of a dose write made without a transaction (decision 136). */
  supplyChangedWith(userId: string): StatementFollowUp {
    const now = this.deps.clock.now();
    return (written) => [refillCheckWhen(userId, now, written)];
  }

  /**
   * A snoozed dose: one more reminder of the same dose, `minutes` from now: a slot's ('snooze'), or,
   * with `medicineId`, an own-timed medicine's ('snooze-interval', decision 251). A snooze token is
   * honoured once: its key and the new row are written in one transaction, so a failure leaves the
   * token usable and a repeat changes nothing.
   */
  async snoozeOnce(
    userId: string,
    tokenId: string,
    dose: {
      slot: number;
      date: string;
      localTime: string;
      timezone: string;
      medicineId?: string | undefined;
    },
    minutes: number,
  ): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const reminders = new ReminderRepository(tx);
      const fresh = await reminders.recordDeliveries([{ userId, key: `snooze-token:${tokenId}` }], now);
      if (fresh.size === 0) return;
      // The snooze replaces the dose's pending follow-ups (decision 227): its row goes to its next
      // phase, and a follow-up already staged for its instant is cancelled by the stamp raised
      // last (the stamp's lock is the last one a write takes, decision 015).
      let snooze: { kind: 'snooze' | 'snooze-interval'; slot: number; ref: string };
      if (dose.medicineId) {
        const own = await this.replaceOwnFollowUps(tx, userId, dose, dose.medicineId);
        if (!own) return;
        // One pending snooze per own-timed medicine: its 'interval' row's slot.
        snooze = { kind: 'snooze-interval', slot: own.slot, ref: dose.medicineId };
      } else {
        const pending = await reminders.pendingFollowUp(userId, dose.slot, dose.date);
        if (pending) {
          const spec = { ...pending, kind: 'dose' as const, offsetMinutes: 0 };
          const next = nextOccurrence(spec, now, addDays(dose.date, 1));
          await reminders.moveRows([
            { ...spec, id: pending.id, userId, occurrenceDate: next.date, fireAt: next.fireAt },
          ]);
        }
        snooze = { kind: 'snooze', slot: dose.slot, ref: tokenId };
      }
      await reminders.upsertRows([
        {
          ...snooze,
          userId,
          localTime: dose.localTime,
          offsetMinutes: 0,
          timezone: dose.timezone,
          occurrenceDate: dose.date,
          fireAt: new Date(now.getTime() + minutes * 60_000),
        },
      ]);
      // Also when no follow-up row waits: the last follow-up may be staged for its instant already.
      await reminders.raiseStamp(userId);
    });
  }

  /**
   * A dose postponed (decision 316): its 'postponed' row, one per dose, set to the new time at offset
   * 0 (postponing again moves it), or gone when the postponement is taken back. Runs in the
   * postponement's transaction; the raised stamp cancels what was staged for the planned time.
   */
  async dosePostponed(userId: string, dose: PostponedDose): Promise<void> {
    const reminders = new ReminderRepository(this.deps.db);
    const slot = postponedRowSlot(dose.medicineId, dose.date, dose.slot);
    if (dose.to === null) {
      await reminders.deleteOne(userId, 'postponed', slot);
    } else {
      const { timezone } = effectiveSettingsOf(await new SettingsRepository(this.deps.db).find(userId));
      await reminders.upsertRows([
        {
          kind: 'postponed',
          slot,
          ref: postponedRowRef(dose.medicineId, dose.slot),
          userId,
          localTime: dose.to,
          offsetMinutes: 0,
          timezone,
          occurrenceDate: dose.date,
          fireAt: zonedInstant(dose.date, dose.to, timezone),
        },
      ]);
    }
    await reminders.raiseStamp(userId);
  }

  /**
   * An own-timed medicine's snooze (decision 251): its 'interval' row, if it waits at a follow-up of
   * the snoozed dose, moves to that dose's missed-dose alert or the next dose. Answers the slot the
   * snooze row takes, or null when the medicine is no longer timed on its own.
   */
  private async replaceOwnFollowUps(
    tx: Database,
    userId: string,
    dose: { date: string; localTime: string },
    medicineId: string,
  ): Promise<{ slot: number } | null> {
    const medicines = await new MedicineRepository(tx).listForUser(userId);
    const slot = medicines.filter(timedOnItsOwn).findIndex((m) => m.id === medicineId);
    if (slot < 0) return null;
    const settings = effectiveSettingsOf(await new SettingsRepository(tx).find(userId));
    const reminders = new ReminderRepository(tx);
    const row = (await reminders.scheduleOf(userId)).find(
      (r) => r.kind === 'interval' && r.ref === medicineId,
    );
    const medicine = medicines.find((m) => m.id === medicineId)!;
    const next = row ? afterSnooze(row, dose, medicine, settings) : undefined;
    if (row && next) {
      await reminders.moveRows([
        { ...next.spec, id: row.id, userId, occurrenceDate: next.date, fireAt: next.fireAt },
      ]);
    } else if (row && next === null) {
      await reminders.deleteRows([row.id]);
    }
    return { slot };
  }
}
