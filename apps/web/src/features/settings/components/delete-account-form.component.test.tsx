import { TRPCClientError } from '@trpc/client';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteAccountForm } from './delete-account-form.component';

const fake = vi.hoisted(() => ({
  hasPassword: true,
  deleteAccount: vi.fn<(password?: string) => Promise<void>>(),
}));
vi.mock('../../../lib/trpc', () => ({
  trpc: {
    social: {
      signInMethods: { useQuery: () => ({ data: { hasPassword: fake.hasPassword, providers: [] } }) },
    },
  },
}));
vi.mock('../../auth/auth.context', () => ({
  useSignedInUser: () => ({ id: 'u1', email: 'ada@example.com', name: 'Ada' }),
  useAuth: () => ({ user: { email: 'ada@example.com' }, deleteAccount: fake.deleteAccount }),
}));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
}));

/** A refusal as the tRPC client raises it. */
const refused = (httpStatus: number, message: string) =>
  new TRPCClientError(message, { result: { error: { message, code: -32600, data: { httpStatus } } } });

describe('deleting the account asks for the password or a fresh sign-in (decision 198)', () => {
  beforeEach(() => {
    fake.deleteAccount.mockReset();
  });

  it('asks for the password and sends it; a wrong one is said by the field', async () => {
    fake.hasPassword = true;
    fake.deleteAccount.mockImplementationOnce(() =>
      Promise.reject(refused(400, 'Your password is not correct.')),
    );
    render(<DeleteAccountForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const confirm = screen.getByRole('button', { name: 'Yes, delete my account' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Your password, to confirm'), { target: { value: 'wrong' } });
    fireEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Your password is not correct.');
    expect(fake.deleteAccount).toHaveBeenCalledWith('wrong');
  });

  it('an account without a password needs a recent sign-in, and is told how to get one', async () => {
    fake.hasPassword = false;
    fake.deleteAccount.mockImplementationOnce(() =>
      Promise.reject(refused(403, 'For your safety, sign in again, then do this within 10 minutes.')),
    );
    render(<DeleteAccountForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(screen.queryByLabelText('Your password, to confirm')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(fake.deleteAccount).toHaveBeenCalledWith(undefined));
    expect((await screen.findByRole('alert')).textContent).toMatch(/sign in again/);
    expect(screen.getByRole('link', { name: 'Sign out and sign in again' })).toHaveProperty(
      'pathname',
      '/logout',
    );
  });
});
