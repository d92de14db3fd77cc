import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS } from '@medrem/contract/constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonClass, inputClass } from '../../../shared/ui/button.styles';

/**
 * Asks how many pills a refill added (decision 182): a pack by default, which is what the server
 * adds too when no number is sent. The browser's modal <dialog> (decision 052): the page behind is
 * inert, Escape cancels, focus goes to the number and back to the Refill button after.
 */
export function RefillDialog(props: {
  name: string;
  pillsLeft: number;
  packPills: number;
  busy: boolean;
  onRefill: (pills: number) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const { name, pillsLeft, packPills, busy, onRefill, onCancel } = props;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState(String(packPills));
  const pills = Number(text);
  const valid = /^\d+$/.test(text) && pills >= 1 && pillsLeft + pills <= LIMITS.maxPills;
  const after = pillsLeft + pills;
  const most = LIMITS.maxPills - pillsLeft;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    inputRef.current?.select();
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onRefill(pills);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <form className="p-6" onSubmit={submit} noValidate>
        <h2 id={titleId} className="text-xl font-semibold text-slate-900">
          <Trans>Refill {name}</Trans>
        </h2>
        <p id={hintId} className="mt-3 text-slate-700">
          <Trans>How many pills did you add? They are added to the {pillsLeft} left.</Trans>
        </p>
        <label className="mt-4 block font-medium text-slate-900">
          <Trans>Pills added</Trans>
          <input
            ref={inputRef}
            className={`${inputClass} mt-1`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={text}
            aria-invalid={!valid}
            aria-describedby={valid ? undefined : errorId}
            onChange={(event) => setText(event.target.value.trim())}
          />
        </label>
        {valid ? (
          <p className="mt-2 text-sm text-slate-700">
            <Trans>{after} pills after the refill.</Trans>
          </p>
        ) : (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-800">
            <Trans>Enter a whole number of pills from 1 to {most}.</Trans>
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className={buttonClass.primary} disabled={!valid || busy}>
            {valid ? t`Add ${pills} pills` : t`Add pills`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
