import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { isUrgentRefill } from '@medrem/domain';
import { Pill } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { RefillReminder } from '@medrem/contract';
import { httpStatusOf, messageOf } from '../../../lib/api-error';
import { lazyNamed } from '../../../lib/lazy-named';
import { trpc } from '../../../lib/trpc';
import { notify } from '../../../lib/toast';
import { buttonClass, cardClass } from '../../../shared/ui/button.styles';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useInvalidateMedicines } from '../../medicines/medicines.queries';
import { useRefillReminders } from '../refills.queries';

// Its own chunk, fetched when Refill is pressed: a refill needs the server, so the offline start
// (precached, issue 9's 600 KB) need not carry the dialog.
const RefillDialog = lazyNamed(() => import('./refill-dialog.component'), 'RefillDialog');

export const NO_REFILLS_TEXT = msg`No refills needed at this time.`;
const NOT_FOUND_TEXT = msg`No refill reminders found.`;
const LOAD_FAILED_TEXT = msg`Something went wrong. Please try again later.`;

const loadErrorText = (error: unknown) =>
  i18n._(httpStatusOf(error) === 404 ? NOT_FOUND_TEXT : LOAD_FAILED_TEXT);

export function RefillRemindersPanel() {
  const { t } = useLingui();
  const reminders = useRefillReminders();
  const refill = trpc.medicine.refill.useMutation();
  const invalidate = useInvalidateMedicines();
  const [busy, setBusy] = useState(false);
  // The reminder whose refill dialog is open: Refill asks how many pills were added (decision 182).
  const [asking, setAsking] = useState<RefillReminder | null>(null);

  // Spec: pressing Refill disables the buttons, reloads the list after the call, then clears busy.
  const onRefill = async (id: string, pills: number) => {
    setBusy(true);
    try {
      await refill.mutateAsync({ id, pills });
      setAsking(null);
    } catch (error) {
      console.error('Refill failed', error);
      notify.error(
        httpStatusOf(error) === 404
          ? t(NOT_FOUND_TEXT)
          : (messageOf(error) ?? t`Failed to refill. Please try again later.`),
      );
    }
    await invalidate();
    setBusy(false);
  };

  return (
    <section className={cardClass} aria-labelledby="refills-title">
      <h2 id="refills-title" className="mb-4 text-xl font-semibold text-slate-900">
        <Trans>Refill Reminders</Trans>
      </h2>
      {reminders.isPending ? (
        <Spinner label={t`Loading refill reminders...`} />
      ) : reminders.isError ? (
        <p role="alert" className="text-red-700">
          {loadErrorText(reminders.error)}
        </p>
      ) : reminders.data.length === 0 ? (
        <p className="text-slate-700">{t(NO_REFILLS_TEXT)}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reminders.data.map((reminder) => {
            const urgent = isUrgentRefill(reminder);
            const { name, pillsLeft, daysLeft } = reminder;
            return (
              <li
                key={reminder.id}
                className={`flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 ${
                  urgent ? 'border-red-300 bg-red-50' : 'border-slate-200'
                }`}
              >
                <div className="flex items-start gap-3">
                  <Pill aria-hidden="true" className="mt-1 size-5 text-brand-700" />
                  <div>
                    <p className="font-semibold text-slate-900">
                      {reminder.name}{' '}
                      {urgent ? (
                        <span className="ms-1 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
                          <Trans>Urgent</Trans>
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-slate-700">
                      {t`${plural(pillsLeft, { one: `${pillsLeft} pill`, other: `${pillsLeft} pills` })} left · ${plural(daysLeft, { one: `${daysLeft} day`, other: `${daysLeft} days` })} left`}
                    </p>
                    {urgent ? (
                      <p className="text-sm font-medium text-red-800">
                        <Trans>Please refill it</Trans>
                      </p>
                    ) : null}
                  </div>
                </div>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  disabled={busy}
                  aria-label={t`Refill ${name}`}
                  onClick={() => setAsking(reminder)}
                >
                  <Trans comment="Button: record that a medicine was refilled">Refill</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {asking ? (
        <Suspense fallback={null}>
          <RefillDialog
            name={asking.name}
            pillsLeft={asking.pillsLeft}
            packPills={asking.packPills}
            busy={busy}
            onRefill={(pills) => void onRefill(asking.id, pills)}
            onCancel={() => setAsking(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
