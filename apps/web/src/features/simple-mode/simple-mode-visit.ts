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
