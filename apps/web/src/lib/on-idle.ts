/**
 * Runs `task` when the browser is idle after the first screen (at the latest after `timeoutMs`), so
 * that code the user is likely to need next is fetched without competing with the first load.
 * Returns a function that cancels it.
 */
export function onIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1000); // Safari before 18 has no requestIdleCallback
  return () => window.clearTimeout(id);
}
