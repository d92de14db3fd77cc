import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Medicine } from '@medrem/contract';
import { ERROR_REASONS } from '@medrem/contract/constants';
import { zonedNow } from '@medrem/domain';
import { formatTimeOfDay } from '../../../i18n/intl-formats';
import { useState } from 'react';
import { messageOf, reasonOf } from '../../../lib/api-error';
import { serverClock } from '../../../lib/server-clock';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { confirmDialog } from '../../../shared/dialogs/dialog.store';
import { buttonClass } from '../../../shared/ui/button.styles';
import { useInvalidateMedicines } from '../../medicines/medicines.queries';
import { asNeededLogRange, asNeededWarning, intakesOn } from '../as-needed.model';

/** The limits in plain words, e.g. 'At most 4 in 24 hours, at least 4 hours apart.' */
export function limitsText(schedule: Extract<Medicine['schedule'], { kind: 'asNeeded' }>): string {
  const max = schedule.maxPer24h;
  const minutes = schedule.minIntervalMinutes;
  if (minutes === null) return max === null ? t`No limit set.` : t`At most ${max} in 24 hours.`;
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return max === null
      ? t`At least ${plural(hours, { one: '# hour', other: '# hours' })} apart.`
      : t`At most ${max} in 24 hours, at least ${plural(hours, { one: '# hour', other: '# hours' })} apart.`;
  }
  return max === null
    ? t`At least ${plural(minutes, { one: '# minute', other: '# minutes' })} apart.`
    : t`At most ${max} in 24 hours, at least ${plural(minutes, { one: '# minute', other: '# minutes' })} apart.`;
}

/**
 * One as-needed medicine on the dashboard (decision 120): today's intakes and 'Take now'. The
 * limits are judged before sending by the server's own rule on the intakes this device knows
 * (decision 218), so a refusal, with its reason and the time it becomes allowed, shows at once and
 * offline; the server judges again against every device's intakes and stays the authority. The
 * user may still record a refused dose after an explicit confirmation (marked as an override).
 */
export function AsNeededMedicine(props: { medicine: Medicine; today: string; timeZone: string }) {
  const { t } = useLingui();
  const { medicine, today, timeZone } = props;
  const name = medicine.name;
  const schedule = medicine.schedule?.kind === 'asNeeded' ? medicine.schedule : null;
  const utils = trpc.useUtils();
  const invalidateMedicines = useInvalidateMedicines();
  const log = trpc.medicine.asNeededLog.useQuery({ id: medicine.id, ...asNeededLogRange(today) });
  const take = trpc.medicine.takeAsNeeded.useMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!schedule) return null;

  const record = async (override: boolean) => {
    await take.mutateAsync({ id: medicine.id, override });
    setRefusal(null);
    notify.success(t`${name} marked as taken!`);
    await Promise.all([utils.medicine.asNeededLog.invalidate({ id: medicine.id }), invalidateMedicines()]);
  };
  const askOverride = async (message: string) => {
    setRefusal(message);
    const confirmed = await confirmDialog({
      title: t`Take it anyway?`,
      message: t`${message} Record this dose anyway? It will be marked as over the limit in your history and report.`,
      confirmLabel: t`Yes, record it anyway`,
    });
    if (confirmed) await record(true).catch(() => notify.error(t`Could not record the dose.`));
  };
  const takeNow = async () => {
    const at = serverClock.now().getTime();
    const warning = log.data
      ? asNeededWarning(medicine.name, log.data.intakes, at, schedule, timeZone)
      : null;
    if (warning !== null && !navigator.onLine) {
      setRefusal(warning);
      return;
    }
    if (warning !== null) {
      await askOverride(warning);
      return;
    }
    // The limits are judged by the server against every device's intakes: not queued offline.
    if (!navigator.onLine) {
      notify.warning(
        t`You're offline. An as-needed dose is checked against its limits online, so nothing was recorded.`,
      );
      return;
    }
    try {
      await record(false);
    } catch (error) {
      // Only a safety limit may be overridden; any other refusal (a 409 of the key too) is shown as is.
      if (reasonOf(error) !== ERROR_REASONS.asNeededLimit) {
        notify.error(messageOf(error) ?? t`Could not record the dose. Please try again.`);
        return;
      }
      await askOverride(messageOf(error) ?? t`This dose would pass a safety limit.`);
    }
  };

  const titleId = `as-needed-${medicine.id}-title`;
  const takenToday = intakesOn(log.data?.intakes ?? [], today, timeZone);
  const times = takenToday.length
    ? takenToday
        .map((i) => {
          const time = formatTimeOfDay(zonedNow(new Date(i.takenAt), timeZone).time);
          return i.override ? t`${time} (over the limit)` : time;
        })
        .join(', ')
    : t({ message: 'none', comment: 'Taken today: none (no as-needed dose taken today)' });
  return (
    <section
      aria-labelledby={titleId}
      data-testid={`as-needed-${medicine.id}`}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        <Trans>
          {name} <span className="text-sm font-normal text-slate-700">as needed</span>
        </Trans>
      </h3>
      <p className="text-sm text-slate-700">{limitsText(schedule)}</p>
      <p className="text-sm text-slate-800">
        <Trans>Taken today: {times}</Trans>
      </p>
      {refusal ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {refusal}
        </p>
      ) : null}
      <button
        type="button"
        className={`${buttonClass.primary} mt-auto self-start`}
        disabled={take.isPending}
        onClick={() => void takeNow()}
      >
        <Trans>Take now</Trans>
      </button>
    </section>
  );
}
