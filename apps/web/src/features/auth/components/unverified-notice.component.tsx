import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { messageOf } from '../../../lib/error-message';
import { plainMutation } from '../../../lib/plain-trpc';
import { buttonClass } from '../../../shared/ui/button.styles';

/**
 * Sign-in refused until the address is verified (REQUIRE_EMAIL_VERIFICATION, decision 209): says so
 * and asks for a new link to the address typed in. A plain call: this is the signed-out first load.
 */
export function UnverifiedNotice({ email, message }: { email: string; message: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<{ busy: boolean; said?: string }>({ busy: false });
  const resend = async () => {
    setState({ busy: true });
    try {
      const answer = await plainMutation<{ message: string }>('email.resendVerification', { email });
      setState({ busy: false, said: answer.message });
    } catch (error) {
      setState({
        busy: false,
        said: messageOf(error) ?? t`The mail could not be asked for. Please try again.`,
      });
    }
  };
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p className="text-slate-900">{message}</p>
      <button
        type="button"
        className={`${buttonClass.secondary} self-start`}
        disabled={state.busy}
        onClick={() => void resend()}
      >
        {state.busy ? t`Sending...` : t`Send me a new link`}
      </button>
      {state.said ? <p className="text-sm text-slate-800">{state.said}</p> : null}
    </div>
  );
}
