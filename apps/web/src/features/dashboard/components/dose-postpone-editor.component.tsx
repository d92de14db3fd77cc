import { Trans, useLingui } from '@lingui/react/macro';
import { postponeProblem, quickPostponeTimes } from '@medrem/domain';
import { formatTimeOfDay } from '../../../i18n/intl-formats';
import { useId, useState } from 'react';
import { postponeProblemWords } from '../postpone-problem.model';
import { DoseFormFooter } from './dose-form-footer.component';

/**
 * The choice of a later time today: quick choices, or a time of the day; refused ones say why. The
 * dose page a reminder opens uses it too (decision 343).
 */
export function DosePostponeEditor(props: {
  doseName: string;
  plannedTime: string;
  now: { date: string; time: string; minutes: number; hour: number };
  onPostpone: (newTime: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { doseName, plannedTime, now } = props;
  const id = useId();
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = async (to: string) => {
    const problem = postponeProblem({ date: now.date, today: now.date, plannedTime, to, nowTime: now.time });
    const refusal = problem ? postponeProblemWords(problem) : await props.onPostpone(to);
    setError(refusal);
    if (refusal === null) props.onClose();
  };
  const quick = quickPostponeTimes(now.minutes).filter((q) => q.time > plannedTime);
  return (
    <form
      className="mt-2 flex flex-col gap-2 rounded-lg border border-slate-300 bg-white p-3 text-sm"
      aria-labelledby={`${id}-legend`}
      onSubmit={(event) => {
        event.preventDefault();
        void save(time);
      }}
    >
      <p id={`${id}-legend`} className="font-medium text-slate-900">
        <Trans>Postpone {doseName} to a later time today</Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        {quick.map((q) => {
          const time = formatTimeOfDay(q.time);
          const minutes = q.minutes;
          const hours = q.minutes / 60;
          return (
            <button
              key={q.minutes}
              type="button"
              className="min-h-11 rounded-md border border-brand-700 px-3 text-brand-800"
              onClick={() => void save(q.time)}
            >
              {minutes < 60
                ? t({
                    message: `+${minutes} min (${time})`,
                    comment: 'Postpone by this many minutes, to this time',
                  })
                : t({
                    message: `+${hours} h (${time})`,
                    comment: 'Postpone by this many hours, to this time',
                  })}
            </button>
          );
        })}
      </div>
      <label htmlFor={`${id}-time`} className="text-slate-800">
        <Trans>Another time today</Trans>
      </label>
      <input
        id={`${id}-time`}
        type="time"
        value={time}
        required
        onChange={(event) => setTime(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-40 rounded-md border border-slate-400 px-2 py-2"
      />
      <DoseFormFooter
        submitLabel={t`Postpone dose`}
        onCancel={props.onClose}
        error={error}
        errorId={`${id}-error`}
      />
    </form>
  );
}
