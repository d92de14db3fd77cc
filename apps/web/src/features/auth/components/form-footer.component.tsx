import { buttonClass } from '../../../shared/ui/button.styles';

/** The end of the password-reset forms: what the server refused, if anything, and the submit button. */
export function FormFooter(props: {
  failure: string | null;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {props.failure ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {props.failure}
        </p>
      ) : null}
      <button type="submit" className={buttonClass.primary} disabled={props.busy}>
        {props.busy ? props.busyLabel : props.label}
      </button>
    </>
  );
}
