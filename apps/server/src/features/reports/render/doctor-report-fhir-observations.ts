import type { DoctorReportJournal } from '@medrem/contract';
import { stableUuid } from '../../../lib/stable-uuid';

type Resource = Record<string, unknown> & { resourceType: string; id: string };
type Measurement = DoctorReportJournal['measurements'][number];

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const CATEGORIES = 'http://terminology.hl7.org/CodeSystem/observation-category';
/** Lab results, not vital signs: their Observations say so, as the US Core profiles do. */
const LABORATORY = new Set(['blood-glucose', 'inr']);

/**
 * The journal as FHIR R4 Observations (decision 302): one per reading, coded by LOINC (a blood
 * pressure as the 85354-9 panel with its systolic 8480-6 and diastolic 8462-4 components, the pulse
 * apart as heart rate 8867-4) with UCUM quantities; an own type by its name only, its unit as the
 * person wrote it (not UCUM); symptoms as Observations with the severity 1–5 as an integer. Ids are
 * derived from what they describe, as the report's other resources are.
 */
export function journalObservations(
  journal: DoctorReportJournal,
  patientId: string,
  subject: { reference: string },
): Resource[] {
  const resources: Resource[] = [];
  for (const m of journal.measurements) {
    m.readings.forEach((reading) => {
      const id = (what: string) => stableUuid('observation', patientId, m.type, reading.at, what);
      const base = { status: 'final', subject, effectiveDateTime: reading.at, ...notes(reading) };
      const [first] = m.components;
      if (m.type === 'blood-pressure') {
        resources.push({
          resourceType: 'Observation',
          id: id('panel'),
          ...base,
          category: category('vital-signs'),
          code: loinc(m.loinc!, m.label),
          component: m.components
            .filter((c) => c.key !== 'pulse')
            .map((c) => ({
              code: loinc(c.loinc!, c.label),
              valueQuantity: quantity(m, c, reading.values[c.key]!),
            })),
        });
        const pulse = m.components.find((c) => c.key === 'pulse');
        if (pulse && reading.values['pulse'] !== undefined) {
          resources.push({
            resourceType: 'Observation',
            id: id('pulse'),
            ...base,
            category: category('vital-signs'),
            code: loinc(pulse.loinc!, 'Heart rate'),
            valueQuantity: quantity(m, pulse, reading.values['pulse']),
          });
        }
        return;
      }
      resources.push({
        resourceType: 'Observation',
        id: id('value'),
        ...base,
        category: category(
          m.loinc === null ? 'survey' : LABORATORY.has(m.type) ? 'laboratory' : 'vital-signs',
        ),
        code: m.loinc ? loinc(m.loinc, m.label) : { text: m.label },
        valueQuantity: quantity(m, first!, reading.values[first!.key]!),
      });
    });
  }
  for (const symptom of journal.symptoms ?? []) {
    resources.push({
      resourceType: 'Observation',
      id: stableUuid('observation', patientId, 'symptom', symptom.at, symptom.symptom),
      status: 'final',
      category: category('survey'),
      code: { text: symptom.symptom },
      subject,
      effectiveDateTime: symptom.at,
      valueInteger: symptom.severity,
      ...notes({
        note: [
          `Severity ${symptom.severity} of 5.`,
          symptom.medicineName ? `Suspected side effect of ${symptom.medicineName}.` : '',
          symptom.note ?? '',
        ]
          .filter(Boolean)
          .join(' '),
      }),
    });
  }
  return resources;
}

function category(code: string) {
  return [{ coding: [{ system: CATEGORIES, code }] }];
}

function loinc(code: string, display: string) {
  return { coding: [{ system: LOINC, code, display }], text: display };
}

/** A built-in kind's unit is a UCUM code; an own type's unit is the person's text, without a system. */
function quantity(m: Measurement, component: Measurement['components'][number], value: number) {
  const unitText = component.unit === m.unit ? m.unitText : component.unit;
  if (m.loinc === null) return { value, unit: component.unit };
  return { value, unit: unitText || component.unit, system: UCUM, code: component.unit };
}

function notes(of: { note?: string | null; mealContext?: string | null }) {
  const text = [of.mealContext ? `Meal context: ${of.mealContext}.` : '', of.note ?? '']
    .filter(Boolean)
    .join(' ');
  return text ? { note: [{ text }] } : {};
}
