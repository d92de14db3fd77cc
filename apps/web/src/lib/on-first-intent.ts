const INTENT_EVENTS = ['pointerdown', 'pointerover', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Runs `task` once, at the visitor's first sign of using the page (the pointer over it, a touch, a
 * key, a field focused). For code the signed-out page needs only once someone acts: importing it
 * evaluates its modules, ≈ 0.2 s of main thread on a mid-range phone that would otherwise block the
 * first seconds of every visit, used or not (decision 053). Typing an email and a password leaves
 * it ample time to arrive (the service worker already precaches the files). Returns a function that
 * cancels it.
 */
export function onFirstIntent(task: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, run, options);
  };
  function run() {
    stop();
    task();
  }
  for (const type of INTENT_EVENTS) document.addEventListener(type, run, options);
  return stop;
}
