import type { JournalSeriesView } from '@medrem/contract';
import {
  bucketReadings,
  rangeAggregates,
  seriesResolution,
  wallClockInstant,
  zonedNow,
  zonedDateOf,
} from '@medrem/domain';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PerUserCache } from '../../lib/per-user-cache';
import type { Caller } from '../auth/caller';
import type { DoseRecordRepository } from '../medicines/dose-record.repository';
import type { MedicineRepository } from '../medicines/medicine.repository';
import type { SettingsService } from '../settings/settings.service';
import { type JournalAccess, type JournalOwner, instantsOf } from './journal-access';
import { shownValues, targetsShown, typeOf, valuesOf } from './measurement-type-view';
import type { MeasurementRepository } from './measurement.repository';
import type { MeasurementService } from './measurement.service';

/** The chart's answer but the adherence line, which moves with the clock and every dose. */
type ReadingsPart = Omit<JournalSeriesView, 'adherence'>;

/** A chart's readings kept for their owner (decision 356). */
export interface KeptSeries {
  userId: string;
  view: ReadingsPart;
}

/** The most points an answer may have to be kept: a year by day is 366, 92 days of readings more. */
const MOST_POINTS_KEPT = 1_500;

interface SeriesInput {
  type: string;
  from: string;
  to: string;
  medicineId?: string | undefined;
  patientId?: string | undefined;
}

/**
 * The chart's one answer (decision 301): a type's readings over a range — each one up to 92 days,
 * else a min/mean/max per day — in the person's display unit, their target band, and a chosen
 * medicine's due and taken doses per day counted by the reports' one rule (decision 100).
 */
export class JournalSeriesService {
  constructor(
    private readonly deps: {
      measurements: MeasurementRepository;
      types: Pick<MeasurementService, 'typesOf'>;
      medicines: Pick<MedicineRepository, 'findOwned'>;
      doses: Pick<DoseRecordRepository, 'doseHistory'>;
      settings: Pick<SettingsService, 'effective'>;
      access: JournalAccess;
      clock: Clock;
      /**
       * The readings' part of answers, kept per process while nothing of the person's journal
       * changes: the app asks for the same chart again on every return to it, from each of the
       * person's devices and their caregivers'. Every journal write forgets them
       * (MeasurementService's `typesCache`, which owns them); a new zone is a new key. The
       * adherence line is worked out on every call.
       */
      answers: PerUserCache<KeptSeries>;
    },
  ) {}

  async series(caller: Caller, input: SeriesInput): Promise<JournalSeriesView> {
    // Who may read it is asked every time: only the readings' answer is kept, never a permission.
    const owner = await this.deps.access.reader(caller, input.patientId);
    const [readings, adherence] = await Promise.allSettled([
      this.keptReadings(owner, input),
      input.medicineId === undefined ? null : this.adherence(owner, input.medicineId, input.from, input.to),
    ]);
    // An unknown type is named before an unknown medicine, whichever read failed first.
    if (readings.status === 'rejected') throw readings.reason;
    if (adherence.status === 'rejected') throw adherence.reason;
    return { ...readings.value, adherence: adherence.value };
  }

  /** The readings' part of the answer, kept until the person's journal changes (decision 356). */
  private async keptReadings(owner: JournalOwner, input: SeriesInput): Promise<ReadingsPart> {
    const key = [owner.userId, input.type, input.from, input.to, owner.timeZone].join('\n');
    const kept = await this.deps.answers.get(
      key,
      async () => ({ userId: owner.userId, view: await this.readings(owner, input) }),
      (answer) => answer.view.points.length <= MOST_POINTS_KEPT,
    );
    return kept.view;
  }

  private async readings(owner: JournalOwner, input: SeriesInput): Promise<ReadingsPart> {
    const type = typeOf(await this.deps.types.typesOf(owner.userId), input.type);
    const rows = await this.deps.measurements.chartReadings(owner.userId, {
      ...instantsOf(input.from, input.to, owner.timeZone),
      type: type.ref,
    });
    const unit = type.view.displayUnit;
    const resolution = seriesResolution(input.from, input.to);
    const dated = rows.map((row) => ({
      at: row.measuredAt,
      date: zonedDateOf(row.measuredAt, owner.timeZone),
      values: valuesOf(type, row),
    }));
    const points =
      resolution === 'raw'
        ? dated.map((reading) => {
            const values = shownValues(type, reading.values, unit);
            return {
              at: reading.at.toISOString(),
              date: reading.date,
              count: 1,
              mean: values,
              min: values,
              max: values,
            };
          })
        : bucketReadings(dated).map((bucket) => ({
            at: new Date(wallClockInstant(bucket.date, '00:00', owner.timeZone)).toISOString(),
            date: bucket.date,
            count: bucket.count,
            mean: shownValues(type, bucket.mean, unit),
            min: shownValues(type, bucket.min, unit),
            max: shownValues(type, bucket.max, unit),
          }));
    return {
      type: type.view,
      from: input.from,
      to: input.to,
      timeZone: owner.timeZone,
      resolution,
      unit,
      points,
      target: targetsShown(type, unit),
    };
  }

  /**
   * The medicine's days over the range, as the Reports count them. A caregiver without the medicine
   * permission cannot learn of a medicine, so its id reads as unknown.
   */
  private async adherence(owner: JournalOwner, medicineId: string, from: string, to: string) {
    const medicine = owner.canSeeMedicines
      ? await this.deps.medicines.findOwned(medicineId, owner.userId)
      : undefined;
    if (!medicine) throw notFound('No such medicine of yours.');
    const [history, settings] = await Promise.all([
      this.deps.doses.doseHistory(medicineId, from, to),
      this.deps.settings.effective(owner.userId),
    ]);
    const now = zonedNow(this.deps.clock.now(), owner.timeZone);
    const { days } = rangeAggregates([{ medicineId, name: medicine.name, medicine, history }], {
      from,
      to,
      today: now.date,
      nowMinutes: now.minutes,
      defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
      timeZone: owner.timeZone,
    });
    return {
      medicineId,
      name: medicine.name,
      days: days.map((d) => ({ date: d.date, due: d.due, taken: d.taken, rate: d.rate })),
    };
  }
}
