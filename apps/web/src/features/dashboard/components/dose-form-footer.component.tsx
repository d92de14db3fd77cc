import { Trans } from '@lingui/react/macro';

/**
 * The end of a dose's small form (skip, postpone): its submit and Cancel, and the refusal read out
 * where the form is (`errorId` is what the field's aria-describedby names).
 */
export function DoseFormFooter(props: {
  submitLabel: string;
  busy?: boolean;
  onCancel: () => void;
  error: string | null;
  errorId: string;
}) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={props.busy}
          className="min-h-11 rounded-md bg-brand-700 px-4 font-medium text-white disabled:opacity-60"
        >
          {props.submitLabel}
        </button>
        <button
          type="button"
          className="min-h-11 rounded-md border border-slate-400 px-4"
          onClick={props.onCancel}
        >
          <Trans>Cancel</Trans>
        </button>
      </div>
      {props.error ? (
        <p id={props.errorId} role="alert" className="text-red-800">
          {props.error}
        </p>
      ) : null}
    </>
  );
}
