/**
 * localStorage: the account whose saved answers open the app (set while signed in). Read on the
 * first load without loading the offline store itself (IndexedDB code comes later, decision 072).
 */
export const OFFLINE_ACCOUNT_KEY = 'offline-account';

export function savedOfflineAccount(): string | null {
  return localStorage.getItem(OFFLINE_ACCOUNT_KEY);
}
