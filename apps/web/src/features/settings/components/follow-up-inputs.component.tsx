import { FOLLOW_UP_MINUTES, FOLLOW_UP_TIMES } from '@medrem/domain';
import { inputClass } from '../../../shared/ui/button.styles';
import type { fieldAria } from '../../../shared/ui/field.component';

// Apart from the Settings tab's fields: the medicine form and list use these too, and the list is
// part of the offline start, which must not carry Headless UI (the tab's Toggle; first-load-budget.test.ts).

/** The follow-ups' minutes as typed, here and in the medicine form (decision 255), which judge them. */
export function FollowUpMinutesInput(
  props: { value: string; onChange: (typed: string) => void } & ReturnType<typeof fieldAria>,
) {
  const { value, onChange, ...aria } = props;
  return (
    <input
      type="number"
      inputMode="numeric"
      min={FOLLOW_UP_MINUTES.min}
      max={FOLLOW_UP_MINUTES.max}
      step={1}
      className={`${inputClass} max-w-32`}
      value={value}
      {...aria}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The choices of how many follow-ups (0–6), here and in the medicine form (decision 255). */
export function FollowUpTimesOptions() {
  return Array.from({ length: FOLLOW_UP_TIMES.max - FOLLOW_UP_TIMES.min + 1 }, (_, i) => (
    <option key={i} value={FOLLOW_UP_TIMES.min + i}>
      {FOLLOW_UP_TIMES.min + i}
    </option>
  ));
}
