import type { DoctorReportJournal } from '@medrem/contract';
import { bucketReadings, weekStartOf, zonedDateOf } from '@medrem/domain';
import { instantsOf } from '../journal/journal-access';
import type { JournalEntryRepository } from '../journal/journal-entry.repository';
import {
  type JournalType,
  shownValues,
  targetsShown,
  typeOf,
  valuesOf,
} from '../journal/measurement-type-view';
import type { MeasurementRepository } from '../journal/measurement.repository';
import type { MeasurementService } from '../journal/measurement.service';
import { isoWithOffset } from './doctor-report.builder';
import type { ReportTexts } from './report-texts';

/** The journal's built-in names (kinds, their numbers) in the reader's language (issue 54). */
export function localJournal(journal: DoctorReportJournal, texts: ReportTexts): DoctorReportJournal {
  if (texts.language.locale === 'en') return journal;
  return {
    ...journal,
    measurements: journal.measurements.map((m) => ({
      ...m,
      label: texts.kindLabel(m.type, m.label),
      components: m.components.map((c) => ({ ...c, label: texts.componentLabel(m.type, c.key, c.label) })),
    })),
  };
}

/** Where the doctor's report reads the journal from (issue 56). */
export interface JournalReportSource {
  types: Pick<MeasurementService, 'typesOf'>;
  measurements: Pick<MeasurementRepository, 'between'>;
  entries: Pick<JournalEntryRepository, 'symptomsBetween'>;
}

export interface JournalAsk {
  /** Comma-separated types (checked by the contract). */
  measurements?: string | undefined;
  symptoms?: boolean | undefined;
}

/**
 * The journal's part of the doctor's report: each chosen type's readings in the range and a
 * min/mean/max per ISO week, in the person's display unit, and the symptoms felt. Undefined when
 * nothing of the journal was asked for, so a report without it is the report it always was.
 */
export async function doctorReportJournal(
  source: JournalReportSource,
  userId: string,
  range: { from: string; to: string; timeZone: string },
  ask: JournalAsk,
): Promise<DoctorReportJournal | undefined> {
  if (!ask.measurements && !ask.symptoms) return undefined;
  const { from, until } = instantsOf(range.from, range.to, range.timeZone);
  const types = await source.types.typesOf(userId);
  const refs = ask.measurements ? [...new Set(ask.measurements.split(','))] : [];
  const chosen = refs.map((ref) => typeOf(types, ref));
  const measurements = await Promise.all(
    chosen.map(async (type) => {
      const rows = await source.measurements.between(userId, { from, until, type: type.ref }, 'asc');
      return section(type, rows, range.timeZone);
    }),
  );
  const symptoms = ask.symptoms
    ? (await source.entries.symptomsBetween(userId, from, until)).reverse().map((row) => ({
        at: isoWithOffset(row.occurredAt.getTime(), range.timeZone),
        symptom: row.symptom,
        severity: row.severity,
        note: row.note,
        medicineName: row.medicineName,
      }))
    : null;
  return { measurements, symptoms };
}

function section(
  type: JournalType,
  rows: Awaited<ReturnType<MeasurementRepository['between']>>,
  timeZone: string,
): DoctorReportJournal['measurements'][number] {
  const unit = type.view.displayUnit;
  const many = type.view.components.length > 1;
  const dated = rows.map((row) => ({
    row,
    date: zonedDateOf(row.measuredAt, timeZone),
    values: valuesOf(type, row),
  }));
  return {
    type: type.ref,
    label: type.view.label,
    loinc: type.view.loinc,
    unit,
    unitText: type.view.unitText[unit] ?? unit,
    components: type.view.components.map((c) => ({
      key: c.key,
      label: c.label,
      loinc: c.loinc,
      unit: many ? c.unit : unit,
    })),
    readings: dated.map(({ row, values }) => ({
      at: isoWithOffset(row.measuredAt.getTime(), timeZone),
      values: shownValues(type, values, unit),
      mealContext: row.mealContext,
      note: row.note,
    })),
    weeks: bucketReadings(dated, weekStartOf).map((week) => ({
      weekStart: week.date,
      count: week.count,
      mean: shownValues(type, week.mean, unit),
      min: shownValues(type, week.min, unit),
      max: shownValues(type, week.max, unit),
    })),
    targets: targetsShown(type, unit),
  };
}
