import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The phone menu's open state (decision 199): one menu open at a time — a press or focus anywhere
 * outside the menu and its button closes it, so opening the account menu or the bell closes it
 * (and their own outside-press rule closes them when this one opens) — and Escape closes it and
 * gives the focus back to its button.
 */
export function usePhoneMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && (button.current?.contains(target) || panel.current?.contains(target));
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (!inside(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);
  return { open, toggle: () => setOpen((o) => !o), close, button, panel };
}
