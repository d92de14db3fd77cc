import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateMedicineScreen } from './update-medicine.screen';

vi.mock('@tanstack/react-router', () => ({
  useLoaderData: () => ({}),
  useNavigate: () => () => Promise.resolve(),
  Link: ({ children }: { children: unknown }) => children,
}));
vi.mock('../auth/auth.context', () => ({ useAuth: () => ({ user: null, loading: true }) }));

describe('the update screen while the sign-in is checked (decision 193)', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  });

  it('says, offline and signed out, that signing in needs a connection instead of spinning', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    render(<UpdateMedicineScreen />);
    expect(screen.getByRole('alert').textContent).toMatch(/connect to the internet to sign in/i);
    expect(screen.queryByText('Checking authentication...')).toBeNull();
  });
});
