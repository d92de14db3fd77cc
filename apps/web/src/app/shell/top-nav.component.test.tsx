import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type AppLinkProps, NavigationContext } from '../../lib/navigation';
import { TopNav } from './top-nav.component';

vi.mock('../../features/auth/auth.context', () => ({ useAuth: () => ({ user: null, loading: false }) }));

function renderNav() {
  const Link = ({ to, children, onClick }: AppLinkProps) => (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
  render(
    <NavigationContext.Provider value={{ Link, replaceWith: () => Promise.resolve() }}>
      <TopNav />
      <button type="button">Account menu</button>
    </NavigationContext.Provider>,
  );
  return screen.getByRole('button', { name: 'Open menu' });
}

describe('the phone menu (decision 199)', () => {
  it('closes on Escape and gives the focus back to its button', () => {
    const toggle = renderNav();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    screen.getAllByRole('link', { name: 'Reports' })[0]!.focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes when another menu is opened, by a press or by the keyboard', () => {
    const toggle = renderNav();
    const other = screen.getByRole('button', { name: 'Account menu' });
    fireEvent.click(toggle);
    fireEvent.pointerDown(other);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    act(() => other.focus());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open while the focus moves within it', () => {
    const toggle = renderNav();
    fireEvent.click(toggle);
    const menu = document.getElementById('main-menu')!;
    menu.querySelector('a')!.focus();
    fireEvent.pointerDown(menu.querySelector('a')!);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});
