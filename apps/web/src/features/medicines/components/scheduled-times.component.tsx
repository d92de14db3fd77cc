import { Trans } from '@lingui/react/macro';
import { type DerivedMedicineFigures } from '@medrem/domain';
import { formatTimeOfDay } from '../../../i18n/intl-formats';

/** The medicine form's scheduled times and what follows from them (doses a day, course pills). */
export function ScheduledTimes(props: {
  id: string;
  /** Hidden for a schedule without slot doses (every N hours, as needed). */
  shown: boolean;
  derived: DerivedMedicineFigures & { slotsWithoutTime: number[] };
  /** On the user's default times: a dose without a default time is pointed out. */
  usualTimes: boolean;
}) {
  const { dosesPerDay, originalTotalPills } = props.derived;
  const doses = props.derived.slotsWithoutTime.map((slot) => slot + 1).join(', ');
  return (
    <div className={props.shown ? 'flex flex-col gap-1 md:col-span-2' : 'hidden'}>
      <span id={`${props.id}-label`} className="font-medium text-slate-800">
        <Trans>Scheduled Times</Trans>
      </span>
      <output aria-labelledby={`${props.id}-label`} aria-live="polite" className="flex flex-wrap gap-2">
        {props.derived.scheduledTimes.length ? (
          props.derived.scheduledTimes.map((time) => (
            <span key={time} className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800">
              {formatTimeOfDay(time)}
            </span>
          ))
        ) : (
          <span className="text-slate-600">
            <Trans>Set by the dose times you choose.</Trans>
          </span>
        )}
      </output>
      {props.derived.slotsWithoutTime.length && props.usualTimes ? (
        <p className="text-sm text-amber-900">
          <Trans>Dose {doses} has no default reminder time; add one in Settings.</Trans>
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        <Trans>
          Doses per day: <strong>{dosesPerDay}</strong> · Pills for the whole course:{' '}
          <strong>{originalTotalPills}</strong>
        </Trans>
      </p>
    </div>
  );
}
