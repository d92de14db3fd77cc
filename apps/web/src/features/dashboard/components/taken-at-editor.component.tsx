import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';

/**
 * The form that corrects when a taken dose was taken (decision 191): a labelled time field with Save
 * and Cancel; a refusal (`onCorrect` answers its message) is read out where the field is.
 */
export function TakenAtEditor(props: {
  medicineName: string;
  /** The wall time it was taken at, as the form starts. */
  wall: string;
  /** Saves a wall time of the dose's day: null when saved, else why not. */
  onCorrect: (time: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { medicineName, onCorrect, onClose } = props;
  const [value, setValue] = useState(props.wall);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const save = async () => {
    setBusy(true);
    const refusal = await onCorrect(value);
    setBusy(false);
    setError(refusal);
    if (refusal === null) onClose();
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
        <Trans>{medicineName} taken at</Trans>
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
        <Trans>Save</Trans>
      </button>
      <button type="button" className="rounded-md border border-slate-400 px-3 py-1" onClick={onClose}>
        <Trans>Cancel</Trans>
      </button>
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="w-full text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}
