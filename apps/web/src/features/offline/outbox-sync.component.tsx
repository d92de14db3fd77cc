import { plural, t } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';
import { trpc } from '../../lib/trpc';
import { notify } from '../../lib/toast';
import { onFlushOccasions } from './flush-occasions';
import type { FlushResult } from './outbox-flush';
import { OUTBOX_CHANNEL } from './outbox.store';
import { type FlushTrigger, flushFromPage, setFlusher } from './outbox-sync';
import { pendingWrites } from './pending-writes.store';

/** While writes wait, the page tries again this often (and at once when the browser is back online). */
const RETRY_MS = 15_000;

function droppedMessage(result: Extract<FlushResult, { outcome: 'dropped' }>): string | null {
  const { entry, status } = result;
  // The server's reason, or the page's own words for a refusal without one.
  const reason = result.unexplained ? t`Refused (${status}).` : result.message;
  if (entry.kind === 'tick') {
    const medicineName = entry.medicineName;
    return status === 404
      ? t`${medicineName} was deleted, so the dose you ticked offline was not recorded.`
      : t`The ${medicineName} dose you ticked offline was not recorded: ${reason}`;
  }
  if (entry.kind === 'postpone') {
    const medicineName = entry.medicineName;
    return t`Postponing the ${medicineName} dose offline was not recorded: ${reason}`;
  }
  if (entry.kind === 'journal') {
    const label = entry.label;
    return t`${label}, recorded offline, was not saved: ${reason}`;
  }
  if (entry.kind === 'pushAction') {
    // A button's press, or one kept by the dose page (decision 260), which may also snooze or skip.
    if (entry.action === 'skip') return t`A skip from a notification was not recorded: ${reason}`;
    if (entry.action === 'snooze') return t`A snooze from a notification was not recorded: ${reason}`;
    return t`A 'Mark as taken' from a notification was not recorded: ${reason}`;
  }
  // Spec: a notification's local change is kept even when the server refuses it; logged only.
  console.warn('A notification change made offline was refused', result.message);
  return null;
}

/**
 * Sends the writes made offline, in order, when the server can be reached: on start, when the
 * browser comes back online or the page is shown again, every few seconds while some wait, and
 * when the service worker flushed them (Background Sync). Tells the user what synced and what was refused (decision 070).
 */
export function OutboxSync({ userId, email }: { userId: string; email: string }) {
  const utils = trpc.useUtils();
  const running = useRef<Promise<void> | null>(null);

  useEffect(() => {
    const user = { id: userId, email };
    const report = async (results: readonly FlushResult[], trigger: FlushTrigger) => {
      for (const result of results) {
        if (result.outcome === 'dropped') {
          const message = droppedMessage(result);
          if (message) notify.error(message);
          continue;
        }
        const { entry } = result;
        if (entry.kind === 'postpone') {
          const body = result.body as { takenDay: { date: string; taken: string } };
          utils.medicine.getTaken.setData(
            { id: entry.medicineId, date: entry.date },
            { takenDay: body.takenDay },
          );
        }
        if (entry.kind === 'tick') {
          const body = result.body as { takenDay: { date: string; taken: string }; applied: boolean };
          utils.medicine.getTaken.setData(
            { id: entry.medicineId, date: entry.date },
            { takenDay: body.takenDay },
          );
          const medicineName = entry.medicineName;
          if (!body.applied) notify.info(t`${medicineName}: a later change made on another device was kept.`);
        }
      }
      const synced = results.filter((r) => r.outcome === 'synced').length;
      if (trigger === 'reconnect' && synced > 0) {
        notify.success(
          plural(synced, {
            one: 'Your offline change is synced.',
            other: 'Your # offline changes are synced.',
          }),
        );
      }
      if (results.length > 0) {
        await Promise.all([
          utils.medicine.invalidate(),
          utils.report.invalidate(),
          utils.notification.list.invalidate(),
          // A journal entry sent from the queue (decision 307): the charts and the recent list.
          utils.journal.invalidate(),
        ]);
      }
      await pendingWrites.reload();
    };

    const flush = (trigger: FlushTrigger): Promise<void> => {
      // One flush at a time in this tab; a trigger during one runs after it.
      const previous = running.current ?? Promise.resolve();
      const next = previous.then(async () => {
        const { results } = await flushFromPage(user);
        await report(results, trigger);
      });
      running.current = next.catch((error: unknown) => console.warn('Sync failed; will retry', error));
      return running.current;
    };
    setFlusher(flush);

    // Back online, or the page shown again: Background Sync is Chromium's only (issue 53).
    const stopOccasions = onFlushOccasions(() => void flush('reconnect'));
    const timer = setInterval(() => {
      if (navigator.onLine && pendingWrites.current().some((e) => e.userId === user.id))
        void flush('reconnect');
    }, RETRY_MS);
    // The service worker flushed in the background: show what happened and refetch.
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent<{ type?: string; results?: FlushResult[] }>) => {
        if (event.data.type === 'flushed' && event.data.results) void report(event.data.results, 'reconnect');
      };
    }
    void flush('reconnect');
    return () => {
      setFlusher(null);
      stopOccasions();
      clearInterval(timer);
      channel?.close();
    };
  }, [userId, email, utils]);

  return null;
}
