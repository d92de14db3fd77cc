import { Trans, useLingui } from '@lingui/react/macro';
import {
  ADDED_REMINDER_TIME,
  DEFAULT_TAKE_EARLY_MINUTES,
  MAX_DOSE_SLOTS,
  MAX_TAKE_EARLY_MINUTES,
  slotNameForTime,
  type SlotName,
} from '@medrem/domain';
import { Plus, X } from 'lucide-react';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';
import { Field } from '../../../shared/ui/field.component';
import { WholeNumberField } from '../../../shared/forms/whole-number-field.component';
import type { ReminderTimeRow } from '../reminder-times-plan';
import { TimeZoneSelect } from './time-zone-select.component';

const TAKE_EARLY_BOUNDS = { min: 0, max: MAX_TAKE_EARLY_MINUTES };

/** 'Default Reminder Times': a time input per slot with a remove button; 'Add Time' appends 12:00. */
export function MedicineTimesTab(props: {
  rows: ReminderTimeRow[];
  onRowsChange: (rows: ReminderTimeRow[]) => void;
  timezone: string;
  onTimezoneChange: (zone: string) => void;
  /** Decision 190: how many minutes before its time a dose may be marked taken. */
  takeEarlyMinutes: number | undefined;
  onTakeEarlyChange: (minutes: number) => void;
}) {
  const { t } = useLingui();
  const { rows, onRowsChange } = props;
  const maxEarly = MAX_TAKE_EARLY_MINUTES;
  /** A time's label: the slot its time falls in (domain's SlotName) and its number in the list. */
  const slotLabel = (slot: SlotName, number: number): string => {
    switch (slot) {
      case 'Morning':
        return t`Morning ${number}`;
      case 'Afternoon':
        return t`Afternoon ${number}`;
      case 'Evening':
        return t`Evening ${number}`;
      case 'Night':
        return t`Night ${number}`;
    }
  };
  const setTime = (index: number, time: string) =>
    onRowsChange(rows.map((row, i) => (i === index ? { ...row, time } : row)));
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">
          <Trans>Default Reminder Times</Trans>
        </h2>
        <p className="text-slate-700">
          <Trans>
            Each time is a dose slot. Times are kept in order when you save; medicines keep their doses at the
            times they had.
          </Trans>
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const number = index + 1;
          const slotName = /^\d{2}:\d{2}$/.test(row.time) ? slotNameForTime(row.time) : null;
          return (
            <li key={row.slot ?? `new-${index}`} className="flex items-center gap-2">
              <label htmlFor={`reminder-time-${index}`} className="w-28 font-medium text-slate-800">
                {slotName === null ? t`Time ${number}` : slotLabel(slotName, number)}
              </label>
              <input
                id={`reminder-time-${index}`}
                type="time"
                className={`${inputClass} max-w-44`}
                value={row.time}
                onChange={(e) => setTime(index, e.target.value)}
              />
              <button
                type="button"
                className={buttonClass.icon}
                aria-label={t`Remove reminder time ${number}`}
                disabled={rows.length <= 1}
                onClick={() => onRowsChange(rows.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </li>
          );
        })}
      </ul>
      <div>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={rows.length >= MAX_DOSE_SLOTS}
          onClick={() => onRowsChange([...rows, { time: ADDED_REMINDER_TIME, slot: null }])}
        >
          <Plus aria-hidden="true" className="size-5" />
          <Trans>Add Time</Trans>
        </button>
      </div>
      <div className="border-t border-slate-200 pt-4">
        <WholeNumberField
          id="settings-take-early"
          label={t`Take a dose early (minutes before its time)`}
          hint={t`A dose can be marked taken up to this long before its time (0 to ${maxEarly}).`}
          bounds={TAKE_EARLY_BOUNDS}
          step={5}
          widthClass="max-w-44"
          value={props.takeEarlyMinutes ?? DEFAULT_TAKE_EARLY_MINUTES}
          onChange={props.onTakeEarlyChange}
        />
      </div>
      <div className="border-t border-slate-200 pt-4">
        <Field
          id="settings-timezone"
          label={t`Time Zone`}
          hint={t`Dose times are wall-clock times in this zone.`}
        >
          <TimeZoneSelect id="settings-timezone" value={props.timezone} onChange={props.onTimezoneChange} />
        </Field>
      </div>
    </div>
  );
}
