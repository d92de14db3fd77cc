import { afterHold } from './notices-held';
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

/** `screen`: the message is about the screen it was shown on, and goes when the user leaves it. */
interface ToastOptions {
  screen?: boolean;
  /** Names the toast, so that what undoes its news can close it (an unticked dose, issue 51). */
  id?: string;
  /** A message too long to read in the type's time (decision 219): how long it stays. */
  durationMs?: number;
}

/** The shown toasts that belong to the current screen (issue 51: a form's error followed the user). */
const screenToasts = new Set<string | number>();

function show(type: ToastType, message: string, options: ToastOptions = {}): void {
  afterHold(() => showNow(type, message, options));
}

function showNow(type: ToastType, message: string, options: ToastOptions): void {
  loadToasts().then(
    ({ toast }) => {
      const id = toast[type](message, {
        autoClose: options.durationMs ?? TOAST_DURATION_MS[type],
        onClose: () => screenToasts.delete(id),
        ...(options.id === undefined ? {} : { toastId: options.id }),
      });
      if (options.screen) screenToasts.add(id);
    },
    (error: unknown) => console.warn(`Could not show the message "${message}"`, error),
  );
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};

/** Closes the toast named `id`, if it is showing (its news no longer holds). */
export function dismissToast(id: string): void {
  void toastModule?.then(
    ({ toast }) => toast.dismiss(id),
    () => undefined,
  );
}

/** On navigation: the messages about the screen left behind are closed; the others stay. */
export function dismissScreenToasts(): void {
  if (screenToasts.size === 0 || !toastModule) return;
  const ids = [...screenToasts];
  screenToasts.clear();
  void toastModule.then(({ toast }) => ids.forEach((id) => toast.dismiss(id)));
}
