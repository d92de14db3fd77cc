import { t } from '@lingui/core/macro';
import { httpStatusOf } from '../../lib/api-error';
import { notify } from '../../lib/toast';

export type OnlineOnlyAction = 'Adding' | 'Editing' | 'Deleting' | 'Stopping' | 'Resuming';

/** One whole sentence per action, for the translators (an action's word is not glued into one). */
export function onlineOnlyMessage(action: OnlineOnlyAction): string {
  switch (action) {
    case 'Adding':
      return t`You're offline. Adding a medicine needs a connection, so nothing was changed. Please try again when you're back online.`;
    case 'Editing':
      return t`You're offline. Editing a medicine needs a connection, so nothing was changed. Please try again when you're back online.`;
    case 'Deleting':
      return t`You're offline. Deleting a medicine needs a connection, so nothing was changed. Please try again when you're back online.`;
    case 'Stopping':
      return t`You're offline. Stopping a medicine needs a connection, so nothing was changed. Please try again when you're back online.`;
    case 'Resuming':
      return t`You're offline. Resuming a medicine needs a connection, so nothing was changed. Please try again when you're back online.`;
  }
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
