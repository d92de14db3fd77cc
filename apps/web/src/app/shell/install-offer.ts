/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * The browser's offer to install the app, kept from the moment it comes. The browser sends it once
 * per page, whenever it decides the app can be installed: possibly before React has mounted the
 * prompt (a prerendered page runs its app scripts only after painting, decision 058), so the
 * listener is added when this module is first imported — by the page's first script — and the
 * prompt reads what it kept.
 */
export const installOffer = {
  current: (): BeforeInstallPromptEvent | null => offer,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Install, Later or close: the offer is used or declined, and the prompt hides. */
  clear: (): void => {
    offer = null;
    changed();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    changed();
  });
}
