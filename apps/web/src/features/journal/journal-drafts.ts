import { t } from '@lingui/core/macro';
import type { MeasurementTypeView } from '@medrem/contract';
import {
  JOURNAL_NOTE_MAX,
  MEAL_CONTEXTS,
  SYMPTOM_NAME_MAX,
  judgeCustomMeasurement,
  judgeMeasurement,
  wallClockInstant,
  type MealContext,
  type MeasurementJudgement,
  type MeasurementKind,
} from '@medrem/domain';
import { parseTypedNumber, typeUnitText } from './journal-units';
import { measurementProblemWords } from './measurement-problem.model';

/**
 * The journal's forms as plain drafts (strings as typed) and the checks made on the device before
 * anything is queued: the domain's own judgement of a reading (decision 265), so the form refuses
 * with the very sentence the server would, offline too (decision 307).
 */

export interface MeasurementDraft {
  type: MeasurementTypeView;
  /** Each component's field as typed. */
  values: Record<string, string>;
  date: string;
  time: string;
  mealContext?: string | undefined;
  note: string;
}

export interface MeasurementInput {
  /** The built-in kind or the own type's id. */
  type: string;
  unit: string;
  /** As typed, in `unit` (the pulse in beats/min): the server stores them in the canonical unit. */
  values: Record<string, number>;
  measuredAt: string;
  mealContext?: MealContext | undefined;
  note?: string | undefined;
}

export type Checked<T> = { ok: true; input: T } | { ok: false; errors: Record<string, string> };

function noteIssue(note: string): string | undefined {
  const max = JOURNAL_NOTE_MAX;
  return note.trim().length > max ? t`Keep the note to ${max} characters.` : undefined;
}

/** A reading judged by its type's rules: the table's for a built-in kind, its own range for an own type. */
function judgeReading(
  type: MeasurementTypeView,
  values: Record<string, number | undefined>,
  takenAt: number,
  now: number,
): MeasurementJudgement {
  const unit = type.displayUnit;
  if (!type.custom)
    return judgeMeasurement({ kind: type.type as MeasurementKind, unit, values, takenAt, now });
  const [component] = type.components;
  return judgeCustomMeasurement({
    type: {
      name: type.label,
      unit: type.units[0] ?? '',
      min: component?.min ?? Number.NEGATIVE_INFINITY,
      max: component?.max ?? Number.POSITIVE_INFINITY,
      decimals: component?.decimals ?? 0,
    },
    unit,
    values,
    takenAt,
    now,
  });
}

/** A draft's instant in the person's zone, or an error for a missing or impossible date and time. */
function instantOf(date: string, time: string, timeZone: string): number | string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return t`Enter the date and time.`;
  const at = wallClockInstant(date, time, timeZone);
  return Number.isFinite(at) ? at : t`Enter the date and time.`;
}

export function checkMeasurement(
  draft: MeasurementDraft,
  now: number,
  timeZone: string,
): Checked<MeasurementInput> {
  const errors: Record<string, string> = {};
  const at = instantOf(draft.date, draft.time, timeZone);
  if (typeof at === 'string') errors['takenAt'] = at;
  const values: Record<string, number | undefined> = {};
  for (const [key, text] of Object.entries(draft.values)) {
    const value = parseTypedNumber(text);
    if (value !== undefined) values[key] = value;
  }
  const judged = judgeReading(draft.type, values, typeof at === 'number' ? at : now, now);
  if (!judged.ok) errors[judged.field] = measurementProblemWords(draft.type, judged.field, judged.problem);
  const note = noteIssue(draft.note);
  if (note) errors['note'] = note;
  if (Object.keys(errors).length > 0 || typeof at === 'string') return { ok: false, errors };
  return {
    ok: true,
    input: {
      type: draft.type.type,
      unit: draft.type.displayUnit,
      values: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
        string,
        number
      >,
      measuredAt: new Date(at).toISOString(),
      ...(draft.type.type === 'blood-glucose' && isMealContext(draft.mealContext)
        ? { mealContext: draft.mealContext }
        : {}),
      ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
    },
  };
}

const isMealContext = (value: string | undefined): value is MealContext =>
  (MEAL_CONTEXTS as readonly (string | undefined)[]).includes(value);

export interface SymptomDraft {
  name: string;
  severity: number | undefined;
  medicineId: string;
  note: string;
}

export interface SymptomInput {
  symptom: string;
  severity: number;
  medicineId?: string | undefined;
  note?: string | undefined;
  occurredAt: string;
}

export function checkSymptom(draft: SymptomDraft, now: number): Checked<SymptomInput> {
  const errors: Record<string, string> = {};
  const name = draft.name.trim();
  const max = SYMPTOM_NAME_MAX;
  if (!name) errors['name'] = t`Choose or type a symptom.`;
  else if (name.length > max) errors['name'] = t`Keep the symptom to ${max} characters.`;
  // Control characters are refused by the server (decision 183); said here so nothing is queued.
  else if (/\p{Cc}/u.test(name)) errors['name'] = t`The symptom cannot contain control characters.`;
  if (draft.severity === undefined) errors['severity'] = t`Choose how severe it is, from 1 to 5.`;
  const note = noteIssue(draft.note);
  if (note) errors['note'] = note;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      symptom: name,
      severity: draft.severity!,
      ...(draft.medicineId ? { medicineId: draft.medicineId } : {}),
      ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
      occurredAt: new Date(now).toISOString(),
    },
  };
}

/** "Blood pressure 128/82", "Weight 154.3 lb": a reading as typed, to name it before the server has it. */
export function readingLabel(type: MeasurementTypeView, input: MeasurementInput): string {
  const values = type.components.map((c) => input.values[c.key]).filter((v) => v !== undefined);
  const unit = typeUnitText(type, input.unit);
  const text = type.type === 'blood-pressure' ? values.slice(0, 2).join('/') : values.join(' ');
  const name = type.label;
  const reading = `${text}${unit && type.type !== 'blood-pressure' ? ` ${unit}` : ''}`;
  return t({
    message: `${name} ${reading}`,
    comment: 'A reading: its type\'s name, then its value and unit, e.g. "Weight 154.3 lb"',
  });
}
