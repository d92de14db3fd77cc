import { TOKEN_NAME_MAX } from '@medrem/contract/token-scopes';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPIRY,
  checkTokenDraft,
  emptyTokenDraft,
  expiresAtOf,
  fieldErrorsOf,
  withScope,
} from './token-form.model';

const now = new Date('2026-12-06T14:00:00.000Z');

describe('the expiry a choice gives (issue 59)', () => {
  it('counts 30 days, 90 days and a year of days from the injected now; none for no expiry', () => {
    expect(expiresAtOf('30d', now)).toBe('2027-01-05T14:00:00.000Z');
    expect(expiresAtOf('90d', now)).toBe('2027-03-06T14:00:00.000Z');
    expect(expiresAtOf('1y', now)).toBe('2027-12-06T14:00:00.000Z');
    expect(expiresAtOf('never', now)).toBeNull();
  });

  it('follows the clock it is given, not the machine’s', () => {
    expect(expiresAtOf('30d', new Date('2030-02-01T00:00:00Z'))).toBe('2030-03-03T00:00:00.000Z');
  });

  it('is 90 days unless chosen otherwise, and nothing is granted before the user ticks it', () => {
    expect(DEFAULT_EXPIRY).toBe('90d');
    expect(emptyTokenDraft()).toEqual({ name: '', scopes: [], expiry: '90d' });
  });
});

describe('checking the create form', () => {
  it('makes the request: trimmed name, the ticked scopes, the expiry at the injected now', () => {
    const checked = checkTokenDraft({ name: '  Home Assistant ', scopes: ['read'], expiry: '30d' }, now);
    expect(checked).toEqual({
      input: { name: 'Home Assistant', scopes: ['read'], expiresAt: '2027-01-05T14:00:00.000Z' },
    });
    const forever = checkTokenDraft({ name: 'Widget', scopes: ['read'], expiry: 'never' }, now);
    expect(forever.input?.expiresAt ?? null).toBeNull();
  });

  it('says at the name field that a name is needed (blank is not a name)', () => {
    const checked = checkTokenDraft({ name: '   ', scopes: ['read'], expiry: '90d' }, now);
    expect(checked.input).toBeUndefined();
    expect(checked.errors?.name).toMatch(/name/i);
    expect(checked.errors?.scopes).toBeUndefined();
  });

  it('refuses a name longer than the contract allows, and control characters, at the name field', () => {
    const long = checkTokenDraft(
      { name: 'x'.repeat(TOKEN_NAME_MAX + 1), scopes: ['read'], expiry: '90d' },
      now,
    );
    expect(long.errors?.name).toBeTruthy();
    const exact = checkTokenDraft({ name: 'x'.repeat(TOKEN_NAME_MAX), scopes: ['read'], expiry: '90d' }, now);
    expect(exact.errors).toBeUndefined();
    const nul = checkTokenDraft({ name: 'bad\u0000name', scopes: ['read'], expiry: '90d' }, now);
    expect(nul.errors?.name).toBeTruthy();
  });

  it('says at the scopes that at least one must be chosen', () => {
    const checked = checkTokenDraft({ name: 'Script', scopes: [], expiry: '90d' }, now);
    expect(checked.input).toBeUndefined();
    expect(checked.errors).toEqual({ scopes: 'Choose at least one thing the token may do.' });
  });
});

describe('scope ticks and server issues', () => {
  it('keeps the contract’s order whatever order they are ticked in, and unticks', () => {
    const ticked = withScope(withScope([], 'medicines:write', true), 'read', true);
    expect(ticked).toEqual(['read', 'medicines:write']);
    expect(withScope(ticked, 'read', false)).toEqual(['medicines:write']);
  });

  it('puts a server issue at its field: expiresAt at the expiry, unknown paths nowhere', () => {
    expect(
      fieldErrorsOf([
        { path: ['expiresAt'], message: 'The expiry must be in the future.' },
        { path: ['scopes', 0], message: 'Unknown scope.' },
        { path: ['scopes', 1], message: 'A second one.' },
        { path: ['other'], message: 'Not a field of the form.' },
      ]),
    ).toEqual({ expiry: 'The expiry must be in the future.', scopes: 'Unknown scope.' });
  });
});
