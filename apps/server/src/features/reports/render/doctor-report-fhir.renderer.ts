import { stableUuid } from '../../../lib/stable-uuid';
import type { DoctorReportMedicine, DoctorReportView } from '@medrem/contract';
import { journalObservations } from './doctor-report-fhir-observations';

type Resource = Record<string, unknown> & { resourceType: string; id: string };
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * The doctor's report as a FHIR R4 Bundle (type collection): the Patient, one MedicationStatement
 * per medicine (dosage, timing, course, adherence in a note) and one MedicationAdministration per
 * recorded taken dose (the slot's time that day with the zone's offset) or as-needed intake, and
 * the journal's Observations when asked for (decision 302). Ids
 * are UUIDs derived from what they describe, so the same report exported twice has the same ids
 * and a clinic importing both updates rather than duplicates.
 */
export function renderDoctorReportFhir(report: DoctorReportView): Record<string, unknown> {
  const patientId = report.patient.userId;
  const subject = {
    reference: `urn:uuid:${patientId}`,
    display: report.patient.name || report.patient.email,
  };
  const resources: Resource[] = [
    {
      resourceType: 'Patient',
      id: patientId,
      ...(report.patient.name ? { name: [{ text: report.patient.name }] } : {}),
      telecom: [{ system: 'email', value: report.patient.email }],
    },
  ];
  for (const m of report.medicines) {
    const statementId = stableUuid('statement', m.medicineId);
    const medication = { text: m.dosage ? `${m.name} ${m.dosage}` : m.name };
    resources.push(statement(statementId, m, report, subject, medication));
    for (const day of m.days) {
      for (const dose of day.doses) {
        if (dose.taken === 0 || !dose.at) continue;
        // effectiveDateTime: when it was taken (decision 191), where known; else when it was due.
        resources.push(
          administration(
            stableUuid('dose', m.medicineId, day.date, String(dose.slot)),
            dose.takenAt ?? dose.at,
            {
              m,
              subject,
              medication,
              statementId,
              pills: dose.taken * dose.pillsPerDose,
            },
          ),
        );
      }
    }
    for (const intake of m.asNeeded) {
      resources.push(
        administration(stableUuid('as-needed', m.medicineId, intake.at), intake.at, {
          m,
          subject,
          medication,
          statementId,
          pills: m.pillsPerDose,
        }),
      );
    }
  }
  // The health journal's readings and symptoms, when the report was asked for them (issue 56).
  if (report.journal) resources.push(...journalObservations(report.journal, patientId, subject));
  return {
    resourceType: 'Bundle',
    id: stableUuid('bundle', patientId, report.from, report.to),
    meta: { lastUpdated: report.generatedAt },
    type: 'collection',
    timestamp: report.generatedAt,
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}

function statement(
  id: string,
  m: DoctorReportMedicine,
  report: DoctorReportView,
  subject: { reference: string },
  medication: { text: string },
): Resource {
  // R4's 'stopped' (decision 313): taken no more before the course's end.
  const stopped = m.stoppedOn !== null && m.stoppedOn <= report.today;
  const status = stopped
    ? 'stopped'
    : m.endDate < report.today
      ? 'completed'
      : m.startDate > report.today
        ? 'intended'
        : 'active';
  const stopReason = m.planChanges.findLast((c) => c.kind === 'stop')?.reason;
  const adherence =
    m.rate === null
      ? `No doses were due from ${report.from} to ${report.to}.`
      : `Adherence ${report.from} to ${report.to}: ${m.rate}% (${m.taken} of ${m.due} doses taken, ${m.missed ?? 0} missed${m.skipped > 0 ? `, ${m.skipped} skipped` : ''}).`;
  const notes = [
    adherence,
    ...m.refills.map((r) => `Refilled with ${r.pills} pills at ${r.at}.`),
    // Decision 314: the plan's changes, each with the day it applied from.
    ...m.planChanges
      .filter((c) => c.kind !== 'start')
      .map((c) => `From ${c.effectiveOn}: ${c.text}${c.reason ? ` (${c.reason})` : ''}.`),
  ];
  return {
    resourceType: 'MedicationStatement',
    id,
    status,
    ...(stopped && stopReason ? { statusReason: [{ text: stopReason }] } : {}),
    medicationCodeableConcept: medication,
    subject,
    effectivePeriod: { start: m.startDate, end: m.endDate },
    dateAsserted: report.generatedAt,
    dosage: dosages(m),
    // Adherence and refills have no field of their own in R4; notes carry them in words.
    note: notes.map((text) => ({ text })),
  };
}

/**
 * Dosage with a timing a system can read, and the schedule in words for what timing cannot say. A
 * taper has one Dosage a step (FHIR's `sequence`), each with its days and its pills (decision 186).
 */
function dosages(m: DoctorReportMedicine): Record<string, unknown>[] {
  if (!m.steps) return [dosage(m, m.pillsPerDose, { start: m.startDate, end: m.endDate })];
  return m.steps.map((step, index) => ({
    sequence: index + 1,
    ...dosage(m, step.pillsPerDose, { start: step.from, end: step.to }),
    text: `${step.dose}, ${step.from} to ${step.to}`,
  }));
}

function dosage(
  m: DoctorReportMedicine,
  pillsPerDose: number,
  bounds: { start: string; end: string },
): Record<string, unknown> {
  const base = {
    text: m.schedule,
    ...(m.instructions ? { patientInstruction: m.instructions } : {}),
    doseAndRate: [{ doseQuantity: { value: pillsPerDose, unit: 'pill' } }],
  };
  if (m.kind === 'asNeeded') return { ...base, asNeededBoolean: true };
  const repeat: Record<string, unknown> = { boundsPeriod: bounds };
  if (m.kind === 'interval') {
    if (m.everyHours) Object.assign(repeat, { frequency: 1, period: m.everyHours, periodUnit: 'h' });
  } else if (m.times.length > 0) {
    Object.assign(repeat, {
      frequency: m.times.length,
      period: 1,
      periodUnit: 'd',
      timeOfDay: m.times.map((t) => `${t}:00`),
    });
  }
  if (m.weekdays) repeat.dayOfWeek = m.weekdays.map((d) => WEEKDAYS[d]);
  return { ...base, timing: { repeat } };
}

function administration(
  id: string,
  at: string,
  of: {
    m: DoctorReportMedicine;
    subject: { reference: string };
    medication: { text: string };
    statementId: string;
    /** Pills the administration took: its doses × that day's pills per dose. */
    pills: number;
  },
): Resource {
  return {
    resourceType: 'MedicationAdministration',
    id,
    status: 'completed',
    medicationCodeableConcept: of.medication,
    subject: of.subject,
    effectiveDateTime: at,
    supportingInformation: [{ reference: `urn:uuid:${of.statementId}` }],
    dosage: { dose: { value: of.pills, unit: 'pill' } },
  };
}
