import { type DehydratedState, type QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { offlineDb } from './offline-db';
import { OFFLINE_ACCOUNT_KEY as ACCOUNT_KEY } from './saved-account';
/** A snapshot older than this is not shown (and is removed): docs/offline.md. */
export const OFFLINE_MAX_AGE_MS = 30 * 86_400_000;
const SAVE_DELAY_MS = 500;
/** How long a saved answer stays in memory unobserved: as long as it is kept on the device. */
const PERSISTED_GC_MS = 24 * 60 * 60_000;

/**
 * Every answer a signed-in screen renders from is kept, so a screen shows offline what it showed
 * online (decision 194: the as-needed log was missing, and the dashboard said 'Taken today: none').
 * A read is left out only for a reason written in NOT_PERSISTED_PATHS; a test checks that every
 * query of the contract is in exactly one of the two lists, so a new one has to be placed.
 */
export const PERSISTED_PATHS = [
  'auth.session',
  'user.get',
  'settings.get',
  'medicine.list',
  'medicine.get',
  'medicine.getTaken',
  'medicine.history',
  'medicine.asNeededLog',
  // A medicine's page: the history of its plan's changes (decision 314).
  'medicine.historyOfChanges',
  'medicine.refillReminders',
  'notification.list',
  'report.month',
  'care.circle',
  'care.patients',
  'calendar.status',
  'social.signInMethods',
  // Settings → Notifications: the devices and channels with their last delivery (decision 234).
  'channels.list',
  // Settings → Privacy & Security: the personal access tokens, without their secrets (decision 271).
  'token.list',
  // The health journal (issue 56): its types and preferences, entries, symptom list and charts, so
  // the journal shows offline what it showed online and a reading can be added there (decision 307).
  'journal.types',
  'journal.symptomNames',
  'journal.measurements',
  'journal.symptoms',
  'journal.moods',
  'journal.series',
  // Packs (issue 58): a medicine's packs, the cabinet and the product numbers named, shown offline.
  'pack.list',
  'pack.cabinet',
  'pack.mappings',
] as const;

/** The reads never kept on the device, and why. */
export const NOT_PERSISTED_PATHS = {
  'user.export': 'a download of all the account’s data, made on request',
  'report.doctor': 'a file for the doctor (PDF, CSV, FHIR), made on request',
  'system.health': 'a probe for load balancers; no screen shows it',
  'push.vapidPublicKey': 'used only to subscribe to push, which needs the network anyway',
  'push.notifications': 'a live stream (subscription), not an answer',
  'social.providers': 'the signed-out login screen’s, not the account’s',
  'push.dose': 'the dose page opened from a reminder’s link, signed out: that link’s, not the account’s',
  // The operator's screen (decision 280): other people's addresses stay off an admin's device.
  'admin.accounts': 'other accounts’ addresses and states, for the admin screen, which needs the network',
  'admin.actions': 'the administrators’ record, for the admin screen, which needs the network',
  'admin.signups': 'the instance’s sign-up policy, for the admin screen, which needs the network',
  'signups.policy': 'the register page’s, read when it opens (signing up needs the network)',
  'signups.roles': 'the account menu’s admin link, asked again at each start',
  // Settings → Privacy & Security, Recent activity (decision 294): who signed in from where.
  'activity.list': 'the account’s sign-ins with device and network, and caregivers’ views: read when shown',
  // Passkeys (issue 57) are added, renamed and removed only online; the list is read when shown.
  'passkey.list': 'the account’s passkeys, managed online only in Privacy & Security',
  // Two-step sign-in (issue 57): whether it is on is asked of the server; changing it needs it too.
  'twoFactor.status': 'two-step sign-in’s state, for Settings, which changes it only online',
  // Decision 331: the reminders' page reads the persisted readings; the list is changed online only.
  'journal.reminders': 'the reminders to measure, shown in a disclosure that changes them only online',
} as const;

const pathOf = (key: readonly unknown[]) => (Array.isArray(key[0]) ? (key[0] as string[]).join('.') : '');
export const isPersisted = (key: readonly unknown[]) =>
  (PERSISTED_PATHS as readonly string[]).includes(pathOf(key));

/** Saved answers stay in memory as long as on the device (set before a restore and a first save). */
export function keepPersistedInMemory(client: QueryClient): void {
  for (const path of PERSISTED_PATHS) client.setQueryDefaults([path.split('.')], { gcTime: PERSISTED_GC_MS });
}

/** Every answer the snapshot put in the cache (not one the cache already had newer) counts as stale. */
function markRestoredStale(client: QueryClient, state: DehydratedState): void {
  for (const saved of state.queries) {
    const query = client.getQueryCache().get(saved.queryHash);
    if (query && query.state.dataUpdatedAt === saved.state.dataUpdatedAt) query.invalidate();
  }
}

/**
 * The signed-in account's cached answers, saved to IndexedDB as they change and put back into the
 * cache before the first render, so a cold start without a network shows the last known data.
 * Scoped to one account (its user id) and wiped on sign-out and account deletion (decision 072).
 */
export const queryPersistence = {
  account: (): string | null => localStorage.getItem(ACCOUNT_KEY),

  /**
   * Puts the saved account's answers back; the time they were saved, or null when none. Each one put
   * back is marked stale (decision 194): it is for the first paint and for offline use, and the
   * screen that shows it asks the server again as soon as it mounts (or the network returns). An
   * answer already in the cache that is newer (the page's own, decision 061) is kept as it is.
   */
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
      markRestoredStale(client, saved.state);
      return saved.savedAt;
    } catch (error) {
      console.warn('Could not read the data saved on this device', error);
      return null;
    }
  },

  /**
   * Saves this account's answers as the cache changes (debounced), and at once when the page is
   * hidden or left (a reload, a closed tab: decision 194), so the copy a next start shows is never
   * older than what this tab last wrote or was told. Returns the stop function. Any other account's
   * snapshot still on the device (signed out without a network, say) goes now.
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
      timer = undefined;
      // Signed out meanwhile: never write an account back after it was forgotten.
      if (localStorage.getItem(ACCOUNT_KEY) !== userId) return;
      const state = dehydrate(client, {
        shouldDehydrateQuery: (q) => q.state.status === 'success' && isPersisted(q.queryKey),
        // No mutation, not even a paused one (React Query's default): offline writes have their own
        // queue (docs/offline.md), and a mutation can hold a secret (decision 271).
        shouldDehydrateMutation: () => false,
      });
      const db = await offlineDb();
      await db.put('queries', { userId, savedAt: Date.now(), state });
    };
    const saveNow = () => void save().catch((e: unknown) => console.warn('Saving offline data failed', e));
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' && event.type !== 'removed') return;
      clearTimeout(timer);
      timer = setTimeout(saveNow, SAVE_DELAY_MS);
    });
    // A change still waiting for its delay is written now: the page may not get another chance.
    // (IndexedDB finishes a transaction begun in pagehide; a timer set then never fires.)
    const flush = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      saveNow();
    };
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  },

  /** Sign-out, a lost session, account deletion: nothing of the account stays on the device. */
  async forget(userId: string | null = localStorage.getItem(ACCOUNT_KEY)): Promise<void> {
    if (localStorage.getItem(ACCOUNT_KEY) === userId) localStorage.removeItem(ACCOUNT_KEY);
    if (!userId) return;
    await (await offlineDb()).delete('queries', userId);
  },
};
