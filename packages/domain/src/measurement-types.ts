/**
 * The health journal's measurement types (issue 56): each stored in one canonical unit, shown in
 * the unit the person chose, and judged against physical limits (values no living person's reading
 * can have: a typing slip, refused) before anything is stored. Codes for FHIR: LOINC and UCUM.
 */
export const MEASUREMENT_KINDS = [
  'blood-pressure',
  'blood-glucose',
  'weight',
  'temperature',
  'spo2',
  'inr',
  'peak-flow',
] as const;
export type MeasurementKind = (typeof MEASUREMENT_KINDS)[number];

/** One number of a reading: blood pressure has three (systolic, diastolic, pulse). */
export interface MeasurementComponent {
  key: string;
  label: string;
  /** The canonical unit values are stored in (UCUM code). */
  unit: string;
  /** Physical limits in the canonical unit, inclusive. */
  min: number;
  max: number;
  /** Decimal places kept in the canonical unit. */
  decimals: number;
  loinc?: string;
  optional?: boolean;
}

export interface MeasurementType {
  kind: MeasurementKind;
  label: string;
  /** The LOINC code of the reading as a whole (a panel for blood pressure). */
  loinc: string;
  components: readonly MeasurementComponent[];
  /** Units the person may choose to see and type; the first is the canonical one. */
  units: readonly string[];
}

export const MEASUREMENT_TYPES: Record<MeasurementKind, MeasurementType> = {
  'blood-pressure': {
    kind: 'blood-pressure',
    label: 'Blood pressure',
    loinc: '85354-9',
    units: ['mm[Hg]'],
    components: [
      { key: 'systolic', label: 'Systolic', unit: 'mm[Hg]', min: 40, max: 300, decimals: 0, loinc: '8480-6' },
      {
        key: 'diastolic',
        label: 'Diastolic',
        unit: 'mm[Hg]',
        min: 20,
        max: 200,
        decimals: 0,
        loinc: '8462-4',
      },
      {
        key: 'pulse',
        label: 'Pulse',
        unit: '/min',
        min: 20,
        max: 300,
        decimals: 0,
        loinc: '8867-4',
        optional: true,
      },
    ],
  },
  'blood-glucose': {
    kind: 'blood-glucose',
    label: 'Blood glucose',
    loinc: '2339-0',
    units: ['mmol/L', 'mg/dL'],
    components: [{ key: 'value', label: 'Glucose', unit: 'mmol/L', min: 0.5, max: 60, decimals: 2 }],
  },
  weight: {
    kind: 'weight',
    label: 'Weight',
    loinc: '29463-7',
    units: ['kg', '[lb_av]'],
    components: [{ key: 'value', label: 'Weight', unit: 'kg', min: 0.3, max: 650, decimals: 3 }],
  },
  temperature: {
    kind: 'temperature',
    label: 'Temperature',
    loinc: '8310-5',
    units: ['Cel', '[degF]'],
    components: [{ key: 'value', label: 'Temperature', unit: 'Cel', min: 25, max: 45, decimals: 2 }],
  },
  spo2: {
    kind: 'spo2',
    label: 'Oxygen saturation (SpO2)',
    loinc: '59408-5',
    units: ['%'],
    components: [{ key: 'value', label: 'SpO2', unit: '%', min: 50, max: 100, decimals: 0 }],
  },
  inr: {
    kind: 'inr',
    label: 'INR',
    loinc: '6301-6',
    units: ['{INR}'],
    components: [{ key: 'value', label: 'INR', unit: '{INR}', min: 0.5, max: 15, decimals: 1 }],
  },
  'peak-flow': {
    kind: 'peak-flow',
    label: 'Peak flow',
    loinc: '19935-6',
    units: ['L/min'],
    components: [{ key: 'value', label: 'Peak flow', unit: 'L/min', min: 30, max: 1000, decimals: 0 }],
  },
};

/** How each unit reads to a person. */
export const UNIT_TEXT: Record<string, string> = {
  'mm[Hg]': 'mmHg',
  '/min': 'beats/min',
  'mmol/L': 'mmol/L',
  'mg/dL': 'mg/dL',
  kg: 'kg',
  '[lb_av]': 'lb',
  Cel: '°C',
  '[degF]': '°F',
  '%': '%',
  '{INR}': '',
  'L/min': 'L/min',
};
