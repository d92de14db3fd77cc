import { describe, expect, it } from 'vitest';
import { authContract, publicUserSchema } from '../src/auth.contract';
import { accepted, refusals, text } from './support/parse';
import { EMAIL, serverUser } from './support/payloads';

const { register, login, logout, session, token } = authContract;

describe('auth.register (POST /api/user/register)', () => {
  const body = { name: 'Ada Lovelace', email: EMAIL, password: 'correct-horse' };

  it('accepts the spec’s body (name, email, password) and the browser’s zone with it', () => {
    expect(accepted(register.input, body)).toEqual(body);
    expect(accepted(register.input, { ...body, timezone: 'Europe/Paris' })).toMatchObject({
      timezone: 'Europe/Paris',
    });
  });

  it('stores the email as one canonical address', () => {
    expect(accepted(register.input, { ...body, email: ' Ada@Example.com ' }).email).toBe(EMAIL);
  });

  it('drops keys it does not know, so a body cannot set what the server decides', () => {
    const parsed = accepted(register.input, { ...body, id: serverUser.id, lastLogin: 'now', role: 'admin' });
    expect(Object.keys(parsed).sort()).toEqual(['email', 'name', 'password']);
  });

  it.each([
    ['no name', { name: undefined }, ['name: Name is required.']],
    ['a bad email', { email: 'ada@' }, ['email: Please enter a valid email address.']],
    ['a short password', { password: 'abcde' }, ['password: Password should be at least 6 characters long.']],
    ['a password sent as a number', { password: 123456 }, ['password: Password is required.']],
    ['an oversized name', { name: text(101) }, ['name: Name is too long (at most 100 characters).']],
    [
      'an unknown zone',
      { timezone: 'Mars/Olympus' },
      ['timezone: Unknown time zone (use an IANA name such as Europe/Paris).'],
    ],
  ])('refuses %s', (_label, change, messages) => {
    expect(refusals(register.input, { ...body, ...change })).toEqual(messages);
  });

  it('answers Created with the new user, without its password', () => {
    const answer = {
      message: 'Created',
      user: { ...serverUser, lastLogin: null },
      verificationRequired: false,
    };
    expect(accepted(register.output, answer)).toEqual(answer);
    expect(accepted(publicUserSchema, { ...serverUser, passwordHash: 'x' })).not.toHaveProperty(
      'passwordHash',
    );
    expect(refusals(register.output, { ...answer, message: 'OK' })).toHaveLength(1);
  });
});

describe('auth.login (POST /api/auth/login)', () => {
  it('accepts email and password, and any password length an old account may have', () => {
    expect(accepted(login.input, { email: EMAIL, password: 'abc' })).toEqual({
      email: EMAIL,
      password: 'abc',
    });
  });

  it.each([
    ['an empty password', { email: EMAIL, password: '' }, ['password: Password is required.']],
    ['an oversized password', { email: EMAIL, password: text(129) }, ['password: Password is too long.']],
    ['a bad email', { email: 'ada', password: 'abc' }, ['email: Please enter a valid email address.']],
  ])('refuses %s', (_label, input, messages) => {
    expect(refusals(login.input, input)).toEqual(messages);
  });

  it('answers with the signed-in user', () => {
    expect(accepted(login.output, { user: serverUser })).toEqual({ user: serverUser });
    expect(refusals(login.output, { user: { ...serverUser, id: 'not-a-uuid' } })).toHaveLength(1);
  });
});

describe('auth.logout and auth.session', () => {
  it('need no input', () => {
    for (const procedure of [logout, session]) {
      expect(procedure.input.safeParse(undefined).success).toBe(true);
      expect(procedure.input.safeParse({}).success).toBe(true);
    }
  });

  it('answer success, and the session’s user or null when signed out', () => {
    expect(accepted(logout.output, { success: true, message: 'Logged out' })).toBeTruthy();
    expect(refusals(logout.output, { success: false, message: 'Logged out' })).toHaveLength(1);
    expect(accepted(session.output, { user: null })).toEqual({ user: null });
    expect(accepted(session.output, { user: serverUser })).toEqual({ user: serverUser });
  });
});

describe('auth.token (POST /jwt)', () => {
  it('accepts the spec’s body (email only, the session proves it) and an API client’s password', () => {
    expect(accepted(token.input, { email: EMAIL })).toEqual({ email: EMAIL });
    expect(accepted(token.input, { email: EMAIL, password: 'correct-horse' })).toMatchObject({
      password: 'correct-horse',
    });
  });

  it.each([
    ['no email', {}, ['email: Please enter a valid email address.']],
    ['an oversized password', { email: EMAIL, password: text(129) }, ['password: Password is too long.']],
  ])('refuses %s', (_label, input, messages) => {
    expect(refusals(token.input, input)).toEqual(messages);
  });

  it('answers the token the client stores under access-token, and when it expires', () => {
    const answer = { token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig', expiresAt: '2026-11-21T09:00:00.000Z' };
    expect(accepted(token.output, answer)).toEqual(answer);
    expect(refusals(token.output, { expiresAt: answer.expiresAt })).toHaveLength(1);
  });
});
