import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CaredPersonView } from '@medrem/contract';
import { slotNameText } from '../../../i18n/domain-texts';
import { formatTimeOfDay } from '../../../i18n/intl-formats';
import { messageOf } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { confirmDialog } from '../../../shared/dialogs/dialog.store';
import { buttonClass, cardClass } from '../../../shared/ui/button.styles';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useSignedInUser } from '../../auth/auth.context';
import { useInvalidateCare, usePeopleICareFor } from '../care.queries';

const STATUS = {
  taken: {
    label: msg({ message: 'Taken', context: 'a dose’s state', comment: 'A dose’s state: taken' }),
    className: 'bg-green-100 text-green-900',
  },
  'not-taken': { label: msg`Not taken yet`, className: 'bg-amber-100 text-amber-900' },
  upcoming: { label: msg`Later today`, className: 'bg-slate-100 text-slate-800' },
} as const;

/** An as-needed medicine's day: each intake's time, and which passed a safety limit (decision 189). */
function asNeededText(intakes: readonly { time: string; override: boolean }[]): string {
  if (intakes.length === 0) return t`none taken today`;
  const times = intakes
    .map((x) => {
      const time = formatTimeOfDay(x.time);
      return x.override ? t`${time} (past a safety limit)` : time;
    })
    .join(', ');
  const count = intakes.length;
  return t`taken ${plural(count, { one: 'once', other: '# times' })} today: ${times}`;
}

function Person({ person }: { person: CaredPersonView }) {
  const { t } = useLingui();
  const name = person.name;
  const user = useSignedInUser();
  const invalidate = useInvalidateCare();
  const leave = trpc.care.leave.useMutation();
  const { today } = person;
  // Counted from the day's plan, so a dose taken early counts before its time (the server's
  // "due so far" does not count it yet).
  const planned = today.slots.reduce((sum, slot) => sum + slot.planned, 0);
  const taken = today.slots.reduce((sum, slot) => sum + Math.min(slot.taken, slot.planned), 0);
  const onLeave = async () => {
    const sure = await confirmDialog({
      title: t`Stop caring for ${name}?`,
      message: t`You stop seeing their doses and getting their alerts at once. Only a new invitation brings you back.`,
      confirmLabel: t({ message: 'Leave', comment: 'Button: stop caring for a person' }),
      danger: true,
    });
    if (!sure) return;
    try {
      await leave.mutateAsync({ userEmail: user.email, patientId: person.patientId });
      notify.success(t`You no longer care for ${name}.`);
    } catch (error) {
      notify.error(messageOf(error) ?? t`Could not leave. Please try again.`);
    }
    await invalidate();
  };
  const headingId = `care-person-${person.patientId}`;
  return (
    <li className={cardClass} aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {person.name}
          </h3>
          <p className="text-slate-700">
            {t`Today: ${taken} of ${plural(planned, { one: '# dose', other: '# doses' })} taken`}
          </p>
        </div>
        <button type="button" className={buttonClass.secondary} onClick={() => void onLeave()}>
          <Trans>
            Leave<span className="sr-only"> {name}’s circle</span>
          </Trans>
        </button>
      </div>
      {today.slots.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-2" aria-label={t`${name}’s doses today`}>
          {today.slots.map((slot) => {
            const { time, taken: slotTaken, planned: slotPlanned } = slot;
            const slotName = slotNameText(slot.name);
            return (
              <li key={slot.slot} className="flex items-center justify-between gap-2">
                <span className="text-slate-800">
                  {t`${slotName} · ${time} · ${slotTaken} of ${slotPlanned}`}
                </span>
                <span
                  className={`rounded-full px-3 py-1 text-sm font-medium ${STATUS[slot.status].className}`}
                >
                  {t(STATUS[slot.status].label)}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700">
          <Trans>No doses planned today.</Trans>
        </p>
      )}
      {person.medicines ? (
        <div className="mt-3">
          <h4 className="font-medium text-slate-900">
            <Trans>Medicines</Trans>
          </h4>
          <ul className="text-slate-700">
            {person.medicines.map((m, i) => {
              const { taken: medicineTaken, due } = m;
              return (
                <li key={`${m.name}-${i}`}>
                  {m.name}
                  {m.dosage ? ` (${m.dosage})` : ''}:{' '}
                  {m.asNeeded ? asNeededText(m.asNeeded) : t`${medicineTaken} of ${due} taken today`}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/** The caregiver's side: read-only, today's status of each person; no control changes their data. */
export function PeopleICareFor() {
  const { t } = useLingui();
  const { data, isPending, error } = usePeopleICareFor();
  if (isPending) return <Spinner label={t`Loading the people you care for...`} />;
  if (error) return <p role="alert">{messageOf(error) ?? t`Could not load the people you care for.`}</p>;
  if (data.patients.length === 0) {
    return (
      <p className="text-slate-700">
        <Trans>You do not care for anyone yet. Someone can invite you from their Care screen.</Trans>
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label={t`People you care for`}>
      {data.patients.map((p) => (
        <Person key={p.patientId} person={p} />
      ))}
    </ul>
  );
}
