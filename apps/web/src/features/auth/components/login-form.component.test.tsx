import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppLinkProps, NavigationContext, hrefOf } from '../../../lib/navigation';
import { notify } from '../../../lib/toast';
import { LoginScreen } from '../login.screen';
import { LoginForm } from './login-form.component';

const fake = vi.hoisted(() => ({ login: vi.fn(), replaceWith: vi.fn() }));
vi.mock('../auth.context', () => ({ useAuth: () => ({ login: fake.login }) }));
vi.mock('@tanstack/react-router', () => ({
  getRouteApi: () => ({ useSearch: () => ({}) }),
  useRouterState: ({ select }: { select: (s: unknown) => unknown }) =>
    select({ location: { state: { firstSignIn: true } } }),
}));
vi.mock('../social/sign-in-providers.hook', () => ({ useSignInProviders: () => null }));

const INVITATION = '/care/accept?token=abcdefghijklmnopqrstuvwxyz';

function renderLogin(props: Parameters<typeof LoginForm>[0]) {
  const Link = ({ to, search, children }: AppLinkProps) => <a href={hrefOf(to, search)}>{children}</a>;
  render(
    <NavigationContext.Provider value={{ Link, replaceWith: fake.replaceWith }}>
      <LoginForm {...props} />
    </NavigationContext.Provider>,
  );
}

async function signIn() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.submit(screen.getByRole('button', { name: 'Login' }).closest('form')!);
  // The first submit loads the form's schema (decision 053): slower than waitFor's default second.
  await waitFor(() => expect(fake.replaceWith).toHaveBeenCalled(), { timeout: 5_000 });
}

describe('the login form (decision 193)', () => {
  beforeEach(() => {
    fake.login.mockResolvedValue({ id: 'u1', email: 'ada@example.com', name: 'Ada' });
    fake.replaceWith.mockResolvedValue(undefined);
  });

  it('welcomes a returning user back', async () => {
    const success = vi.spyOn(notify, 'success');
    renderLogin({});
    await signIn();
    expect(success).toHaveBeenCalledWith('Welcome back! You have been logged in successfully.');
  });

  it('welcomes a user who has just registered, not back', async () => {
    const success = vi.spyOn(notify, 'success');
    renderLogin({ firstSignIn: true });
    await signIn();
    expect(success).toHaveBeenCalledWith('Welcome! You have been logged in successfully.');
  });

  it('knows the user has just registered from the state the registration form left in the history entry', async () => {
    const success = vi.spyOn(notify, 'success');
    const Link = ({ children }: AppLinkProps) => <a>{children}</a>;
    render(
      <NavigationContext.Provider value={{ Link, replaceWith: fake.replaceWith }}>
        <LoginScreen />
      </NavigationContext.Provider>,
    );
    await signIn();
    expect(success).toHaveBeenCalledWith('Welcome! You have been logged in successfully.');
  });

  it('says what an invitation link is about, with both ways in keeping the way back to it', () => {
    renderLogin({ redirect: INVITATION });
    const note = screen.getByRole('note');
    expect(note.textContent).toContain(
      "You were invited to join someone's care circle. Sign in or create an account to accept.",
    );
    const back = encodeURIComponent(INVITATION);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?redirect=${back}`,
    );
    expect(screen.getByRole('link', { name: 'create an account' }).getAttribute('href')).toBe(
      `/register?redirect=${back}`,
    );
  });

  it('says nothing of an invitation on a plain sign-in', () => {
    renderLogin({ redirect: '/reports' });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
