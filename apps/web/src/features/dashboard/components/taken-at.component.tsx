import type { Medicine } from '@medrem/contract';
import { formatTime12h, zonedNow } from '@medrem/domain';
import { useId, useState } from 'react';
import { useCorrectTakenAt } from '../use-correct-taken-at.hook';

/** A taken dose's "taken at…", wired to the server (decision 191). */
export function DoseTakenAt(props: {
  medicine: Pick<Medicine, 'id' | 'name'>;
  date: string;
  slot: number;
  takenAt: string;
  timeZone: string;
}) {
  const { correct } = useCorrectTakenAt({
    medicineId: props.medicine.id,
    date: props.date,
    slot: props.slot,
    timeZone: props.timeZone,
  });
  return (
    <TakenAt
      medicineName={props.medicine.name}
      takenAt={props.takenAt}
      timeZone={props.timeZone}
      onCorrect={correct}
    />
  );
}

/**
 * When a taken dose was taken, and a small form to correct it: "Taken at 7:32 PM · Change" opens a
 * labelled time field with Save and Cancel; a refusal (`onCorrect` answers its message) is read out
 * where the field is.
 */
export function TakenAt(props: {
  medicineName: string;
  takenAt: string;
  timeZone: string;
  /** Saves a wall time of the dose's day: null when saved, else why not. */
  onCorrect: (time: string) => Promise<string | null>;
}) {
  const { medicineName, takenAt, timeZone, onCorrect } = props;
  const wall = zonedNow(new Date(takenAt), timeZone).time;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(wall);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  if (!editing) {
    return (
      <p className="text-sm text-green-800">
        Taken at {formatTime12h(wall)}{' '}
        <button
          type="button"
          className="ml-1 text-brand-700 underline"
          aria-label={`Change when ${medicineName} was taken (taken at ${formatTime12h(wall)})`}
          onClick={() => {
            setValue(wall);
            setError(null);
            setEditing(true);
          }}
        >
          Change
        </button>
      </p>
    );
  }
  const save = async () => {
    setBusy(true);
    const refusal = await onCorrect(value);
    setBusy(false);
    setError(refusal);
    if (refusal === null) setEditing(false);
  };
  return (
    <form
      className="mt-1 flex flex-wrap items-center gap-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={fieldId} className="text-slate-800">
        {medicineName} taken at
      </label>
      <input
        id={fieldId}
        type="time"
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(event) => setValue(event.target.value)}
        className="rounded-md border border-slate-400 px-2 py-1"
      />
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-700 px-3 py-1 font-medium text-white disabled:opacity-60"
      >
        Save
      </button>
      <button
        type="button"
        className="rounded-md border border-slate-400 px-3 py-1"
        onClick={() => setEditing(false)}
      >
        Cancel
      </button>
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="w-full text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}
