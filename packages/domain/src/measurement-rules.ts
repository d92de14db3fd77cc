import { MEASUREMENT_TYPES, UNIT_TEXT, type MeasurementKind } from './measurement-types';
import { displayValue, isUnitOf, toCanonicalValue } from './measurement-units';

/** How far ahead of the clock a reading's time may be (a device a little fast), in minutes. */
export const MEASUREMENT_FUTURE_TOLERANCE_MINUTES = 5;

export type MeasurementJudgement =
  { ok: true; values: Record<string, number> } | { ok: false; field: string; error: string };

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
    };
  }
  const canonical: Record<string, number> = {};
  for (const component of type.components) {
    const typed = values[component.key];
    if (typed === undefined) {
      if (component.optional) continue;
      return { ok: false, field: component.key, error: `Enter the ${component.label.toLowerCase()}.` };
    }
    if (!Number.isFinite(typed)) return { ok: false, field: component.key, error: `Enter a number.` };
    // Components with their own unit (the pulse) are typed in it whatever the reading's unit.
    const typedUnit = type.components.length > 1 ? component.unit : unit;
    const stored = toCanonicalValue(kind, component.key, typed, typedUnit);
    if (stored < component.min || stored > component.max) {
      const [low, high] = [component.min, component.max].map((limit) =>
        typedUnit === component.unit ? limit : displayValue(kind, component.key, limit, typedUnit),
      );
      return {
        ok: false,
        field: component.key,
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
      return { ok: false, field: key, error: `${type.label} has no value “${key}”.` };
    }
  }
  if (kind === 'blood-pressure' && canonical['systolic']! <= canonical['diastolic']!) {
    return {
      ok: false,
      field: 'diastolic',
      error: 'The systolic (upper) number must be above the diastolic.',
    };
  }
  if (input.takenAt > input.now + MEASUREMENT_FUTURE_TOLERANCE_MINUTES * 60_000) {
    return { ok: false, field: 'takenAt', error: 'A reading cannot be recorded in the future.' };
  }
  return { ok: true, values: canonical };
}

function textOf(unit: string): string {
  return UNIT_TEXT[unit] ?? unit;
}
