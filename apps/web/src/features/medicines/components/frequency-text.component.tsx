import { frequencyLabel } from '@medrem/domain';

/** The spec's label ('Twice daily', …) with the raw pattern; patterns without a label show only the pattern. */
export function FrequencyText({ frequency }: { frequency: string }) {
  const label = frequencyLabel(frequency);
  return (
    <span>
      {label ? <span className="block">{label}</span> : null}
      <span className="text-sm text-slate-600">{frequency}</span>
    </span>
  );
}
