/** Spec section 9: per-type auto-close times. */
export const TOAST_DURATION_MS = { success: 3000, error: 4000, warning: 3500, info: 3000 } as const;
type ToastType = keyof typeof TOAST_DURATION_MS;

// react-toastify is fetched when the first toast is shown or the browser is idle, not on the first
// load. Toasts shown before its container is mounted wait in react-toastify's own queue.
const importToasts = () => import('react-toastify/unstyled');
let toastModule: ReturnType<typeof importToasts> | undefined;
const listeners = new Set<() => void>();

/** The react-toastify module; asking for it also tells <ToastHost> to mount the container. */
export function loadToasts() {
  if (!toastModule) {
    toastModule = importToasts();
    // Offline with the chunk not cached: the idle preload must not be an unhandled rejection.
    void toastModule.catch(() => undefined);
    listeners.forEach((listener) => listener());
  }
  return toastModule;
}

export const toastsRequested = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): boolean => toastModule !== undefined,
};

function show(type: ToastType, message: string): void {
  loadToasts().then(
    ({ toast }) => toast[type](message, { autoClose: TOAST_DURATION_MS[type] }),
    (error: unknown) => console.warn(`Could not show the message "${message}"`, error),
  );
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
};
