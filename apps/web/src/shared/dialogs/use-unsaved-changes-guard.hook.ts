import { t } from '@lingui/core/macro';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { type DialogOptions, confirmDialog } from './dialog.store';

/** The question asked before unsaved changes are dropped (decision 217): Stay is the safe answer. */
export const unsavedChangesDialog = (): DialogOptions => ({
  title: t`Leave without saving?`,
  message: t`Your changes here are not saved. Stay to save them, or discard them.`,
  confirmLabel: t`Discard changes`,
  cancelLabel: t({ message: 'Stay', comment: 'Button: stay on the screen with unsaved changes' }),
  danger: true,
});

/** Where a navigation goes: the path and the parsed search. */
export interface NextPlace {
  pathname: string;
  search: Readonly<Record<string, unknown>>;
}

/**
 * Asks before unsaved changes are lost (decision 217). `lost(next)` says whether going to `next`
 * would drop any; `next` is null when the tab is closed or reloaded. An in-app navigation is held
 * by the router's blocker while the app's own dialog asks Stay or Discard (Escape, a click outside:
 * Stay); a tab close or reload gets the browser's own question (`beforeunload`), the only one a page
 * may ask then.
 */
export function useUnsavedChangesGuard(lost: (next: NextPlace | null) => boolean): void {
  const latest = useRef(lost);
  useEffect(() => {
    latest.current = lost;
  });
  const shouldBlockFn = useCallback(async ({ next }: { next: NextPlace }) => {
    if (!latest.current({ pathname: next.pathname, search: next.search })) return false;
    return !(await confirmDialog(unsavedChangesDialog()));
  }, []);
  const enableBeforeUnload = useCallback(() => latest.current(null), []);
  useBlocker({ shouldBlockFn, enableBeforeUnload });
}
