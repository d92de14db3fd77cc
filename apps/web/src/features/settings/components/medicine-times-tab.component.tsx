import {
  ADDED_REMINDER_TIME,
  DEFAULT_TAKE_EARLY_MINUTES,
  MAX_DOSE_SLOTS,
  MAX_TAKE_EARLY_MINUTES,
  slotNameForTime,
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
  const { rows, onRowsChange } = props;
  const setTime = (index: number, time: string) =>
    onRowsChange(rows.map((row, i) => (i === index ? { ...row, time } : row)));
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Default Reminder Times</h2>
        <p className="text-slate-700">
          Each time is a dose slot. Times are kept in order when you save; medicines keep their doses at the
          times they had.
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {rows.map((row, index) => (
          <li key={row.slot ?? `new-${index}`} className="flex items-center gap-2">
            <label htmlFor={`reminder-time-${index}`} className="w-28 font-medium text-slate-800">
              {/^\d{2}:\d{2}$/.test(row.time) ? slotNameForTime(row.time) : 'Time'} {index + 1}
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
              aria-label={`Remove reminder time ${index + 1}`}
              disabled={rows.length <= 1}
              onClick={() => onRowsChange(rows.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </li>
        ))}
      </ul>
      <div>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={rows.length >= MAX_DOSE_SLOTS}
          onClick={() => onRowsChange([...rows, { time: ADDED_REMINDER_TIME, slot: null }])}
        >
          <Plus aria-hidden="true" className="size-5" />
          Add Time
        </button>
      </div>
      <div className="border-t border-slate-200 pt-4">
        <WholeNumberField
          id="settings-take-early"
          label="Take a dose early (minutes before its time)"
          hint={`A dose can be marked taken up to this long before its time (0 to ${MAX_TAKE_EARLY_MINUTES}).`}
          bounds={TAKE_EARLY_BOUNDS}
          step={5}
          widthClass="max-w-44"
          value={props.takeEarlyMinutes ?? DEFAULT_TAKE_EARLY_MINUTES}
          onChange={props.onTakeEarlyChange}
        />
      </div>
      <div className="border-t border-slate-200 pt-4">
        <Field id="settings-timezone" label="Time Zone" hint="Dose times are wall-clock times in this zone.">
          <TimeZoneSelect id="settings-timezone" value={props.timezone} onChange={props.onTimezoneChange} />
        </Field>
      </div>
    </div>
  );
}
