import { t } from '@lingui/core/macro';
import { messageOf, statusOf } from '../../lib/error-message';
import { plainMutation } from '../../lib/plain-trpc';
import { noPasskeysHere, passkeysSupported } from './passkey-support';

/**
 * The browser's side of a passkey (WebAuthn through @simplewebauthn/browser, decision 290). The
 * library is imported only when a ceremony starts: the login page is part of the signed-out first
 * load (decision 051), and most visits never use a passkey. Whether the browser can is asked of the
 * browser itself, without the library.
 */
const library = () => import('@simplewebauthn/browser');

type Options = Record<string, unknown>;

export { noPasskeysHere, passkeyAutofillSupported, passkeysSupported } from './passkey-support';

/**
 * The browser's answer for a sign-in: the options from the server (a fresh challenge each time),
 * then the browser's own dialog, or the email field's suggestions when `autofill`. A plain call, as
 * the signed-out first paint has no tRPC client. `wanted`: asked once the options are here.
 */
export async function passkeyAssertion(autofill: boolean, wanted = () => true): Promise<unknown> {
  const [{ options }, { startAuthentication }] = await Promise.all([
    plainMutation<{ options: Options }>('passkey.signInOptions', {}),
    library(),
  ]);
  // Starting a request aborts the one waiting: an autofill request whose options came late must not
  // abort the button's, started meanwhile.
  if (!wanted()) throw new DOMException('Replaced by another passkey request', 'AbortError');
  return startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    useBrowserAutofill: autofill,
  });
}

/** The browser's answer for a new passkey, to options the server made for this account. */
export async function passkeyAttestation(options: Options): Promise<unknown> {
  const { startRegistration } = await library();
  return startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
}

/** Ends a waiting autofill request (leaving the page, or starting the button's own). */
export async function cancelPasskeyRequest(): Promise<void> {
  (await library()).WebAuthnAbortService.cancelCeremony();
}

/** Whether the person closed the browser's dialog (or a newer request replaced this one). */
export function passkeyCancelled(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}

/** A failed ceremony in words for the person: the server's own message when it answered. */
export function passkeyFailure(error: unknown, doing: 'sign-in' | 'add'): string {
  if (passkeyCancelled(error)) {
    return doing === 'sign-in'
      ? t`Passkey sign-in was cancelled. Try again, or sign in with your password.`
      : t`No passkey was added: the request was cancelled or timed out.`;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return t`This device already holds a passkey for your account.`;
  }
  // The page's address cannot be a passkey's site (an IP address, say); the server says so too.
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') return noPasskeysHere();
  if (statusOf(error) === undefined && !passkeysSupported()) return noPasskeysHere();
  return (
    messageOf(error) ??
    (doing === 'sign-in' ? t`Passkey sign-in failed. Please try again.` : t`The passkey could not be added.`)
  );
}
