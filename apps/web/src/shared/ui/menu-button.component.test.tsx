import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuButton } from './menu-button.component';

function renderMenu() {
  render(
    <>
      <MenuButton
        label="Account menu"
        buttonClassName=""
        buttonContent="A"
        menuClassName=""
        items={(item) => [
          <a key="1" href="#settings" {...item}>
            Settings
          </a>,
          <a key="2" href="#help" {...item}>
            Help
          </a>,
          <a key="3" href="#logout" {...item}>
            Logout
          </a>,
        ]}
      />
      <p>outside</p>
    </>,
  );
  return screen.getByRole('button', { name: 'Account menu' });
}

describe('MenuButton (the WAI-ARIA menu button pattern)', () => {
  it('opens on a click with the first item focused, and says so on the button', () => {
    const button = renderMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(screen.getByRole('menu').id);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Settings' }));
  });

  it('moves with the arrows (wrapping), Home and End; ArrowUp on the button opens on the last', () => {
    const button = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    const menu = screen.getByRole('menu');
    const focused = () => (document.activeElement as HTMLElement).textContent;
    expect(focused()).toBe('Logout');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focused()).toBe('Settings');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(focused()).toBe('Logout');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(focused()).toBe('Settings');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focused()).toBe('Help');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(focused()).toBe('Logout');
  });

  it('closes on Escape and gives focus back to the button', () => {
    const button = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a choice, on a click outside, and on Tab', () => {
    const button = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Help' }));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole('menuitem', { name: 'Help' }));
    expect(screen.getByRole('menu')).toBeTruthy(); // a press inside is not "outside"
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
