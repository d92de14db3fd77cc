import type { MeasurementEntryView, MeasurementTypeView } from '@medrem/contract';
import {
  MEASUREMENT_KINDS,
  MEASUREMENT_TYPES,
  UNIT_TEXT,
  displayValue,
  formatMeasurement,
  isUnitOf,
  type MeasurementKind,
} from '@medrem/domain';
import { badRequest, notFound } from '../../lib/app-error';
import type { CustomTypeRow, MeasurementRow, PreferenceRow } from './measurement.repository';

/**
 * A measurement type as the journal works with it: a built-in kind from the domain, or one of the
 * person's own (one `value` in their unit text), with the person's display unit and targets.
 */
export interface JournalType {
  ref: string;
  kind: MeasurementKind | null;
  custom: CustomTypeRow | null;
  view: MeasurementTypeView;
}

const KINDS: readonly string[] = MEASUREMENT_KINDS;
/** Row columns holding the components, in the type's order (decision 300). */
const COLUMNS = ['value', 'value2', 'value3'] as const;

export function isKind(ref: string): ref is MeasurementKind {
  return KINDS.includes(ref);
}

export function builtInType(kind: MeasurementKind, preference?: PreferenceRow): JournalType {
  const type = MEASUREMENT_TYPES[kind];
  const displayUnit =
    preference && isUnitOf(kind, preference.displayUnit) ? preference.displayUnit : type.units[0]!;
  return {
    ref: kind,
    kind,
    custom: null,
    view: {
      type: kind,
      custom: false,
      label: type.label,
      loinc: type.loinc,
      units: [...type.units],
      unitText: Object.fromEntries(
        [...new Set([...type.units, ...type.components.map((c) => c.unit)])].map((u) => [
          u,
          UNIT_TEXT[u] ?? u,
        ]),
      ),
      components: type.components.map((c) => ({
        key: c.key,
        label: c.label,
        unit: c.unit,
        min: c.min,
        max: c.max,
        decimals: c.decimals,
        loinc: c.loinc ?? null,
        optional: c.optional ?? false,
      })),
      displayUnit,
      targets: preference?.targets ?? [],
    },
  };
}

export function customType(row: CustomTypeRow, preference?: PreferenceRow): JournalType {
  return {
    ref: row.id,
    kind: null,
    custom: row,
    view: {
      type: row.id,
      custom: true,
      label: row.name,
      loinc: null,
      units: [row.unit],
      unitText: { [row.unit]: row.unit },
      components: [
        {
          key: 'value',
          label: row.name,
          unit: row.unit,
          min: row.min,
          max: row.max,
          decimals: row.decimals,
          loinc: null,
          optional: false,
        },
      ],
      displayUnit: row.unit,
      targets: preference?.targets ?? [],
    },
  };
}

/** Every type of a person: the built-in kinds, then their own, each with its preferences. */
export function allTypes(customs: readonly CustomTypeRow[], preferences: readonly PreferenceRow[]) {
  const preferenceOf = (ref: string) => preferences.find((p) => p.type === ref);
  return [
    ...MEASUREMENT_KINDS.map((kind) => builtInType(kind, preferenceOf(kind))),
    ...customs.map((row) => customType(row, preferenceOf(row.id))),
  ];
}

/** The type `ref` names among a person's, or 404 (another person's own type reads as unknown). */
export function typeOf(types: readonly JournalType[], ref: string): JournalType {
  const type = types.find((t) => t.ref === ref);
  if (!type) throw notFound('No such measurement type of yours.');
  return type;
}

/** A canonical value as shown in `unit` (a component with its own unit, the pulse, keeps it). */
export function shown(type: JournalType, key: string, canonical: number, unit: string): number {
  const component = type.view.components.find((c) => c.key === key);
  if (!component) return canonical;
  if (!type.kind) return round(canonical, component.decimals);
  const componentUnit = type.view.components.length > 1 ? component.unit : unit;
  return displayValue(type.kind, key, canonical, componentUnit);
}

export function shownValues(type: JournalType, values: Record<string, number>, unit: string) {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, shown(type, k, v, unit)]));
}

/** The target band in the display unit (a component with its own unit keeps it): the chart's and the PDF's. */
export function targetsShown(type: JournalType, unit: string) {
  return type.view.targets.map((target) => ({
    component: target.component,
    low: target.low === null ? null : shown(type, target.component, target.low, unit),
    high: target.high === null ? null : shown(type, target.component, target.high, unit),
  }));
}

/** The row's columns for canonical values, and back. */
export function columnsOf(type: JournalType, values: Record<string, number>) {
  const keys = type.view.components.map((c) => c.key);
  const column = (i: number) => (keys[i] === undefined ? null : (values[keys[i]] ?? null));
  const value = column(0);
  if (value === null) throw badRequest(`Enter the ${type.view.components[0]!.label.toLowerCase()}.`);
  return { value, value2: column(1), value3: column(2) };
}

export function valuesOf(type: JournalType, row: Pick<MeasurementRow, (typeof COLUMNS)[number]>) {
  const values: Record<string, number> = {};
  type.view.components.forEach((component, i) => {
    const stored = row[COLUMNS[i]!];
    if (stored !== null && stored !== undefined) values[component.key] = stored;
  });
  return values;
}

export function measurementView(type: JournalType, row: MeasurementRow): MeasurementEntryView {
  const values = valuesOf(type, row);
  const unit = type.view.displayUnit;
  const display = shownValues(type, values, unit);
  const text = type.kind
    ? formatMeasurement(type.kind, values, unit)
    : `${display['value']} ${type.view.units[0]}`.trim();
  return {
    id: row.id,
    type: type.ref,
    values,
    canonicalUnit: type.view.units[0]!,
    enteredUnit: row.enteredUnit,
    display: { unit, values: display, text },
    measuredAt: row.measuredAt.toISOString(),
    mealContext: (row.mealContext as MeasurementEntryView['mealContext']) ?? null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
