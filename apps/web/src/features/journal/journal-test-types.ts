import type { MeasurementTypeView } from '@medrem/contract';
import { MEASUREMENT_TYPES, UNIT_TEXT, type MeasurementKind } from '@medrem/domain';

/** A built-in type as journal.types answers it (tests only): the domain's table, no targets. */
export function typeView(kind: MeasurementKind, displayUnit?: string): MeasurementTypeView {
  const type = MEASUREMENT_TYPES[kind];
  return {
    type: kind,
    custom: false,
    label: type.label,
    loinc: type.loinc,
    units: [...type.units],
    unitText: UNIT_TEXT,
    components: type.components.map((c) => ({ ...c, loinc: c.loinc ?? null, optional: c.optional ?? false })),
    displayUnit: displayUnit ?? type.units[0]!,
    targets: [],
  };
}
