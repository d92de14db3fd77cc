/**
 * Whether the in-page notices (toasts) are held back: while a popover such as the bell's panel is
 * open they would lie over it (top right, both of them), and a pointer could not reach the list's
 * items (decision 258). A count, so two popovers open at once release only when both have closed.
 */
let holds = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export const noticesHeld = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): boolean => holds > 0,
};

/** Holds the notices until the returned function is called (once; later calls do nothing). */
export function holdNotices(): () => void {
  holds += 1;
  if (holds === 1) changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) changed();
  };
}

/**
 * Runs `show` now, or when the hold ends: a toast with a timer shown during a hold would run out
 * unseen (react-toastify cannot pause one before it is drawn).
 */
export function afterHold(show: () => void): void {
  if (holds === 0) {
    show();
    return;
  }
  const stop = noticesHeld.subscribe(() => {
    if (holds > 0) return;
    stop();
    show();
  });
}
