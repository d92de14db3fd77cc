import { useState } from 'react';

/**
 * "Show all features" (issue 54): the normal dashboard for the rest of this visit, in this tab
 * (sessionStorage: a reload keeps it, the next visit opens on the simple screen again). Kept by
 * the dashboard, which hands the simple screen the way there and its notice the way back. Small:
 * it rides in the offline start, whose precache is near its budget.
 */
export function useAllFeaturesThisVisit(email: string): [boolean, (allFeatures: boolean) => void] {
  const key = `simple-mode-off:${email}`;
  const [allFeatures, setAllFeatures] = useState(() => {
    try {
      return sessionStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  });
  const choose = (all: boolean) => {
    setAllFeatures(all);
    try {
      if (all) sessionStorage.setItem(key, '1');
      else sessionStorage.removeItem(key);
    } catch {
      // Storage refused (cookies blocked): the choice holds while the page stays.
    }
  };
  return [allFeatures, choose];
}

/**
 * Set by a choice that opens the simple screen (the offer, "Back to the simple screen"), so that
 * the screen takes the focus once: a reader starts at its heading. Not on a reload or a start.
 */
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
