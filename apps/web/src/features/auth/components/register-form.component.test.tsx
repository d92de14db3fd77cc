import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppLinkProps, NavigationContext, hrefOf } from '../../../lib/navigation';
import { RegisterForm } from './register-form.component';

const fake = vi.hoisted(() => ({ register: vi.fn(), navigate: vi.fn() }));
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => fake.navigate,
  Link: ({ children }: { children: unknown }) => children,
}));
vi.mock('../auth.context', () => ({ useAuth: () => ({ register: fake.register }) }));
vi.mock('../social/sign-in-providers.hook', () => ({ useSignInProviders: () => null }));
vi.mock('../../../shared/dialogs/dialog.store', () => ({ alertDialog: () => Promise.resolve() }));
// Sign-ups open (issue 57): the policy notice has its own test.
vi.mock('./signup-policy-notice.component', () => ({
  useMayRegister: () => ({ policy: 'open', mayRegister: true }),
  SignupPolicyNotice: () => null,
}));

function renderRegister(redirect?: string) {
  const Link = ({ to, search, children }: AppLinkProps) => <a href={hrefOf(to, search)}>{children}</a>;
  render(
    <NavigationContext.Provider value={{ Link, replaceWith: () => Promise.resolve() }}>
      <RegisterForm redirect={redirect} />
    </NavigationContext.Provider>,
  );
}

describe('registering (decision 193)', () => {
  beforeEach(() => {
    fake.register.mockResolvedValue({ verificationRequired: false });
    fake.navigate.mockResolvedValue(undefined);
  });

  it('sends the new user to sign in as one who has just registered, keeping where they were going', async () => {
    renderRegister('/care/accept?token=abcdefghijklmnopqrstuvwxyz');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Correct-horse-9' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Register' }).closest('form')!);
    await waitFor(() => expect(fake.navigate).toHaveBeenCalled(), { timeout: 5_000 });
    expect(fake.navigate).toHaveBeenCalledWith({
      to: '/login',
      search: { redirect: '/care/accept?token=abcdefghijklmnopqrstuvwxyz' },
      state: { firstSignIn: true },
    });
  });

  it('explains an invitation link here too', () => {
    renderRegister('/care/accept?token=abcdefghijklmnopqrstuvwxyz');
    expect(screen.getByRole('note').textContent).toContain("You were invited to join someone's care circle.");
  });
});
