import {
  FUTURE_ERROR,
  MEASUREMENT_FUTURE_TOLERANCE_MINUTES,
  type MeasurementJudgement,
} from './measurement-rules';

/**
 * The health journal's other entries (issue 56): symptoms with a severity, a daily mood, and the
 * person's own measurement types. Limits live here so the contract, the server and the web form
 * say the same thing.
 */

/** A journal note (measurement, symptom, mood), in characters. */
export const JOURNAL_NOTE_MAX = 500;
/** Severity of a symptom and the day's mood: 1 (mild / very low) to 5 (severe / very good). */
export const JOURNAL_SCALE_MIN = 1;
export const JOURNAL_SCALE_MAX = 5;

/** When a glucose reading was taken relative to food: the number means little without it. */
export const MEAL_CONTEXTS = ['fasting', 'before-meal', 'after-meal', 'bedtime', 'other'] as const;
export type MealContext = (typeof MEAL_CONTEXTS)[number];

/**
 * Symptoms and common side effects every person's list starts with; each person adds their own.
 * Plain words a patient uses, not clinical terms.
 */
export const DEFAULT_SYMPTOMS = [
  'Headache',
  'Dizziness',
  'Nausea',
  'Fatigue',
  'Pain',
  'Cough',
  'Shortness of breath',
  'Swelling',
  'Rash',
  'Stomach upset',
  'Trouble sleeping',
  'Anxiety',
] as const;

/** A symptom name and a custom type's name, in characters. */
export const SYMPTOM_NAME_MAX = 60;
/** Own symptoms one person may add (defaults not counted). */
export const MAX_OWN_SYMPTOMS = 100;

/** Custom measurement types: name and unit text lengths, at most this many per person. */
export const CUSTOM_TYPE_NAME_MAX = 60;
export const CUSTOM_UNIT_MAX = 20;
export const MAX_CUSTOM_TYPES = 30;
export const CUSTOM_DECIMALS_MAX = 3;
/** The widest physical range a custom type may declare: beyond it, float rounding shows. */
export const CUSTOM_LIMIT_ABS = 1_000_000;

/** The person's own numeric type: one value in a unit of their own words, within their range. */
export interface CustomMeasurementType {
  name: string;
  unit: string;
  min: number;
  max: number;
  decimals: number;
}

/**
 * Why a custom type's own definition cannot be kept, or null: `problem` names it as a code (the
 * web says it in the page's language, issue 54), `error` in the API's English.
 */
export function customTypeIssue(
  type: CustomMeasurementType,
): { field: string; error: string; problem: 'maxNotAbove' | 'beyondLimits' } | null {
  if (!(type.min < type.max)) {
    return { field: 'max', error: 'The highest value must be above the lowest.', problem: 'maxNotAbove' };
  }
  if (Math.abs(type.min) > CUSTOM_LIMIT_ABS || Math.abs(type.max) > CUSTOM_LIMIT_ABS) {
    const error = `Limits must be between −${CUSTOM_LIMIT_ABS} and ${CUSTOM_LIMIT_ABS}.`;
    return { field: 'max', error, problem: 'beyondLimits' };
  }
  return null;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * A reading of a custom type, judged as `judgeMeasurement` judges a built-in one: the type's own
 * unit (there is no other to convert from), a number within the type's range, and a time not in
 * the future. The value is kept at the type's decimals.
 */
export function judgeCustomMeasurement(input: {
  type: CustomMeasurementType;
  unit: string;
  values: Record<string, number | undefined>;
  takenAt: number;
  now: number;
}): MeasurementJudgement {
  const { type, values } = input;
  if (input.unit !== type.unit) {
    const error = `${type.name} is recorded in ${type.unit || 'no unit'}.`;
    return {
      ok: false,
      field: 'unit',
      error,
      problem: { code: 'unit', units: type.unit ? [type.unit] : [] },
    };
  }
  const extra = Object.keys(values).find((key) => key !== 'value');
  if (extra !== undefined) {
    const error = `${type.name} has no value “${extra}”.`;
    return { ok: false, field: extra, error, problem: { code: 'unknownValue', key: extra } };
  }
  const typed = values['value'];
  if (typed === undefined) {
    return { ok: false, field: 'value', error: `Enter the ${type.name}.`, problem: { code: 'missing' } };
  }
  if (!Number.isFinite(typed)) {
    return { ok: false, field: 'value', error: 'Enter a number.', problem: { code: 'notANumber' } };
  }
  const stored = round(typed, type.decimals);
  if (stored < type.min || stored > type.max) {
    const unit = type.unit ? ` ${type.unit}` : '';
    return {
      ok: false,
      field: 'value',
      error: `${type.name} must be between ${type.min} and ${type.max}${unit}.`,
      problem: { code: 'range', low: type.min, high: type.max, unit: type.unit },
    };
  }
  if (input.takenAt > input.now + MEASUREMENT_FUTURE_TOLERANCE_MINUTES * 60_000) {
    return { ok: false, field: 'takenAt', error: FUTURE_ERROR, problem: { code: 'future' } };
  }
  return { ok: true, values: { value: stored } };
}
