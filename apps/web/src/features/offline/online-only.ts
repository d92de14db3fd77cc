import { httpStatusOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';

export type OnlineOnlyAction = 'Adding' | 'Editing' | 'Deleting' | 'Stopping' | 'Resuming';

export function onlineOnlyMessage(action: OnlineOnlyAction): string {
  return `You're offline. ${action} a medicine needs a connection, so nothing was changed. Please try again when you're back online.`;
}

/**
 * Adding, editing and deleting medicines stay online-only (issue 12, decision 070): offline they
 * are refused up front with a clear message rather than failing silently or being queued.
 * True when it refused.
 */
export function refuseWhenOffline(action: OnlineOnlyAction): boolean {
  if (navigator.onLine) return false;
  notify.error(onlineOnlyMessage(action));
  return true;
}

/** A call that got no HTTP answer at all: the server could not be reached. */
export function tellIfUnreachable(error: unknown, action: OnlineOnlyAction): boolean {
  if (httpStatusOf(error) !== undefined) return false;
  notify.error(onlineOnlyMessage(action));
  return true;
}
