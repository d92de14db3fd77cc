import { RECENT_SIGN_IN_MINUTES } from '@medrem/contract';
import { inputClass } from '../../../shared/ui/button.styles';
import { Field, fieldAria } from '../../../shared/ui/field.component';

/**
 * Who is at the keyboard, asked again before a step that cannot be taken back lightly (decision
 * 198): the password of an account that has one; else the rule of a recent sign-in, said in words.
 * `doing`: what needs it, e.g. "deleting it".
 */
export function IdentityProofField(props: {
  id: string;
  hasPassword: boolean;
  password: string;
  onPassword: (password: string) => void;
  error?: string | undefined;
  doing: string;
}) {
  const { id, hasPassword, password, onPassword, error, doing } = props;
  if (!hasPassword) {
    return (
      <p className="text-sm text-slate-800">
        Your account has no password: {doing} needs a sign-in within the last {RECENT_SIGN_IN_MINUTES}{' '}
        minutes.
      </p>
    );
  }
  return (
    <Field id={id} label="Your password, to confirm" error={error}>
      <input
        {...fieldAria(id, error)}
        type="password"
        autoComplete="current-password"
        className={inputClass}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
    </Field>
  );
}
