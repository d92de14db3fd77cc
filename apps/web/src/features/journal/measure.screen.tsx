import { Trans, useLingui } from '@lingui/react/macro';
import { addDays, measurementSettled, minDate, zonedNow } from '@medrem/domain';
import { formatTimeOfDay } from '../../i18n/intl-formats';
import { Link } from '@tanstack/react-router';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { usePageTitle } from '../../lib/page-title.hook';
import { serverClock } from '../../lib/server-clock';
import { notify } from '../../lib/toast';
import { useZonedNow } from '../../lib/use-zoned-now.hook';
import { buttonClass, cardClass } from '../../shared/ui/button.styles';
import { Spinner } from '../../shared/ui/spinner.component';
import { useSignedInUser } from '../auth/auth.context';
import { usePendingWrites } from '../offline/pending-writes.store';
import { useSettings } from '../settings/settings.queries';
import { MeasurementForm } from './components/measurement-form.component';
import { type MeasurementInput, readingLabel } from './journal-drafts';
import { useJournalTypes, useQueueJournalEntry } from './journal.queries';
import { trpc } from '../../lib/trpc';

/**
 * The page a measurement reminder opens (decision 331, /journal?measure=<type>&due=<instant>: the
 * journal's route, so the signed-in start carries no route of its own): the reading of its type,
 * for the time it was due. Saving it goes through the write queue like any reading (decision 307); once a reading
 * of the type from an hour before that time on is known, the page says so and asks nothing more,
 * by the rule the engine settles the reminder with (`measurementSettled`).
 */
export function MeasureScreen({ type: typeRef, due }: { type: string; due: string | undefined }) {
  const { t } = useLingui();
  usePageTitle(t`Reading`, t`Enter the reading a reminder asked for.`);
  const { settings } = useSettings();
  const timeZone = settings?.timezone ?? browserTimeZone();
  const now = useZonedNow(timeZone);
  const user = useSignedInUser();
  const types = useJournalTypes();
  const queue = useQueueJournalEntry();
  const dueAt = due === undefined ? Number.NaN : Date.parse(due);
  const dueLocal = Number.isNaN(dueAt) ? undefined : zonedNow(new Date(dueAt), timeZone);
  const from = minDate(dueLocal?.date ?? now.date, now.date);
  const readings = trpc.journal.measurements.useQuery(
    { from: addDays(from, -1), to: now.date, type: typeRef },
    { select: (d) => d.measurements },
  );
  const pending = usePendingWrites(user.id).filter(
    (e) =>
      e.kind === 'journal' && e.call.procedure === 'createMeasurement' && e.call.body['type'] === typeRef,
  );

  if (!types.data) return <Spinner label={t`Loading...`} />;
  const type = types.data.find((t) => t.type === typeRef);
  if (!type || dueLocal === undefined) {
    return (
      <div className={`${cardClass} mx-auto max-w-xl space-y-3`}>
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Reading</Trans>
        </h1>
        <p role="alert" className="text-slate-800">
          <Trans>This reminder’s measurement is no longer in your journal.</Trans>
        </p>
        <Link to="/journal" search={{}} className={buttonClass.secondary}>
          <Trans>Open the journal</Trans>
        </Link>
      </div>
    );
  }
  const answers = (at: unknown) => typeof at === 'string' && measurementSettled(dueAt, Date.parse(at));
  const recorded = readings.data?.find((r) => answers(r.measuredAt));
  const waiting = pending.some((e) => e.kind === 'journal' && answers(e.call.body['measuredAt']));
  const save = async (input: MeasurementInput) => {
    const label = readingLabel(type, input);
    await queue({ procedure: 'createMeasurement', body: { ...input } }, label);
    notify.success(t`${label} saved.`);
  };
  const statusText = () => {
    if (recorded) {
      const time = formatTimeOfDay(zonedNow(new Date(recorded.measuredAt), timeZone).time);
      return t`Recorded at ${time}. Nothing more is needed for this reminder.`;
    }
    if (waiting) return t`Saved on this device, will be sent when online.`;
    const time = formatTimeOfDay(dueLocal.time);
    const date = dueLocal.date;
    return date === now.date
      ? t`Due at ${time}: not recorded yet.`
      : t`Due at ${time} on ${date}: not recorded yet.`;
  };
  const status = statusText();
  const name = type.label;

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>{name} reading</Trans>
      </h1>
      <p role="status" className="text-slate-800">
        {status}
      </p>
      {recorded || waiting || !readings.data ? null : (
        <div className={cardClass}>
          <MeasurementForm
            types={types.data}
            only={type.type}
            timeZone={timeZone}
            now={{ date: now.date, time: now.time, at: serverClock.now().getTime() }}
            onSave={save}
          />
        </div>
      )}
      <Link to="/journal" search={{}} className={buttonClass.secondary}>
        <Trans>Open the journal</Trans>
      </Link>
    </div>
  );
}
