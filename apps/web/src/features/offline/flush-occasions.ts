/** The page's window and document, as far as the occasions need them (tests pass their own). */
export interface FlushOccasionTargets {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * When the page sends the writes waiting on the device, besides its start and its retry timer: the
 * browser is back online, or the page is shown again (a phone unlocked, the app brought back, a tab
 * chosen). Background Sync, which sends with the app closed, exists only in Chromium; in Safari and
 * Firefox these are the moments the network is most likely back and the page alive (issue 53).
 * Returns what removes the listeners.
 */
export function onFlushOccasions(
  flush: () => void,
  targets: FlushOccasionTargets = { window, document },
): () => void {
  const onOnline = () => flush();
  const onVisibility = () => {
    if (targets.document.visibilityState === 'visible') flush();
  };
  targets.window.addEventListener('online', onOnline);
  targets.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    targets.window.removeEventListener('online', onOnline);
    targets.document.removeEventListener('visibilitychange', onVisibility);
  };
}
