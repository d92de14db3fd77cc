/**
 * localStorage: the account whose saved answers open the app (set while signed in). Read on the
 * first load without loading the offline store itself (IndexedDB code comes later, decision 072).
 */
export const OFFLINE_ACCOUNT_KEY = 'offline-account';

export function savedOfflineAccount(): string | null {
  return localStorage.getItem(OFFLINE_ACCOUNT_KEY);
}

/**
 * Sign-out and a lost session: from this moment no start opens this account's saved answers, even
 * if the page closes before they are erased (the erasing is IndexedDB's, and takes longer). Returns
 * the account that was saved, whose data the caller then erases.
 */
export function dropSavedOfflineAccount(): string | null {
  const userId = savedOfflineAccount();
  localStorage.removeItem(OFFLINE_ACCOUNT_KEY);
  return userId;
}
