import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while a page rendered at build time is shown but not yet taken over by React (and in that
 * render itself), true from then on and in every page rendered in the browser (decision 058). For
 * controls that must not act before their handlers are attached: a native submit of the login form
 * would put the typed password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
