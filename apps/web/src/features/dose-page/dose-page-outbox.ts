import type { SkipReason } from '@medrem/domain';
import { useEffect, useRef, useState } from 'react';
import { serverClock } from '../../lib/server-clock';
import { onFlushOccasions } from '../offline/flush-occasions';
import { userOfToken } from '../offline/outbox-entry';
import { type FlushResult, flushOutbox } from '../offline/outbox-flush';
import { OUTBOX_SYNC_TAG, outboxStore } from '../offline/outbox.store';

/**
 * A press on the dose page: the action the page's token is asked to run, a skip's reason and note,
 * a postponement's new time (decision 343).
 */
export interface DosePress {
  action: 'take' | 'snooze' | 'skip' | 'postpone';
  reason?: SkipReason | undefined;
  note?: string | undefined;
  newTime?: string | undefined;
}

/**
 * Keeps a press made offline on the device (decision 260), in the app's outbox (decision 070), as a
 * notification button pressed offline is kept: its own idempotency key, so however many senders
 * (this page on `online` or when shown again, the service worker's Background Sync, the signed-in
 * app) send it, it applies once; `at` is when it was pressed.
 */
export async function keepDosePress(token: string, press: DosePress): Promise<void> {
  await outboxStore.add(
    {
      kind: 'pushAction',
      userId: userOfToken(token),
      userEmail: '',
      token,
      action: press.action,
      ...(press.reason ? { reason: press.reason } : {}),
      ...(press.note ? { note: press.note } : {}),
      ...(press.newTime ? { newTime: press.newTime } : {}),
    },
    serverClock.now(),
  );
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** Sends the presses kept on this device (the link's proof is the token, no session needed). */
const sendKept = () =>
  flushOutbox({
    origin: window.location.origin,
    fetch: (input, init) => fetch(input, init),
    token: async () => null,
    accepts: (entry) => entry.kind === 'pushAction',
  });

/**
 * The dose page's presses kept offline for `token`: how many wait, sent at once and whenever the
 * page is back online or shown again (decision 244); `onSent` gets what the server answered.
 */
export function useKeptDosePresses(token: string, onSent: (results: FlushResult[]) => void) {
  const [waiting, setWaiting] = useState(0);
  // The page's latest handler; the listeners below live as long as the token.
  const sent = useRef(onSent);
  sent.current = onSent;
  useEffect(() => {
    let stopped = false;
    const count = async () => {
      const kept = await outboxStore.all().catch(() => []);
      if (!stopped) setWaiting(kept.filter((e) => e.kind === 'pushAction' && e.token === token).length);
    };
    const send = async () => {
      const report = await sendKept().catch(() => null);
      await count();
      const mine = report?.results.filter((r) => r.entry.kind === 'pushAction' && r.entry.token === token);
      if (!stopped && mine?.length) sent.current(mine);
    };
    const stopOccasions = onFlushOccasions(() => void send());
    void send();
    return () => {
      stopped = true;
      stopOccasions();
    };
  }, [token]);
  return {
    waiting,
    /** Keeps a press, then counts it (the page says it is saved) and tries to send it. */
    keep: async (press: DosePress) => {
      await keepDosePress(token, press);
      setWaiting((n) => n + 1);
    },
  };
}
