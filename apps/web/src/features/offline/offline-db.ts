import type { DehydratedState } from '@tanstack/react-query';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OutboxEntry } from './outbox-entry';

/**
 * The device's offline store (IndexedDB, shared by the page and the service worker):
 * - `queries`: one snapshot of the signed-in account's cached answers per user id;
 * - `outbox`: writes made offline, in the order they were made (auto-incremented `seq`).
 * What is kept, for how long and how it is removed: docs/offline.md.
 */
export interface OfflineSchema extends DBSchema {
  queries: { key: string; value: { userId: string; savedAt: number; state: DehydratedState } };
  outbox: { key: number; value: OutboxEntry; indexes: { byUser: string } };
}

export const OFFLINE_DB_NAME = 'medrem-offline';

let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('queries', { keyPath: 'userId' });
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('byUser', 'userId');
    },
  });
  return opening;
}
