import type { SkipReason } from '@medrem/domain';
import { base64UrlJson } from '../../lib/base64url-json';

/**
 * A write made on the device, waiting to reach the server. `key` is its idempotency key and
 * `madeAt` the moment the user made it (sent as tickedAt / at: decision 070).
 */
interface EntryBase {
  seq?: number;
  key: string;
  /** The account it belongs to (wiped with it); '' for a notification button the SW queued. */
  userId: string;
  userEmail: string;
  madeAt: string;
}

export type OutboxEntry = EntryBase &
  (
    | { kind: 'tick'; medicineId: string; medicineName: string; date: string; slot: number; taken: boolean }
    /**
     * One dose postponed to a later time today, or its postponement taken back (`newTime` null),
     * decision 317: `slot` lays it over the day on screen until the server has it.
     */
    | {
        kind: 'postpone';
        medicineId: string;
        medicineName: string;
        date: string;
        slot: number;
        plannedTime: string;
        newTime: string | null;
      }
    | { kind: 'markRead'; notificationId: string }
    /**
     * A health journal entry (issue 56, decision 307): a reading, a symptom or the day's mood, made
     * on the device and sent with its key, so a retry after a lost answer records it once. `label`
     * names it in a refusal's message ("Blood pressure 128/82").
     */
    | { kind: 'journal'; call: JournalCall; label: string }
    | { kind: 'markAllRead'; upTo: string }
    /**
     * A reminder's 'Mark as taken' pressed while offline (service worker), or a press on the dose
     * page while offline (decision 260, with the page's action, a skip's reason and note, a
     * postponement's new time: decision 343); the token is the proof.
     */
    | {
        kind: 'pushAction';
        token: string;
        action?: 'take' | 'snooze' | 'skip' | 'postpone';
        reason?: SkipReason;
        note?: string;
        newTime?: string;
      }
  );

/** The journal's queued calls: the contract's create bodies, without the key (added when sent). */
export type JournalCall =
  | { procedure: 'createMeasurement'; body: Record<string, unknown> }
  | { procedure: 'createSymptom'; body: Record<string, unknown> }
  | { procedure: 'setMood'; date: string; body: Record<string, unknown> };

function journalPath(call: JournalCall): string {
  switch (call.procedure) {
    case 'createMeasurement':
      return '/api/journal/measurements';
    case 'createSymptom':
      return '/api/journal/symptoms';
    case 'setMood':
      return `/api/journal/moods/${encodeURIComponent(call.date)}`;
  }
}

export type NewOutboxEntry = OutboxEntry extends infer E
  ? E extends OutboxEntry
    ? Omit<E, 'seq' | 'key' | 'madeAt'>
    : never
  : never;

export interface OutboxRequest {
  method: 'PUT' | 'PATCH' | 'POST';
  path: string;
  body: Record<string, unknown>;
  /** Bearer calls need the account's access token; a push action carries its own proof. */
  bearer: boolean;
}

/** The REST call of an entry (the contract's paths), carrying its key. */
export function requestOf(entry: OutboxEntry): OutboxRequest {
  const idempotencyKey = entry.key;
  switch (entry.kind) {
    case 'tick':
      return {
        method: 'PUT',
        path: `/api/medicine/${encodeURIComponent(entry.medicineId)}/dose`,
        body: {
          date: entry.date,
          slot: entry.slot,
          taken: entry.taken,
          tickedAt: entry.madeAt,
          idempotencyKey,
        },
        bearer: true,
      };
    case 'postpone':
      return {
        method: 'POST',
        path: '/api/doses/postpone',
        body: {
          medicineId: entry.medicineId,
          date: entry.date,
          plannedTime: entry.plannedTime,
          newTime: entry.newTime,
          idempotencyKey,
        },
        bearer: true,
      };
    case 'markRead':
      return {
        method: 'PATCH',
        path: `/api/notifications/${encodeURIComponent(entry.notificationId)}/read`,
        body: { idempotencyKey },
        bearer: true,
      };
    case 'markAllRead':
      return {
        method: 'PATCH',
        path: `/api/notifications/${encodeURIComponent(entry.userEmail)}/read-all`,
        body: { upTo: entry.upTo, idempotencyKey },
        bearer: true,
      };
    case 'journal':
      return {
        method: entry.call.procedure === 'setMood' ? 'PUT' : 'POST',
        path: journalPath(entry.call),
        body: { ...entry.call.body, idempotencyKey },
        bearer: true,
      };
    case 'pushAction':
      return {
        method: 'POST',
        path: '/api/push/action',
        body: {
          token: entry.token,
          at: entry.madeAt,
          idempotencyKey,
          ...(entry.action ? { action: entry.action } : {}),
          ...(entry.reason ? { reason: entry.reason } : {}),
          ...(entry.note ? { note: entry.note } : {}),
          ...(entry.newTime ? { newTime: entry.newTime } : {}),
        },
        bearer: false,
      };
  }
}

/** The account a notification token names (read, not trusted: the server verifies the token). */
export function userOfToken(token: string): string {
  const claims = base64UrlJson(token.split('.')[0] ?? '') as { u?: unknown } | null;
  return typeof claims?.u === 'string' ? claims.u : '';
}
