import type { DoseSchedule } from '@medrem/domain';
import { usesSlots } from '@medrem/domain';
import { frequencyLabelText, scheduleWords } from '../schedule-text.model';

/**
 * The spec's label ('Twice daily', …) with the raw pattern; patterns without a label show only the
 * pattern. A schedule (decision 120) is said in plain words first; kinds without slots ('Every 8
 * hours', 'As needed') show no pattern, since their stored '0' means nothing to a reader.
 */
export function FrequencyText({
  frequency,
  schedule,
}: {
  frequency: string;
  schedule?: DoseSchedule | null;
}) {
  const label = frequencyLabelText(frequency);
  const plan = scheduleWords(schedule);
  return (
    <span>
      {plan ? <span className="block">{plan}</span> : null}
      {label ? <span className="block">{label}</span> : null}
      {usesSlots(schedule) ? <span className="text-sm text-slate-600">{frequency}</span> : null}
    </span>
  );
}
