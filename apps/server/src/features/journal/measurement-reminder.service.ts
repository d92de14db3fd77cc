import type { MeasurementReminderView } from '@medrem/contract';
import {
  type MeasurementOccurrence,
  latestMeasurementDue,
  measurementSettled,
  nextMeasurementAfter,
} from '@medrem/domain';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Caller } from '../auth/caller';
import type { JournalAccess } from './journal-access';
import type { MeasurementReminderChangeListener } from './measurement-reminder-change.port';
import {
  type MeasurementReminderRow,
  MeasurementReminderRepository,
} from './measurement-reminder.repository';
import type { MeasurementService } from './measurement.service';
import { typeOf } from './measurement-type-view';

const occurrenceView = (o: MeasurementOccurrence) => ({
  date: o.date,
  time: o.time,
  at: new Date(o.at).toISOString(),
});

/**
 * Measurement reminders (issue 56, decision 331): a type's times, every day or on weekdays, kept one
 * per person and type. A change rewrites the engine's rows in its own transaction (the port), so a
 * reminder set is pending at once and one removed never fires.
 */
export class MeasurementReminderService {
  constructor(
    private readonly deps: {
      db: Database;
      types: Pick<MeasurementService, 'typesOf'>;
      access: JournalAccess;
      changes: MeasurementReminderChangeListener;
      clock: Clock;
    },
  ) {}

  async list(caller: Caller): Promise<{ reminders: MeasurementReminderView[] }> {
    const repository = new MeasurementReminderRepository(this.deps.db);
    const [rows, latest, owner] = await Promise.all([
      repository.list(caller.userId),
      repository.latestReadings([caller.userId]),
      this.deps.access.owner(caller.userId),
    ]);
    const lastOf = new Map(latest.map((l) => [l.type, l.at.getTime()]));
    const now = this.deps.clock.now().getTime();
    return { reminders: rows.map((row) => viewOf(row, owner.timeZone, now, lastOf.get(row.type))) };
  }

  async set(
    caller: Caller,
    input: { type: string; times: string[]; days: number[] | null },
  ): Promise<{ reminder: MeasurementReminderView }> {
    const type = typeOf(await this.deps.types.typesOf(caller.userId), input.type);
    // Weekdays in the week's order, as the schedule form lists them.
    const days = input.days ? [...input.days].sort((a, b) => a - b) : null;
    await this.deps.db.transaction(async (tx) => {
      await new MeasurementReminderRepository(tx).upsert(caller.userId, {
        type: type.ref,
        customTypeId: type.custom?.id ?? null,
        times: input.times,
        days,
      });
      await this.deps.changes.within(tx).userChanged(caller.userId);
    });
    const { reminders } = await this.list(caller);
    return { reminder: reminders.find((r) => r.type === type.ref)! };
  }

  async delete(caller: Caller, type: string): Promise<{ success: true; message: string }> {
    const gone = await this.deps.db.transaction(async (tx) => {
      const deleted = await new MeasurementReminderRepository(tx).delete(caller.userId, type);
      if (deleted) await this.deps.changes.within(tx).userChanged(caller.userId);
      return deleted;
    });
    if (!gone) throw notFound('No measurement reminder of yours for this type.');
    return { success: true, message: 'Reminder removed.' };
  }
}

function viewOf(
  row: MeasurementReminderRow,
  timeZone: string,
  now: number,
  lastReadingAt: number | undefined,
): MeasurementReminderView {
  const schedule = { times: row.times, days: row.days };
  const next = nextMeasurementAfter(schedule, now, timeZone);
  const latest = latestMeasurementDue(schedule, now, timeZone);
  return {
    type: row.type,
    times: row.times,
    days: row.days,
    next: next ? occurrenceView(next) : null,
    latest: latest
      ? { ...occurrenceView(latest), settled: measurementSettled(latest.at, lastReadingAt) }
      : null,
  };
}
