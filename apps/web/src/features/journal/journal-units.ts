import { t } from '@lingui/core/macro';
import type { MeasurementTypeView } from '@medrem/contract';
import { UNIT_TEXT, displayValue, toCanonicalValue, type MeasurementKind } from '@medrem/domain';
import { unitWords } from './journal-type-texts';

/**
 * What the journal screens show of a measurement, in the person's chosen unit. Every number goes
 * through the domain's conversions (decision 265): the screen never converts by its own factor, so
 * what it shows is what the server, the report and the FHIR export say. An own type has one unit,
 * its own: nothing to convert.
 */

/** A target range, either end open. */
export interface TargetRange {
  low?: number | undefined;
  high?: number | undefined;
}

/** "mmHg", "°F", "" for INR (a ratio has no unit); an own type's unit as the person wrote it. */
export function unitText(unit: string): string {
  return unitWords(unit) ?? UNIT_TEXT[unit] ?? unit;
}

export function typeUnitText(type: MeasurementTypeView, unit: string): string {
  return type.unitText[unit] ?? unitText(unit);
}

/** The unit a component is typed and shown in: the pulse keeps beats/min whatever the reading's unit. */
export function componentUnitOf(type: MeasurementTypeView, componentKey: string, unit: string): string {
  const component = type.components.find((c) => c.key === componentKey);
  return type.components.length > 1 && component ? component.unit : unit;
}

/** A canonical value in `unit` (as the person sees it), or back: identity for an own type. */
function convert(
  type: MeasurementTypeView,
  key: string,
  value: number,
  unit: string,
  to: 'display' | 'canonical',
) {
  if (type.custom) return value;
  const shownUnit = componentUnitOf(type, key, unit);
  const kind = type.type as MeasurementKind;
  return to === 'display'
    ? displayValue(kind, key, value, shownUnit)
    : toCanonicalValue(kind, key, value, shownUnit);
}

/** A stored (canonical) target range in the shown unit. */
export function rangeToDisplay(
  type: MeasurementTypeView,
  componentKey: string,
  range: TargetRange,
  unit: string,
): TargetRange {
  const show = (value: number | undefined) =>
    value === undefined ? undefined : convert(type, componentKey, value, unit, 'display');
  return { low: show(range.low), high: show(range.high) };
}

/** A range typed in the shown unit, as stored. */
export function rangeToCanonical(
  type: MeasurementTypeView,
  componentKey: string,
  range: TargetRange,
  unit: string,
): TargetRange {
  const store = (value: number | undefined) =>
    value === undefined ? undefined : convert(type, componentKey, value, unit, 'canonical');
  return { low: store(range.low), high: store(range.high) };
}

/** "90–135 mmHg", "up to 7.8 mmol/L", "" when neither end is set. */
export function rangeText(range: TargetRange, shownUnit: string): string {
  const { low, high } = range;
  const unit = shownUnit;
  if (low !== undefined && high !== undefined) return unit ? t`${low}–${high} ${unit}` : t`${low}–${high}`;
  if (high !== undefined) return unit ? t`up to ${high} ${unit}` : t`up to ${high}`;
  if (low !== undefined) return unit ? t`from ${low} ${unit}` : t`from ${low}`;
  return '';
}

/**
 * A number as typed: "6.2" or "6,2" (a comma is the decimal mark in much of the world), spaces
 * around it ignored. undefined for an empty field; NaN for anything else, which the domain's
 * judgement refuses as "Enter a number." (never a silent 0).
 */
export function parseTypedNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^-?\d+([.,]\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}
