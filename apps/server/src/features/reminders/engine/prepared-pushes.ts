import type { PushPayload } from '@medrem/contract';
import type { PreparedPush } from '../../push/push-sender';
import { PreparedStates } from './prepared-states';
import type { Intent } from './row-types';

/** One notification made ready ahead of its time: its id, payload and each device's encrypted body. */
export interface PreparedNotification {
  intent: Intent;
  recipientId: string;
  notificationId: string;
  /** The instant it was prepared for (the occurrence's fire time): the notification's createdAt. */
  createdAt: Date;
  payload: PushPayload;
  topic: string;
}

/**
 * How long after its instant a prepared notification may still be used: a large due set takes
 * seconds to send, and after a longer delay (a restart) the tokens' lifetime should start afresh.
 */
export const PREPARED_KEPT_MS = 10 * 60_000;

const rowKey = (rowId: string, fireAt: Date) => `${rowId}|${fireAt.getTime()}`;
const bodyKey = (notificationId: string, subscriptionId: string) => `${notificationId}|${subscriptionId}`;

/**
 * What the engine prepared ahead (decision 048), in this process's memory: per schedule row and
 * occurrence the notifications its evaluation produced, and per (notification, device) the payload's
 * encrypted body. It is a memo, never a decision: a due row is still evaluated from the state at its
 * time, and a prepared notification is used only when that evaluation produces the same intent (the
 * same kind, words, buttons and recipient); a body only for the same device token. A dose ticked
 * meanwhile produces no intent, a renamed medicine another one, a re-subscribed device another token:
 * each then falls back to what the engine does without preparation. So preparation can make a
 * reminder faster, never different, earlier or duplicated.
 */
export class PreparedPushes {
  private readonly rows = new Map<string, { fireAtMs: number; notifications: PreparedNotification[] }>();
  private readonly bodies = new Map<string, { fireAtMs: number; push: PreparedPush }>();
  /**
   * The states and devices the notifications were decided from, with their users' stamps (decision
   * 015). Not counted in `full`: there is at most one per user of a kept row or notification.
   */
  readonly states = new PreparedStates();

  constructor(
    /** The most rows and device bodies held at once; preparation stops there (bounded memory). */
    private readonly maxEntries: number,
  ) {}

  /** Device bodies held, here and in staged leases (each about 1–2 KiB with its payload). */
  get size(): number {
    return this.bodies.size + this.heldElsewhere;
  }

  get full(): boolean {
    return this.size + this.rows.size >= this.maxEntries;
  }

  has(rowId: string, fireAt: Date): boolean {
    return this.rows.has(rowKey(rowId, fireAt));
  }

  add(
    rowId: string,
    fireAt: Date,
    notifications: PreparedNotification[],
    bodies: { notificationId: string; subscriptionId: string; push: PreparedPush }[],
  ): void {
    const fireAtMs = fireAt.getTime();
    this.made += bodies.length;
    this.rows.set(rowKey(rowId, fireAt), { fireAtMs, notifications });
    for (const b of bodies)
      this.bodies.set(bodyKey(b.notificationId, b.subscriptionId), { fireAtMs, push: b.push });
  }

  /**
   * Bodies made and held outside this memo (a staged lease keeps its own, by push id: decision 017),
   * counted against the same bound until `releaseHeld`.
   */
  holdElsewhere(count: number): void {
    this.heldElsewhere += count;
    this.made += count;
  }

  releaseHeld(count: number): void {
    this.heldElsewhere -= count;
  }

  private heldElsewhere = 0;

  /**
   * The prepared notification for a row's occurrence that is exactly `intent` for `recipientId`;
   * the row's entry is consumed (whatever is not matched now never will be). Nothing once the
   * occurrence is more than PREPARED_KEPT_MS past.
   */
  take(
    rowId: string,
    fireAt: Date,
    now: Date,
  ): (intent: Intent, recipientId: string) => PreparedNotification | undefined {
    const key = rowKey(rowId, fireAt);
    const found = this.rows.get(key);
    this.rows.delete(key);
    const entry = found && now.getTime() - found.fireAtMs <= PREPARED_KEPT_MS ? found : undefined;
    return (intent, recipientId) =>
      entry?.notifications.find((p) => p.recipientId === recipientId && sameIntent(p.intent, intent));
  }

  /** The encrypted body prepared for this notification and device; consumed once sent. */
  bodyFor(notificationId: string, subscriptionId: string): PreparedPush | undefined {
    return this.bodies.get(bodyKey(notificationId, subscriptionId))?.push;
  }

  /** Device bodies prepared, and pushes sent with one, since start (the benchmark and tests). */
  made = 0;
  used = 0;

  /** The push is done with (sent, or its device gone); `usedPrepared` when its prepared body went. */
  done(notificationId: string, subscriptionId: string, usedPrepared: boolean): void {
    this.bodies.delete(bodyKey(notificationId, subscriptionId));
    if (usedPrepared) this.used += 1;
  }

  /** A push was sent with a body held elsewhere (a staged lease's). */
  countUsed(): void {
    this.used += 1;
  }

  private lastEvicted = 0;

  /**
   * Drops what is too old to be used (fired by another worker, or not wanted after all). A walk over
   * every entry, so at most once a minute: ticks come every second, and a due second holds 100k.
   */
  evict(now: Date): void {
    if (now.getTime() - this.lastEvicted < 60_000) return;
    this.lastEvicted = now.getTime();
    const limit = now.getTime() - PREPARED_KEPT_MS;
    for (const [key, entry] of this.rows) if (entry.fireAtMs < limit) this.rows.delete(key);
    for (const [key, entry] of this.bodies) if (entry.fireAtMs < limit) this.bodies.delete(key);
    this.states.evictBefore(limit);
  }
}

/** Same notification: kind, key, words, link, recipient and the dose its buttons act on. */
export function sameIntent(a: Intent, b: Intent): boolean {
  return (
    a.key === b.key &&
    a.type === b.type &&
    a.title === b.title &&
    a.message === b.message &&
    a.medicineName === b.medicineName &&
    a.recipientId === b.recipientId &&
    a.url === b.url &&
    a.tagKey === b.tagKey &&
    a.dose?.slot === b.dose?.slot &&
    a.dose?.date === b.dose?.date &&
    a.dose?.medicineId === b.dose?.medicineId &&
    a.dose?.snoozable === b.dose?.snoozable &&
    a.dose?.count === b.dose?.count &&
    // The buttons are in the recipient's language.
    a.language?.locale === b.language?.locale &&
    a.language?.clock === b.language?.clock
  );
}
