import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { notify } from '../../../lib/toast';
import { useSignInProviders } from './sign-in-providers.hook';

/** `provider`: its name ('Google', the OpenID Connect provider's label), undefined when unknown. */
export const LINKED_MESSAGE = (provider: string | undefined) =>
  provider === undefined
    ? t`Your provider sign-in is now linked to your existing account (same verified email). You can use either; Settings, Profile lists both.`
    : t`Your ${provider} sign-in is now linked to your existing account (same verified email). You can use either; Settings, Profile lists both.`;

/**
 * The provider opened a password account whose address was never verified, and the server locked
 * out whoever registered it (decision 219): said plainly, with what is gone and the way back.
 */
export const SECURED_MESSAGE = (provider: string | undefined) =>
  provider === undefined
    ? t`Your provider sign-in opened the account registered with this email. That address had never been verified, so to lock out whoever registered it we removed its password, signed out its devices and removed its caregivers, calendar link and open invitations. Set a password in Settings, Profile if you want one.`
    : t`Your ${provider} sign-in opened the account registered with this email. That address had never been verified, so to lock out whoever registered it we removed its password, signed out its devices and removed its caregivers, calendar link and open invitations. Set a password in Settings, Profile if you want one.`;

/** Long enough to read the message above. */
export const SECURED_TOAST = { durationMs: 15_000 };

type Notice = 'linked' | 'secured' | null;

// Once per page load, even if the provider remounts (the address is cleaned right after).
let reported = false;

function readNotice(search: string): { error: string | null; signedIn: Notice } {
  const params = new URLSearchParams(search);
  const signin = params.get('signin');
  return {
    error: params.get('signin_error'),
    signedIn: signin === 'linked' || signin === 'secured' ? signin : null,
  };
}

/**
 * The OpenID Connect callback ends in a full-page redirect, so it reports through the URL:
 * `signin_error` (on /login), `signin=linked` or `signin=secured`. Each is shown once, then removed from the address.
 * `search` is the page's query string (passed in: the hook also renders at build time, decision 058).
 */
export function useSignInNotice(search: string) {
  const [notice] = useState(() => readNotice(search));
  // The provider's name, only when there is something to say about it.
  const providers = useSignInProviders(notice.signedIn !== null);
  const label = providers?.oidc?.label;
  const ready = notice.signedIn === null || providers !== undefined;
  useEffect(() => {
    if ((!notice.error && !notice.signedIn) || !ready || reported) return;
    reported = true;
    if (notice.error) notify.error(notice.error);
    if (notice.signedIn === 'linked') notify.info(LINKED_MESSAGE(label));
    if (notice.signedIn === 'secured') notify.warning(SECURED_MESSAGE(label), SECURED_TOAST);
    const url = new URL(window.location.href);
    url.searchParams.delete('signin_error');
    url.searchParams.delete('signin');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [notice, ready, label]);
}
