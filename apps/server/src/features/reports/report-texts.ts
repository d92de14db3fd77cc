import { MEASUREMENT_KINDS } from '@medrem/domain';
import { type MessageId, type MessageValues, translate } from '../../i18n/server-catalogs';
import { dateText, timeText } from '../../i18n/server-formats';
import { type TextLanguage, perLanguage } from '../../i18n/server-language';

type DoseStatus = 'taken' | 'missed' | 'extra' | 'skipped';

/** The figures of a medicine or of all of them, as the report counts them. */
export interface ReportFigures {
  due: number;
  taken: number;
  missed: number | null;
  skipped: number;
  rate: number | null;
}

/** Built-in journal kinds whose names the catalogs carry (own types keep the name the person gave). */
const KINDS: ReadonlySet<string> = new Set(MEASUREMENT_KINDS);
const COMPONENTS = new Set(['systolic', 'diastolic', 'pulse', 'glucose']);

/**
 * The words of the doctor's report (PDF and CSV) in its reader's language (issue 54, decision
 * 364: `report.*` in src/i18n/messages/reports/*.json). English keeps the report's forms byte for
 * byte: ISO dates and 24-hour times; any other language reads dates and times through Intl.
 */
function textsIn(language: TextLanguage) {
  const t = (id: MessageId, values?: MessageValues) => translate(language.locale, id, values);
  const english = language.locale === 'en';
  const date = (iso: string) => (english ? iso : dateText(iso, language));
  const time = (hhmm: string) => (english ? hhmm : timeText(hhmm, language));
  /** An ISO date-time with offset ('2026-11-03T08:00:00+01:00') as its local date and time. */
  const dateTime = (iso: string) => `${date(iso.slice(0, 10))} ${time(iso.slice(11, 16))}`;
  const csvDate = english ? (iso: string) => iso : csvDateIn(language.locale);
  const figures = (f: ReportFigures) => {
    if (f.rate === null) return t('report.noDosesDue');
    const values = { rate: f.rate, taken: f.taken, due: f.due, missed: f.missed ?? 0, skipped: f.skipped };
    return t(f.skipped > 0 ? 'report.figuresSkipped' : 'report.figures', values);
  };
  return {
    language,
    /** Right to left: the PDF's lines start at the right margin. */
    rtl: language.locale === 'ar',
    date,
    time,
    dateTime,
    csvDate,
    docTitle: (from: string, to: string) => t('report.docTitle', { from: date(from), to: date(to) }),
    docSubject: t('report.docSubject'),
    title: t('report.title'),
    patient: (who: string) => t('report.patient', { who }),
    period: (from: string, to: string, timeZone: string) =>
      t('report.period', { from: date(from), to: date(to), timeZone }),
    generated: (at: string) => t('report.generated', { at: english ? at : dateTime(at) }),
    adherence: t('report.adherence'),
    allMedicines: t('report.allMedicines'),
    allFigures: (f: ReportFigures) => t('report.allFigures', { figures: figures(f) }),
    medicineFigures: (medicine: string, f: ReportFigures) =>
      t('report.medicineFigures', { medicine, figures: figures(f) }),
    schedule: (schedule: string, pills: number | null) =>
      pills === null
        ? t('report.scheduleTaper', { schedule: schedule || t('report.scheduleNotSet') })
        : t('report.schedule', { schedule: schedule || t('report.scheduleNotSet'), pills }),
    taperStep: (from: string, to: string, dose: string, pills: number) =>
      t('report.taperStep', { from: date(from), to: date(to), dose, pills }),
    course: (from: string, to: string) => t('report.course', { from: date(from), to: date(to) }),
    instructions: (text: string) => t('report.instructions', { text }),
    refills: t('report.refills'),
    noRefills: t('report.noRefills'),
    refillLine: (at: string, name: string, pills: number) =>
      t('report.refillLine', { when: dateTime(at), name, pills }),
    planChanges: t('report.planChanges'),
    planChangeLine: (on: string, name: string, text: string, reason: string | null) =>
      reason
        ? t('report.planChangeLineReason', { date: date(on), name, text, reason })
        : t('report.planChangeLine', { date: date(on), name, text }),
    asNeededHeading: t('report.asNeededHeading'),
    asNeededLine: (name: string, taken: number, overrides: number) =>
      overrides > 0
        ? t('report.asNeededLineOverrides', { name, taken, overrides })
        : t('report.asNeededLine', { name, taken }),
    dosesByDay: t('report.dosesByDay'),
    dosesLegend: t('report.dosesLegend'),
    /** One dose of a day: '20:00 taken at 19:32', '08:00 skipped — Felt unwell'. */
    dose: (d: {
      time: string | null;
      slot: number;
      status: DoseStatus;
      skip: string | null;
      takenAt: string | null;
    }) => {
      const at = d.time ? time(d.time) : t('report.slot', { slot: d.slot + 1 });
      // The skip in words, as the report's view has it ('Skipped — Felt unwell'), after the time.
      if (d.status === 'skipped' && d.skip)
        return t('report.doseSkippedText', {
          time: at,
          skip: english ? d.skip.replace(/^Skipped/, 'skipped') : d.skip,
        });
      if (d.status === 'skipped') return t('report.doseSkipped', { time: at });
      const takenAt = d.takenAt ? time(d.takenAt.slice(11, 16)) : null;
      if (d.status === 'taken')
        return takenAt
          ? t('report.doseTakenAt', { time: at, at: takenAt })
          : t('report.doseTaken', { time: at });
      if (d.status === 'extra')
        return takenAt
          ? t('report.doseExtraAt', { time: at, at: takenAt })
          : t('report.doseExtra', { time: at });
      return t('report.doseMissed', { time: at });
    },
    dayLine: (day: string, doses: readonly string[]) => [date(day), ...doses].join('    '),
    asNeededIntake: (at: string, override: boolean) =>
      t(override ? 'report.asNeededIntakeOverride' : 'report.asNeededIntake', {
        date: date(at.slice(0, 10)),
        time: time(at.slice(11, 16)),
      }),
    footAdherence: t('report.footAdherence'),
    footReplaced: t('report.footReplaced'),
    page: (page: number, pages: number) => t('report.page', { page, pages }),
    // The journal's part (issue 56).
    measurements: t('report.measurements'),
    measurementsLegend: t('report.measurementsLegend'),
    noReadings: t('report.noReadings'),
    weekHeader: (labels: readonly string[]) =>
      [t('report.weekOf'), t('report.readings'), ...labels].join('    '),
    weekLine: (weekStart: string, count: number, numbers: readonly string[]) =>
      [date(weekStart), String(count), ...numbers].join('    '),
    symptoms: t('report.symptoms'),
    noSymptoms: t('report.noSymptoms'),
    symptomLine: (s: {
      at: string;
      symptom: string;
      severity: number;
      medicineName: string | null;
      note: string | null;
    }) =>
      t('report.symptomLine', {
        when: dateTime(s.at),
        symptom: s.symptom,
        severity: s.severity,
        suspected: s.medicineName ? 'yes' : 'no',
        medicine: s.medicineName ?? '',
        hasNote: s.note ? 'yes' : 'no',
        note: s.note ?? '',
      }),
    targetRange: t('report.targetRange'),
    chartLegend: t('report.chartLegend'),
    /** A built-in journal kind's name in this language; an own type's name as given. */
    kindLabel: (type: string, label: string) =>
      KINDS.has(type) ? t(`report.kind.${type}` as MessageId) : label,
    componentLabel: (type: string, key: string, label: string) => {
      if (COMPONENTS.has(key)) return t(`report.component.${key}` as MessageId);
      // A one-number kind's number is named as the kind (the oxygen saturation's 'SpO2' stays).
      return key === 'value' && KINDS.has(type) && type !== 'spo2' && type !== 'inr'
        ? t(`report.kind.${type}` as MessageId)
        : label;
    },
    // The CSV's words.
    csvColumn: (column: string) => (english ? column : t(`report.csv.${column}` as MessageId)),
    csvSection: (section: string) => (english ? section : t(`report.section.${section}` as MessageId)),
    status: (status: DoseStatus | 'start' | 'change' | 'stop' | 'resume') =>
      english ? status : t(`report.status.${status}` as MessageId),
    csvReport: (r: {
      name: string;
      email: string;
      from: string;
      to: string;
      timeZone: string;
      generatedAt: string;
    }) =>
      t('report.csvReport', {
        name: r.name,
        email: r.email,
        from: csvDate(r.from),
        to: csvDate(r.to),
        timeZone: r.timeZone,
        at: english ? r.generatedAt : dateTime(r.generatedAt),
      }),
    pastSafetyLimit: t('report.pastSafetyLimit'),
    pills: (pills: number) => t('report.pills', { pills }),
  };
}

/** A date a spreadsheet in that language reads as a date: '20/12/2026', '20.12.2026'. */
function csvDateIn(locale: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  });
  return (iso) => {
    const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
    return format.format(Date.UTC(year, month - 1, day));
  };
}

export type ReportTexts = ReturnType<typeof textsIn>;

/** The report's words for a reader in `language` (made once per language and clock). */
export const reportTextsFor: (language?: TextLanguage) => ReportTexts = perLanguage(textsIn);
