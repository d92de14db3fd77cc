import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type DoctorReportFormat, reportRangeProblem } from '@medrem/contract';
import { addDays, isValidIsoDate } from '@medrem/domain';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { buttonClass, cardClass, inputClass } from '../../../shared/ui/button.styles';
import { Field, fieldAria } from '../../../shared/ui/field.component';
import { useSignedInUser } from '../../auth/auth.context';
import { useJournalTypes } from '../../journal/journal.queries';
import { downloadDoctorReport } from '../doctor-report.download';

const FORMATS: { format: DoctorReportFormat; label: MessageDescriptor }[] = [
  { format: 'pdf', label: msg`Download PDF` },
  { format: 'csv', label: msg`Download CSV` },
  { format: 'fhir', label: msg`Download FHIR (JSON)` },
];

/** What is wrong with a range before asking the server (which checks it again), or undefined. */
export function rangeProblem(from: string, to: string, today: string): string | undefined {
  if (!isValidIsoDate(from) || !isValidIsoDate(to)) return t`Please choose both dates.`;
  if (to > today) return t`The report can end today at the latest.`;
  return reportRangeProblem({ from, to })?.message;
}

/**
 * The doctor's report (decision 101): a range of days (the last 30 by default) and one button per
 * file. The file is made on the server from the monthly report's rule and downloaded with the token.
 */
export function DoctorReport({ today }: { today: string }) {
  const { t } = useLingui();
  const user = useSignedInUser();
  const [from, setFrom] = useState(() => addDays(today, -29));
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState<DoctorReportFormat | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const problem = rangeProblem(from, to, today);
  // The journal's parts (issue 56): every type's readings and the symptoms unless unticked.
  const types = useJournalTypes();
  const [left, setLeft] = useState<string[]>([]);
  const [symptoms, setSymptoms] = useState(true);
  // The contract takes at most 10 types: the first ten ticked (7 built-in ones, then own types).
  const measurements = (types.data ?? [])
    .map((t) => t.type)
    .filter((t) => !left.includes(t))
    .slice(0, 10);

  const download = async (format: DoctorReportFormat) => {
    setDone(undefined);
    if (problem) return setError(problem);
    setError(undefined);
    setBusy(format);
    try {
      const name = await downloadDoctorReport({
        email: user.email,
        format,
        from,
        to,
        measurements,
        symptoms,
      });
      setDone(t`Downloaded ${name}.`);
    } catch (cause) {
      setError(messageOf(cause) ?? t`The report could not be downloaded. Please try again.`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="doctor-report-title" className={`${cardClass} mt-4 space-y-3`}>
      <div>
        <h2 id="doctor-report-title" className="text-lg font-semibold text-slate-900">
          <Trans>Doctor&apos;s report</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>
            Your medicines with dosage and schedule, every dose taken or missed, adherence and refills, for
            the days you choose (at most a year), with the readings and symptoms you tick below. PDF to print,
            CSV for a spreadsheet, FHIR for a clinic’s system.
          </Trans>
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id="doctor-report-from"
          label={t({
            message: 'From',
            context: 'report period',
            comment: "The first day of the doctor's report",
          })}
        >
          <input
            type="date"
            className={inputClass}
            value={from}
            max={to || today}
            onChange={(e) => setFrom(e.target.value)}
            {...fieldAria('doctor-report-from', undefined)}
          />
        </Field>
        <Field
          id="doctor-report-to"
          label={t({
            message: 'To',
            context: 'report period',
            comment: "The last day of the doctor's report",
          })}
        >
          <input
            type="date"
            className={inputClass}
            value={to}
            max={today}
            onChange={(e) => setTo(e.target.value)}
            {...fieldAria('doctor-report-to', undefined)}
          />
        </Field>
      </div>
      <fieldset>
        <legend className="font-medium text-slate-800">
          <Trans>From your journal</Trans>
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {[
            ...(types.data ?? []).map((t) => ({ key: t.type, label: t.label })),
            { key: '', label: t`Symptoms` },
          ].map(({ key, label }) => (
            <label key={key || 'symptoms'} className="inline-flex min-h-11 items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={key ? !left.includes(key) : symptoms}
                onChange={(e) =>
                  key
                    ? setLeft(e.target.checked ? left.filter((k) => k !== key) : [...left, key])
                    : setSymptoms(e.target.checked)
                }
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {FORMATS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className={format === 'pdf' ? buttonClass.primary : buttonClass.secondary}
            disabled={busy !== null}
            aria-busy={busy === format}
            onClick={() => void download(format)}
          >
            <Download aria-hidden="true" className="size-5" />
            {busy === format ? t`Preparing…` : t(label)}
          </button>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p aria-live="polite" className="text-sm text-slate-700">
        {done}
      </p>
    </section>
  );
}
