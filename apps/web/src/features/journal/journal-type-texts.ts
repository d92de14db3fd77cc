import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { MeasurementEntryView, MeasurementTypeView } from '@medrem/contract';

/**
 * The built-in measurement types' words in the page's language (issue 54). The server names each
 * type, its values and units in the domain's English (MEASUREMENT_TYPES, UNIT_TEXT: the API, the
 * report, FHIR); the screens say them from the type's kind and each value's key. Unit symbols
 * (mmHg, mg/dL, kg) stay as they are; only words are translated. An own type keeps the person's words.
 */
const TYPE_LABELS: Record<string, MessageDescriptor> = {
  'blood-pressure': msg({ message: 'Blood pressure', comment: 'A health measurement type' }),
  'blood-glucose': msg({ message: 'Blood glucose', comment: 'A health measurement type: blood sugar' }),
  weight: msg({ message: 'Weight', comment: 'A health measurement type: body weight' }),
  temperature: msg({ message: 'Temperature', comment: 'A health measurement type: body temperature' }),
  spo2: msg({ message: 'Oxygen saturation (SpO2)', comment: 'A health measurement type' }),
  inr: msg({
    message: 'INR',
    comment: 'A health measurement type: blood clotting (International Normalized Ratio)',
  }),
  'peak-flow': msg({
    message: 'Peak flow',
    comment: 'A health measurement type: how fast one can breathe out',
  }),
};

/** Each value of a type, by `kind/key`. */
const COMPONENT_LABELS: Record<string, MessageDescriptor> = {
  'blood-pressure/systolic': msg({ message: 'Systolic', comment: 'Blood pressure: the upper number' }),
  'blood-pressure/diastolic': msg({ message: 'Diastolic', comment: 'Blood pressure: the lower number' }),
  'blood-pressure/pulse': msg({
    message: 'Pulse',
    comment: 'Heart beats per minute, measured with blood pressure',
  }),
  'blood-glucose/value': msg({ message: 'Glucose', comment: 'A blood sugar reading’s value' }),
  'weight/value': TYPE_LABELS['weight']!,
  'temperature/value': TYPE_LABELS['temperature']!,
  'spo2/value': msg({ message: 'SpO2', comment: 'Oxygen saturation’s value (a medical abbreviation)' }),
  'inr/value': TYPE_LABELS['inr']!,
  'peak-flow/value': TYPE_LABELS['peak-flow']!,
};

/** Units written as words; every other unit is a symbol (mmHg, °C, kg). */
const UNIT_WORDS: Record<string, MessageDescriptor> = {
  '/min': msg({ message: 'beats/min', comment: 'A pulse’s unit: heart beats per minute' }),
};

const has = (table: Record<string, MessageDescriptor>, key: string) =>
  Object.prototype.hasOwnProperty.call(table, key);

/** A unit's words in the page's language ('beats/min'); undefined for a symbol. */
export function unitWords(unit: string): string | undefined {
  return has(UNIT_WORDS, unit) ? i18n._(UNIT_WORDS[unit]!) : undefined;
}

/** A type's name: a built-in one in the page's language, an own type's as written. */
export function typeLabelText(type: Pick<MeasurementTypeView, 'type' | 'custom' | 'label'>): string {
  return !type.custom && has(TYPE_LABELS, type.type) ? i18n._(TYPE_LABELS[type.type]!) : type.label;
}

/** A built-in type as the screens show it: its name, its values' names and its unit words translated. */
export function translatedType<T extends MeasurementTypeView>(type: T): T {
  if (type.custom || !has(TYPE_LABELS, type.type)) return type;
  const component = (c: T['components'][number]) => {
    const key = `${type.type}/${c.key}`;
    return has(COMPONENT_LABELS, key) ? { ...c, label: i18n._(COMPONENT_LABELS[key]!) } : c;
  };
  const unitText = Object.fromEntries(
    Object.entries(type.unitText).map(([unit, text]) => [unit, unitWords(unit) ?? text]),
  );
  return { ...type, label: typeLabelText(type), components: type.components.map(component), unitText };
}

/**
 * A stored reading's value as the server words it (`display.text`: the domain's formatMeasurement),
 * but for blood pressure's "pulse", said in the page's language: "128/82 mmHg, pulse 64".
 */
export function readingText(entry: Pick<MeasurementEntryView, 'type' | 'values' | 'display'>): string {
  const { systolic, diastolic, pulse } = entry.values;
  if (entry.type !== 'blood-pressure' || pulse === undefined) return entry.display.text;
  const pressure = `${systolic}/${diastolic} mmHg`;
  return t({
    message: `${pressure}, pulse ${pulse}`,
    comment: 'A blood pressure reading and its pulse: "128/82 mmHg, pulse 64"',
  });
}
