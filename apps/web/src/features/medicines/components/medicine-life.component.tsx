import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { buttonClass, cardClass, inputClass } from '../../../shared/ui/button.styles';
import { refuseWhenOffline, tellIfUnreachable } from '../../offline/online-only';
import { type Medicine, useInvalidateMedicines } from '../medicines.queries';

/**
 * A medicine's life on its page (issue 58, decision 313): stop taking it from a date, with an
 * optional reason, or resume it; and the history of its plan's changes (decision 314).
 */
export function MedicineLife(props: { medicine: Medicine; today: string }) {
  const { today } = props;
  const headingId = useId();
  // The route's loader filled this query (medicine.get); read it live, so a stop shows at once.
  const medicine = trpc.medicine.get.useQuery({ id: props.medicine.id }).data ?? props.medicine;
  return (
    <section className={cardClass} aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-slate-900">
        <Trans>Taking this medicine</Trans>
      </h2>
      {medicine.stoppedOn ? (
        <StoppedState medicine={medicine} today={today} />
      ) : (
        <StopForm medicine={medicine} today={today} />
      )}
      <PlanHistory id={medicine.id} />
    </section>
  );
}

function StopForm({ medicine, today }: { medicine: Medicine; today: string }) {
  const { t } = useLingui();
  const [stoppedOn, setStoppedOn] = useState(today);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const stop = trpc.medicine.stop.useMutation();
  const invalidate = useInvalidateMedicines();
  const dateId = useId();
  const reasonId = useId();
  const errorId = useId();
  const submit = async () => {
    if (refuseWhenOffline('Stopping')) return;
    setError(null);
    try {
      const trimmed = reason.trim();
      await stop.mutateAsync({ id: medicine.id, stoppedOn, ...(trimmed ? { reason: trimmed } : {}) });
      const name = medicine.name;
      notify.success(t`${name} is stopped from ${stoppedOn}. Its history is kept.`);
      await invalidate();
    } catch (failure) {
      if (!tellIfUnreachable(failure, 'Stopping')) setError(messageOf(failure) ?? t`Stopping failed.`);
    }
  };
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={dateId} className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        <Trans>Stop from</Trans>
        <input
          id={dateId}
          type="date"
          required
          className={inputClass}
          value={stoppedOn}
          onChange={(e) => setStoppedOn(e.target.value)}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      <label htmlFor={reasonId} className="flex grow flex-col gap-1 text-sm font-medium text-slate-800">
        <Trans>Reason (optional)</Trans>
        <input
          id={reasonId}
          type="text"
          maxLength={200}
          className={inputClass}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <button type="submit" className={buttonClass.secondary} disabled={stop.isPending}>
        <Trans>Stop taking</Trans>
      </button>
      {error && (
        <p id={errorId} role="alert" className="text-red-700 sm:basis-full">
          {error}
        </p>
      )}
    </form>
  );
}

function StoppedState({ medicine, today }: { medicine: Medicine; today: string }) {
  const { t } = useLingui();
  const resume = trpc.medicine.resume.useMutation();
  const invalidate = useInvalidateMedicines();
  const planned = (medicine.stoppedOn ?? '') > today;
  const takeAgain = async () => {
    if (refuseWhenOffline('Resuming')) return;
    try {
      await resume.mutateAsync({ id: medicine.id });
      const name = medicine.name;
      notify.success(t`${name} is taken again.`);
    } catch (failure) {
      if (!tellIfUnreachable(failure, 'Resuming')) notify.error(messageOf(failure) ?? t`Resuming failed.`);
    } finally {
      await invalidate();
    }
  };
  const stoppedOn = medicine.stoppedOn;
  const reason = medicine.stopReason;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-slate-800">
        {planned
          ? reason
            ? t`Stops from ${stoppedOn} (${reason}).`
            : t`Stops from ${stoppedOn}.`
          : reason
            ? t`Stopped from ${stoppedOn} (${reason}).`
            : t`Stopped from ${stoppedOn}.`}
      </p>
      <button
        type="button"
        className={buttonClass.primary}
        disabled={resume.isPending}
        onClick={() => void takeAgain()}
      >
        {planned
          ? t`Keep taking it`
          : t({ message: 'Resume', comment: 'Button: take a stopped medicine again' })}
      </button>
    </div>
  );
}

/** Query key: trpc medicine.historyOfChanges {id}; invalidated with every medicine change. */
function PlanHistory({ id }: { id: string }) {
  const history = trpc.medicine.historyOfChanges.useQuery({ id });
  const changes = history.data?.changes ?? [];
  if (changes.length === 0) return null;
  return (
    <>
      <h3 className="mt-4 mb-2 font-semibold text-slate-900">
        <Trans>History of changes</Trans>
      </h3>
      <ol className="flex flex-col gap-1 text-slate-800">
        {changes.map((c) => {
          const effectiveOn = c.effectiveOn;
          const entry = entryText(c);
          const reason = c.reason;
          return (
            <li key={c.id}>
              {reason ? (
                <Trans comment="A change of a medicine's plan: its date, what changed, and why">
                  <span className="font-medium">{effectiveOn}</span>: {entry} ({reason})
                </Trans>
              ) : (
                <Trans comment="A change of a medicine's plan: its date and what changed">
                  <span className="font-medium">{effectiveOn}</span>: {entry}
                </Trans>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** What a change did; a change of the plan itself is said in the server's words. */
function entryText(c: { kind: string; changes: { text: string }[] }): string {
  if (c.kind === 'start') return translate({ message: 'Started', context: 'history of a medicine' });
  if (c.kind === 'stop') return translate({ message: 'Stopped', context: 'history of a medicine' });
  if (c.kind === 'resume') return translate({ message: 'Resumed', context: 'history of a medicine' });
  return c.changes.map((x) => x.text).join('; ');
}
