import { useEffect, useState } from 'react';
import { notify } from '../../../lib/toast';
import { useSignInProviders } from './sign-in-providers.hook';

export const LINKED_MESSAGE = (provider: string) =>
  `Your ${provider} sign-in is now linked to your existing account (same verified email). You can use either; Settings, Profile lists both.`;

// Once per page load, even if the provider remounts (the address is cleaned right after).
let reported = false;

function readNotice(search: string): { error: string | null; linked: boolean } {
  const params = new URLSearchParams(search);
  return { error: params.get('signin_error'), linked: params.get('signin') === 'linked' };
}

/**
 * The OpenID Connect callback ends in a full-page redirect, so it reports through the URL:
 * `signin_error` (on /login) or `signin=linked`. Each is shown once, then removed from the address.
 * `search` is the page's query string (passed in: the hook also renders at build time, decision 058).
 */
export function useSignInNotice(search: string) {
  const [notice] = useState(() => readNotice(search));
  // The provider's name, only when there is something to say about it.
  const providers = useSignInProviders(notice.linked);
  const label = providers?.oidc?.label;
  const ready = !notice.linked || providers !== undefined;
  useEffect(() => {
    if ((!notice.error && !notice.linked) || !ready || reported) return;
    reported = true;
    if (notice.error) notify.error(notice.error);
    if (notice.linked) notify.info(LINKED_MESSAGE(label ?? 'provider'));
    const url = new URL(window.location.href);
    url.searchParams.delete('signin_error');
    url.searchParams.delete('signin');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [notice, ready, label]);
}
