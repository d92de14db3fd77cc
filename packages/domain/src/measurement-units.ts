import { MEASUREMENT_TYPES, UNIT_TEXT, type MeasurementKind } from './measurement-types';

/**
 * Conversions between a display unit and the canonical one, as exact factors: the pound is
 * 0.45359237 kg by definition (1959), glucose's molar mass 180.156 g/mol makes 1 mmol/L
 * 18.0156 mg/dL, and Fahrenheit is an affine map. `toCanonical(fromCanonical(x))` returns x at the
 * canonical unit's precision, so a value shown and saved again unchanged is never altered.
 */
interface Conversion {
  toCanonical: (value: number) => number;
  fromCanonical: (value: number) => number;
  /** Decimal places shown in this unit. */
  decimals: number;
}

const GLUCOSE_MG_PER_MMOL = 18.0156;
const KG_PER_POUND = 0.45359237;

const CONVERSIONS: Record<string, Conversion> = {
  'mg/dL': {
    toCanonical: (v) => v / GLUCOSE_MG_PER_MMOL,
    fromCanonical: (v) => v * GLUCOSE_MG_PER_MMOL,
    decimals: 0,
  },
  '[lb_av]': { toCanonical: (v) => v * KG_PER_POUND, fromCanonical: (v) => v / KG_PER_POUND, decimals: 1 },
  '[degF]': {
    toCanonical: (v) => ((v - 32) * 5) / 9,
    fromCanonical: (v) => (v * 9) / 5 + 32,
    decimals: 1,
  },
};

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** The units a kind may be shown in (the canonical one first). */
export function unitsOf(kind: MeasurementKind): readonly string[] {
  return MEASUREMENT_TYPES[kind].units;
}

export function isUnitOf(kind: MeasurementKind, unit: string): boolean {
  return unitsOf(kind).includes(unit);
}

/** A value typed in `unit` as stored: in the canonical unit, at its precision. */
export function toCanonicalValue(
  kind: MeasurementKind,
  componentKey: string,
  value: number,
  unit: string,
): number {
  const component = componentOf(kind, componentKey);
  if (unit === component.unit) return round(value, component.decimals);
  const conversion = CONVERSIONS[unit];
  if (!conversion || !isUnitOf(kind, unit)) throw new Error(`${unit} is no unit of ${kind}`);
  return round(conversion.toCanonical(value), component.decimals);
}

/** A stored value as shown in `unit`, rounded to what that unit shows. */
export function displayValue(
  kind: MeasurementKind,
  componentKey: string,
  canonical: number,
  unit: string,
): number {
  const component = componentOf(kind, componentKey);
  if (unit === component.unit) return round(canonical, displayDecimals(kind, unit, component.decimals));
  const conversion = CONVERSIONS[unit];
  if (!conversion || !isUnitOf(kind, unit)) throw new Error(`${unit} is no unit of ${kind}`);
  return round(conversion.fromCanonical(canonical), conversion.decimals);
}

/** Decimal places a person sees: glucose in mmol/L with one, weight in kg with one. */
function displayDecimals(kind: MeasurementKind, unit: string, canonicalDecimals: number): number {
  if (kind === 'blood-glucose' || kind === 'weight' || kind === 'temperature') return 1;
  return CONVERSIONS[unit]?.decimals ?? canonicalDecimals;
}

/** "120/80 mmHg", "6.2 mmol/L", "154.3 lb": a reading in words, in the chosen unit. */
export function formatMeasurement(
  kind: MeasurementKind,
  values: Record<string, number>,
  unit: string,
): string {
  const type = MEASUREMENT_TYPES[kind];
  if (kind === 'blood-pressure') {
    const pressure = `${values['systolic']}/${values['diastolic']} ${UNIT_TEXT['mm[Hg]']}`;
    return values['pulse'] === undefined ? pressure : `${pressure}, pulse ${values['pulse']}`;
  }
  const [component] = type.components;
  const shown = displayValue(kind, component!.key, values[component!.key]!, unit);
  const text = UNIT_TEXT[unit] ?? unit;
  return text ? `${shown} ${text}` : String(shown);
}

function componentOf(kind: MeasurementKind, key: string) {
  const component = MEASUREMENT_TYPES[kind].components.find((c) => c.key === key);
  if (!component) throw new Error(`${kind} has no ${key}`);
  return component;
}
