import { t } from '@lingui/core/macro';
/**
 * One queue of modal dialogs (confirmations and alerts) that any code can open and await, so that
 * features need no dialog state of their own. <DialogHost> renders the first request.
 */
export interface DialogRequest {
  id: number;
  kind: 'confirm' | 'alert';
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  danger: boolean;
  /** Closes by itself after this long (the spec's success dialog: 2000 ms). */
  autoCloseMs: number | undefined;
  resolve: (confirmed: boolean) => void;
}

export interface DialogOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  autoCloseMs?: number;
}

let queue: DialogRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

function open(kind: DialogRequest['kind'], options: DialogOptions): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [
      ...queue,
      {
        id: nextId++,
        kind,
        title: options.title,
        message: options.message,
        confirmLabel:
          options.confirmLabel ??
          (kind === 'confirm'
            ? t({ message: 'Yes', comment: "Button: a confirmation dialog's answer, when it names none" })
            : t({ message: 'OK', comment: 'Button: closes an alert dialog, when it names no other' })),
        cancelLabel:
          options.cancelLabel ?? t({ message: 'Cancel', comment: "Button: a confirmation dialog's No" }),
        danger: options.danger ?? false,
        autoCloseMs: options.autoCloseMs,
        resolve,
      },
    ];
    emit();
  });
}

export const dialogStore = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): DialogRequest | undefined => queue[0],
  settle(id: number, confirmed: boolean): void {
    const request = queue.find((r) => r.id === id);
    if (!request) return;
    queue = queue.filter((r) => r.id !== id);
    request.resolve(confirmed);
    emit();
  },
};

/** Resolves true when the user confirms, false on cancel, Escape or a click outside. */
export const confirmDialog = (options: DialogOptions) => open('confirm', options);

/** An alert with one button; resolves once it is closed. */
export const alertDialog = async (options: DialogOptions): Promise<void> => {
  await open('alert', options);
};
