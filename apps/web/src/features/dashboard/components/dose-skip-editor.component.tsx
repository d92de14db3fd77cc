import { Trans, useLingui } from '@lingui/react/macro';
import { SKIP_NOTE_MAX, SKIP_REASONS, type SkipReason } from '@medrem/domain';
import { useId, useState } from 'react';
import { skipReasonText } from '../../../i18n/domain-texts';
import { DoseFormFooter } from './dose-form-footer.component';

/**
 * The form that skips a dose (decision 225): why, from a fixed set or no reason, and an optional
 * short note; a refusal (`onSkip` answers its message) is read out where the form is.
 */
export function DoseSkipEditor(props: {
  /** "Metformin, Morning dose": what the form is about, for its legend. */
  doseName: string;
  /** Saves the skip: null when saved, else why not. */
  onSkip: (reason: SkipReason | null, note: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { doseName, onSkip, onClose } = props;
  const [reason, setReason] = useState<SkipReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const save = async () => {
    setBusy(true);
    const refusal = await onSkip(reason, note);
    setBusy(false);
    setError(refusal);
    if (refusal === null) onClose();
  };
  const options: { value: SkipReason | null; label: string }[] = [
    ...SKIP_REASONS.map((value) => ({ value, label: skipReasonText(value) })),
    { value: null, label: t`No reason given` },
  ];
  return (
    <form
      className="mt-2 flex flex-col gap-2 rounded-lg border border-slate-300 bg-white p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset>
        <legend className="mb-1 font-medium text-slate-900">
          <Trans>Skip {doseName}? Why:</Trans>
        </legend>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {options.map((option) => (
            <label key={option.value ?? 'none'} className="flex min-h-11 items-center gap-2 text-slate-800">
              <input
                type="radio"
                name={`${id}-reason`}
                className="size-5"
                checked={reason === option.value}
                onChange={() => setReason(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-note`} className="text-slate-800">
        <Trans>Note (optional)</Trans>
      </label>
      <input
        id={`${id}-note`}
        type="text"
        value={note}
        maxLength={SKIP_NOTE_MAX}
        onChange={(event) => setNote(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-md border border-slate-400 px-2 py-2"
      />
      <DoseFormFooter
        submitLabel={t`Skip dose`}
        busy={busy}
        onCancel={onClose}
        error={error}
        errorId={`${id}-error`}
      />
    </form>
  );
}
