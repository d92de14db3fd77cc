import { t } from '@lingui/core/macro';
import { loadAppCatalog } from '../../i18n/active-locale';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { onFirstIntent } from '../../lib/on-first-intent';
import { buttonClass } from '../../shared/ui/button.styles';
import { useAuth } from '../auth/auth.context';
import { noPasskeysHere, passkeyAutofillSupported, passkeysSupported } from './passkey-support';

const ceremonyUnavailable = () =>
  t`Passkey sign-in could not start. Check your connection and try again, or sign in with your password.`;

/** The ceremony, loaded when a request starts (passkey-support.ts says why). */
// Its texts are in the full app's catalog (decision 361), fetched beside it.
const ceremony = () =>
  Promise.all([import('./passkey-ceremony'), loadAppCatalog()]).then(([module]) => module);

/** No browser takes an IP address as a passkey's site: nothing to offer, and no request to fail. */
const atIpAddress = () => /^[\d.]+$|^\[|:/.test(window.location.hostname);

/**
 * "Sign in with a passkey" under the login form, and the same passkeys offered among the email
 * field's suggestions (conditional UI: the field's autocomplete ends with `webauthn`). The autofill
 * request starts at the visitor's first intent (decision 053), and it waits: the browser answers it
 * only when a passkey is picked. The button's own request replaces it (the library aborts it).
 */
export function PasskeySignIn(props: { disabled: boolean; onSignedIn: () => Promise<void> }) {
  const { passkeyLogin } = useAuth();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { onSignedIn } = props;
  // The latest sign-in for the autofill request, which starts once and may answer much later.
  const finish = useRef<(response: unknown) => Promise<void>>(() => Promise.resolve());
  // Once the button was pressed, a late autofill request must not start (it would abort the button's).
  const pressed = useRef(false);
  useEffect(() => {
    finish.current = async (response: unknown) => {
      await passkeyLogin(response);
      await onSignedIn();
    };
  }, [passkeyLogin, onSignedIn]);

  useEffect(() => {
    if (atIpAddress()) return undefined;
    let active = true;
    let started = false;
    const stopIntent = onFirstIntent(() => {
      void (async () => {
        if (!(await passkeyAutofillSupported()) || !active) return;
        // Offline, the ceremony cannot load, and no sign-in could happen: nothing to offer.
        const loaded = await ceremony().catch(() => null);
        if (!loaded || !active) return;
        const { passkeyAssertion, passkeyCancelled, passkeyFailure } = loaded;
        started = true;
        try {
          const response = await passkeyAssertion(true, () => active && !pressed.current);
          if (active) await finish.current(response);
        } catch (error) {
          // Opportunistic: a cancelled or replaced request says nothing; a refusal is shown.
          if (active && !passkeyCancelled(error)) setMessage(passkeyFailure(error, 'sign-in'));
        }
      })();
    });
    return () => {
      active = false;
      stopIntent();
      if (started) void ceremony().then(({ cancelPasskeyRequest }) => cancelPasskeyRequest());
    };
  }, []);

  const signIn = async () => {
    setMessage(null);
    if (!passkeysSupported() || atIpAddress()) {
      setMessage(noPasskeysHere());
      return;
    }
    pressed.current = true;
    setBusy(true);
    const loaded = await ceremony().catch(() => null);
    try {
      if (!loaded) throw new Error(ceremonyUnavailable());
      await finish.current(await loaded.passkeyAssertion(false));
    } catch (error) {
      setMessage(loaded ? loaded.passkeyFailure(error, 'sign-in') : ceremonyUnavailable());
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={props.disabled || busy}
        onClick={() => void signIn()}
      >
        {busy ? <Trans>Waiting for your passkey…</Trans> : <Trans>Sign in with a passkey</Trans>}
      </button>
      {message ? (
        <p role="alert" className="text-sm text-red-800">
          {message}
        </p>
      ) : null}
    </div>
  );
}
