import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CARE_DELAY_MINUTES, type CarePermissions } from '@medrem/contract';
import { inputClass } from '../../../shared/ui/button.styles';

const DELAYS = [15, 30, 60, 120, 240, 480, CARE_DELAY_MINUTES.max];

export const delayLabel = (minutes: number): string => {
  const hours = minutes / 60;
  return minutes < 60
    ? plural(minutes, { one: '# minute', other: '# minutes' })
    : plural(hours, { one: '# hour', other: '# hours' });
};

/** What a caregiver may see and when they are alerted: plain checkboxes and a select (no library). */
export function CarePermissionsFields(props: {
  idPrefix: string;
  value: CarePermissions;
  onChange: (value: CarePermissions) => void;
}) {
  const { t } = useLingui();
  const { idPrefix, value, onChange } = props;
  const set = (change: Partial<CarePermissions>) => onChange({ ...value, ...change });
  const check = (key: 'canSeeMedicines' | 'missedDoseAlerts' | 'refillAlerts', label: string) => (
    <label className="flex min-h-11 items-center gap-3" htmlFor={`${idPrefix}-${key}`}>
      <input
        id={`${idPrefix}-${key}`}
        type="checkbox"
        className="size-5 accent-brand-700"
        checked={value[key]}
        onChange={(e) => set({ [key]: e.target.checked })}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-medium text-slate-900">
        <Trans>What they see and when they are alerted</Trans>
      </legend>
      <p className="text-sm text-slate-600">
        <Trans>They always see how many doses you took today. They can never change anything.</Trans>
      </p>
      {check('canSeeMedicines', t`They may also see my medicine list`)}
      {check('missedDoseAlerts', t`Alert them when I miss a dose`)}
      {value.missedDoseAlerts ? (
        <div className="flex flex-col gap-1 ps-8">
          <label htmlFor={`${idPrefix}-delay`} className="text-sm text-slate-700">
            <Trans>How long after my own “still not taken?” alert (which comes 1 hour after the dose)</Trans>
          </label>
          <select
            id={`${idPrefix}-delay`}
            className={`${inputClass} max-w-xs`}
            value={value.missedDelayMinutes}
            onChange={(e) => set({ missedDelayMinutes: Number(e.target.value) })}
          >
            {[...new Set([...DELAYS, value.missedDelayMinutes])]
              .sort((a, b) => a - b)
              .map((minutes) => (
                <option key={minutes} value={minutes}>
                  {delayLabel(minutes)}
                </option>
              ))}
          </select>
        </div>
      ) : null}
      {check('refillAlerts', t`Alert them when a medicine is running out`)}
    </fieldset>
  );
}
