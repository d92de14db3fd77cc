import { MEASUREMENT_TYPES, UNIT_TEXT, type MeasurementKind } from './measurement-types';
import { displayValue, isUnitOf, toCanonicalValue } from './measurement-units';

/** How far ahead of the clock a reading's time may be (a device a little fast), in minutes. */
export const MEASUREMENT_FUTURE_TOLERANCE_MINUTES = 5;

/**
 * Why a reading is refused, as a code with the numbers and units its sentence names (issue 54):
 * the web says it in the page's language with the type's and the field's names; `error` beside it
 * is the English the API's 400 gives.
 */
export type MeasurementProblem =
  | { code: 'unit'; units: readonly string[] }
  | { code: 'missing' }
  | { code: 'notANumber' }
  | { code: 'range'; low: number; high: number; unit: string }
  | { code: 'unknownValue'; key: string }
  | { code: 'systolicNotAbove' }
  | { code: 'future' };

export type MeasurementJudgement =
  | { ok: true; values: Record<string, number> }
  | { ok: false; field: string; error: string; problem: MeasurementProblem };

/**
 * A reading as typed, judged before anything is stored: a known unit, every required number, each
 * within physical limits (in the unit typed, so the message names what the person sees), a
 * systolic above its diastolic, and a time not in the future. Returns the canonical values.
 */
export function judgeMeasurement(input: {
  kind: MeasurementKind;
  unit: string;
  values: Record<string, number | undefined>;
  takenAt: number;
  now: number;
}): MeasurementJudgement {
  const { kind, unit, values } = input;
  const type = MEASUREMENT_TYPES[kind];
  if (!isUnitOf(kind, unit)) {
    return {
      ok: false,
      field: 'unit',
      error: `${type.label} is recorded in ${type.units.map(textOf).join(' or ')}.`,
      problem: { code: 'unit', units: type.units },
    };
  }
  const canonical: Record<string, number> = {};
  for (const component of type.components) {
    const typed = values[component.key];
    if (typed === undefined) {
      if (component.optional) continue;
      const error = `Enter the ${component.label.toLowerCase()}.`;
      return { ok: false, field: component.key, error, problem: { code: 'missing' } };
    }
    if (!Number.isFinite(typed)) {
      return { ok: false, field: component.key, error: `Enter a number.`, problem: { code: 'notANumber' } };
    }
    // Components with their own unit (the pulse) are typed in it whatever the reading's unit.
    const typedUnit = type.components.length > 1 ? component.unit : unit;
    const stored = toCanonicalValue(kind, component.key, typed, typedUnit);
    if (stored < component.min || stored > component.max) {
      const [low = component.min, high = component.max] = [component.min, component.max].map((limit) =>
        typedUnit === component.unit ? limit : displayValue(kind, component.key, limit, typedUnit),
      );
      return {
        ok: false,
        field: component.key,
        problem: { code: 'range', low, high, unit: typedUnit },
        error: `${component.label} must be between ${low} and ${high} ${textOf(typedUnit)}.`.replace(
          / \.$/,
          '.',
        ),
      };
    }
    canonical[component.key] = stored;
  }
  for (const key of Object.keys(values)) {
    if (!type.components.some((c) => c.key === key)) {
      const error = `${type.label} has no value “${key}”.`;
      return { ok: false, field: key, error, problem: { code: 'unknownValue', key } };
    }
  }
  if (kind === 'blood-pressure' && canonical['systolic']! <= canonical['diastolic']!) {
    return {
      ok: false,
      field: 'diastolic',
      error: 'The systolic (upper) number must be above the diastolic.',
      problem: { code: 'systolicNotAbove' },
    };
  }
  if (input.takenAt > input.now + MEASUREMENT_FUTURE_TOLERANCE_MINUTES * 60_000) {
    return { ok: false, field: 'takenAt', error: FUTURE_ERROR, problem: { code: 'future' } };
  }
  return { ok: true, values: canonical };
}

/** The future reading's refusal, in English (built-in and own types alike). */
export const FUTURE_ERROR = 'A reading cannot be recorded in the future.';

function textOf(unit: string): string {
  return UNIT_TEXT[unit] ?? unit;
}
