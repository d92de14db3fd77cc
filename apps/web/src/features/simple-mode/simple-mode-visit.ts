import { useSyncExternalStore } from 'react';

/**
 * "Show all features" (issue 54): the normal dashboard for the rest of this visit, in this tab
 * (sessionStorage: a reload keeps it, the next visit opens on the simple screen again). Shared by
 * the simple screen's button and the dashboard's "Back to the simple screen".
 */
const keyFor = (email: string) => `simple-mode:all-features:${email.toLowerCase()}`;
const listeners = new Set<() => void>();

function read(email: string): boolean {
  try {
    return sessionStorage.getItem(keyFor(email)) === '1';
  } catch {
    return false;
  }
}

function write(email: string, allFeatures: boolean): void {
  try {
    if (allFeatures) sessionStorage.setItem(keyFor(email), '1');
    else sessionStorage.removeItem(keyFor(email));
  } catch {
    // Storage refused (a private window's quota): the choice still holds until the page goes.
    memory.set(email, allFeatures);
  }
  for (const listener of listeners) listener();
}

/** Where sessionStorage cannot be written. */
const memory = new Map<string, boolean>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this visit asked for all features, and the way to ask or go back. */
export function useAllFeaturesThisVisit(email: string) {
  const allFeatures = useSyncExternalStore(subscribe, () => memory.get(email) ?? read(email));
  return {
    allFeatures,
    showAllFeatures: () => write(email, true),
    backToSimpleScreen: () => {
      wantSimpleScreenFocus();
      write(email, false);
    },
  };
}

/** Set by a choice that opens the simple screen, so that it takes the focus once (not on a reload). */
let focusWanted = false;

export function wantSimpleScreenFocus(): void {
  focusWanted = true;
}

/** True once after wantSimpleScreenFocus. */
export function takeSimpleScreenFocus(): boolean {
  const wanted = focusWanted;
  focusWanted = false;
  return wanted;
}
