/**
 * What the login page needs of passkeys before anyone uses one: whether the browser can, and the
 * words when it cannot. Apart from the ceremony (passkey-ceremony.ts), which the login page loads
 * only when a passkey request starts, so that it is not part of the signed-out first load or the
 * offline start's precache (issue 9's 600 KB): signing in needs the network anyway.
 */
import { t } from '@lingui/core/macro';

/** Whether this browser has WebAuthn at all (an old browser, or a page not in a secure context). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Whether the email field can offer passkeys among its suggestions (conditional UI). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const check = (
    window.PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> }
  ).isConditionalMediationAvailable;
  return typeof check === 'function' ? check.call(window.PublicKeyCredential).catch(() => false) : false;
}

/** Said when this browser or this address cannot use passkeys (in the page's language when called). */
export const noPasskeysHere = (): string =>
  t`This browser cannot use passkeys here. Sign in with your email and password instead.`;
