import { type QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { offlineDb } from './offline-db';
import { OFFLINE_ACCOUNT_KEY as ACCOUNT_KEY } from './saved-account';
/** A snapshot older than this is not shown (and is removed): docs/offline.md. */
export const OFFLINE_MAX_AGE_MS = 30 * 86_400_000;
const SAVE_DELAY_MS = 500;
/** How long a saved answer stays in memory unobserved: as long as it is kept on the device. */
const PERSISTED_GC_MS = 24 * 60 * 60_000;

/** The answers a cold start offline needs (tRPC paths); exports and one-off reads are not kept. */
export const PERSISTED_PATHS = [
  'auth.session',
  'user.get',
  'settings.get',
  'medicine.list',
  'medicine.getTaken',
  'medicine.history',
  'medicine.refillReminders',
  'notification.list',
] as const;

const pathOf = (key: readonly unknown[]) => (Array.isArray(key[0]) ? (key[0] as string[]).join('.') : '');
export const isPersisted = (key: readonly unknown[]) =>
  (PERSISTED_PATHS as readonly string[]).includes(pathOf(key));

/** Saved answers stay in memory as long as on the device (set before a restore and a first save). */
export function keepPersistedInMemory(client: QueryClient): void {
  for (const path of PERSISTED_PATHS) client.setQueryDefaults([path.split('.')], { gcTime: PERSISTED_GC_MS });
}

/**
 * The signed-in account's cached answers, saved to IndexedDB as they change and put back into the
 * cache before the first render, so a cold start without a network shows the last known data.
 * Scoped to one account (its user id) and wiped on sign-out and account deletion (decision 072).
 */
export const queryPersistence = {
  account: (): string | null => localStorage.getItem(ACCOUNT_KEY),

  /** Puts the saved account's answers back; the time they were saved, or null when none. */
  async restore(client: QueryClient): Promise<number | null> {
    const userId = localStorage.getItem(ACCOUNT_KEY);
    if (!userId) return null;
    try {
      const db = await offlineDb();
      const saved = await db.get('queries', userId);
      if (!saved) return null;
      if (Date.now() - saved.savedAt > OFFLINE_MAX_AGE_MS) {
        await db.delete('queries', userId);
        return null;
      }
      hydrate(client, saved.state);
      return saved.savedAt;
    } catch (error) {
      console.warn('Could not read the data saved on this device', error);
      return null;
    }
  },

  /**
   * Saves this account's answers as the cache changes (debounced); returns the stop function. Any
   * other account's snapshot still on the device (signed out without a network, say) goes now.
   */
  track(client: QueryClient, userId: string): () => void {
    localStorage.setItem(ACCOUNT_KEY, userId);
    keepPersistedInMemory(client);
    void offlineDb()
      .then(async (db) => {
        for (const other of await db.getAllKeys('queries'))
          if (other !== userId) await db.delete('queries', other);
      })
      .catch((e: unknown) => console.warn('Could not clear another account’s saved data', e));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = async () => {
      // Signed out meanwhile: never write an account back after it was forgotten.
      if (localStorage.getItem(ACCOUNT_KEY) !== userId) return;
      const state = dehydrate(client, {
        shouldDehydrateQuery: (q) => q.state.status === 'success' && isPersisted(q.queryKey),
      });
      const db = await offlineDb();
      await db.put('queries', { userId, savedAt: Date.now(), state });
    };
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' && event.type !== 'removed') return;
      clearTimeout(timer);
      timer = setTimeout(
        () => void save().catch((e: unknown) => console.warn('Saving offline data failed', e)),
        SAVE_DELAY_MS,
      );
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  },

  /** Sign-out, a lost session, account deletion: nothing of the account stays on the device. */
  async forget(userId: string | null = localStorage.getItem(ACCOUNT_KEY)): Promise<void> {
    if (localStorage.getItem(ACCOUNT_KEY) === userId) localStorage.removeItem(ACCOUNT_KEY);
    if (!userId) return;
    await (await offlineDb()).delete('queries', userId);
  },
};
