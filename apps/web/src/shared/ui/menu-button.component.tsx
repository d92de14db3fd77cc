import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** What each item of the menu spreads on its element (a link or a button). */
export interface MenuItemProps {
  role: 'menuitem';
  tabIndex: -1;
  onClick: () => void;
}

/**
 * A menu button by the WAI-ARIA pattern (decision 052): Enter, Space or ArrowDown opens it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes it and returns to the
 * button; Tab, a choice or a click outside closes it. Hand-written because Headless UI's Menu, with
 * its positioning library, was a tenth of the service worker's offline start for two links.
 */
export function MenuButton(props: {
  label: string;
  buttonClassName: string;
  buttonContent: ReactNode;
  menuClassName: string;
  items: (item: MenuItemProps) => ReactNode[];
}) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const menuItems = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const items = menuItems();
    (open === 'last' ? items.at(-1) : items[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = menuItems();
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moveTo = (next: number) => {
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={props.buttonClassName}
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {props.buttonContent}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={props.label}
          className={props.menuClassName}
          onKeyDown={onMenuKeyDown}
        >
          {props.items({ role: 'menuitem', tabIndex: -1, onClick: () => close(false) })}
        </div>
      ) : null}
    </div>
  );
}
