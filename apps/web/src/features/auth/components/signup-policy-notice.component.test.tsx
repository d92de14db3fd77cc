import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignupPolicyNotice } from './signup-policy-notice.component';

describe('the register screen’s sign-up notice (issue 57)', () => {
  it('says sign-ups are closed, and that an existing account still signs in', () => {
    render(<SignupPolicyNotice policy="closed" invited={false} />);
    expect(screen.getByRole('status').textContent).toMatch(/Sign-ups are closed on this server.*sign in/);
  });

  it('says invite-only, and what to do with or without an invitation', () => {
    const { rerender } = render(<SignupPolicyNotice policy="invite" invited={false} />);
    expect(screen.getByRole('status').textContent).toMatch(/by invitation only/);
    rerender(<SignupPolicyNotice policy="invite" invited />);
    expect(screen.getByRole('status').textContent).toMatch(/You were invited/);
  });

  it('says nothing while sign-ups are open', () => {
    const { container } = render(<SignupPolicyNotice policy="open" invited={false} />);
    expect(container.textContent).toBe('');
  });
});
