import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './require-auth.component';

const fake = vi.hoisted(() => ({
  auth: { user: null as { email: string } | null, loading: true, exitTo: null },
}));
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => () => Promise.resolve(),
  useRouterState: () => '/',
}));
vi.mock('../auth.context', () => ({ useAuth: () => fake.auth }));

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('the route guard while nobody is known to be signed in (decision 193)', () => {
  beforeEach(() => {
    fake.auth = { user: null, loading: true, exitTo: null };
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    setOnline(true);
  });

  it('says, offline, that signing in needs a connection instead of spinning', () => {
    setOnline(false);
    render(<RequireAuth>schedule</RequireAuth>);
    expect(screen.getByRole('alert').textContent).toMatch(/offline.*connect to the internet to sign in/i);
    expect(screen.queryByText('Checking authentication...')).toBeNull();
  });

  it('checks as before online, and says so when the server has not answered in time', () => {
    setOnline(true);
    render(<RequireAuth>schedule</RequireAuth>);
    expect(screen.getByText('Checking authentication...')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.getByRole('alert').textContent).toMatch(/could not reach the server/i);
    expect(screen.queryByText('Checking authentication...')).toBeNull();
  });

  it('shows the screen once the user is known', () => {
    fake.auth = { user: { email: 'ada@example.com' }, loading: false, exitTo: null };
    render(<RequireAuth>schedule</RequireAuth>);
    expect(screen.getByText('schedule')).toBeTruthy();
  });
});
