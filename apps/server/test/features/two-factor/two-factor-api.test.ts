import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInTickets, twoFactor, twoFactorRecoveryCodes } from '../../../src/db/schema';
import { totpCodeAt } from '../../../src/features/two-factor/totp';
import { ApiClient } from '../../support/api-client';
import { type SignedInUser, expectJsonError, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

interface TwoFactorUser extends SignedInUser {
  secret: string;
  recoveryCodes: string[];
}
interface SecondStepBody {
  secondStep: { ticket: string; expiresAt: string; methods: string[] };
}

describe(`two-step sign-in (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://meds.example.org' } });
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.database.handle.db;
  const codeNow = (secret: string) => totpCodeAt(secret, server.clock.now());
  /** The next 30-second step: a code of the current one may have been spent already. */
  const nextStep = () => server.clock.advance(30_000);
  const passwordStep = async (user: Pick<SignedInUser, 'email' | 'password'>) => {
    const api = new ApiClient(server.baseUrl);
    const answer = await api.post<SecondStepBody>('/api/auth/login', {
      email: user.email,
      password: user.password,
      timezone: 'Europe/Berlin',
    });
    expect(answer.status, answer.text).toBe(200);
    return { api, ticket: answer.body.secondStep.ticket, answer };
  };
  const complete = (api: ApiClient, ticket: string, code: string) =>
    api.post<{ user?: { email: string }; data?: { reason: string } }>('/api/auth/two-factor/sign-in', {
      ticket,
      code,
    });

  async function userWithTwoFactor(label: string): Promise<TwoFactorUser> {
    const user = await signedInUser(server, { label });
    const started = await user.api.post<{ secret: string; otpauthUri: string; qrSvg: string }>(
      '/api/auth/two-factor/setup',
      {},
    );
    expect(started.status, started.text).toBe(200);
    const confirmed = await user.api.post<{ recoveryCodes: string[] }>('/api/auth/two-factor/setup/confirm', {
      code: codeNow(started.body.secret),
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    // Turning it on ended every access token (decision 353): this device asks for a new one.
    await user.api.refreshToken(user.email);
    return { ...user, secret: started.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
  }

  it('is set up with a QR code and a confirming code, and answers ten recovery codes once', async () => {
    const user = await signedInUser(server, { label: 'setup' });
    const off = await user.api.get('/api/auth/two-factor');
    expect(off.body).toEqual({ enabled: false, enabledAt: null, pending: false, recoveryCodesLeft: 0 });
    const started = await user.api.post<{ secret: string; otpauthUri: string; qrSvg: string }>(
      '/api/auth/two-factor/setup',
      {},
    );
    expect(started.body.otpauthUri).toContain(`secret=${started.body.secret}`);
    expect(started.body.qrSvg).toMatch(/^<svg/);
    // Only sealed in the database: a dump does not give the codes.
    const [stored] = await db().select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(stored!.secretSealed).not.toContain(started.body.secret);

    const wrong = await user.api.post('/api/auth/two-factor/setup/confirm', { code: '000000' });
    expectJsonError(wrong, 400);
    expect(wrong.body.data?.reason).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await user.api.get('/api/auth/two-factor')).body.enabled).toBe(false);

    const confirmed = await user.api.post<{ recoveryCodes: string[] }>('/api/auth/two-factor/setup/confirm', {
      code: codeNow(started.body.secret),
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    await user.api.refreshToken(user.email);
    const hashes = await db()
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.codeHash)).not.toContain(confirmed.body.recoveryCodes[0]);
    expect((await user.api.get('/api/auth/two-factor')).body).toMatchObject({
      enabled: true,
      enabledAt: server.clock.now().toISOString(),
      recoveryCodesLeft: 10,
    });
    // On already: no new secret replaces it, and the old one is never shown again.
    expectJsonError(await user.api.post('/api/auth/two-factor/setup', {}), 409);
  });

  it('signs every other device out when turned on; this one keeps its session (decision 353)', async () => {
    const user = await signedInUser(server, { label: 'others-out' });
    const other = new ApiClient(server.baseUrl);
    expect((await other.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(
      200,
    );
    await other.refreshToken(user.email);
    expect((await other.get('/api/auth/two-factor')).status).toBe(200);
    const started = await user.api.post<{ secret: string }>('/api/auth/two-factor/setup', {});
    const confirmed = await user.api.post<{ otherSessionsEnded: number }>(
      '/api/auth/two-factor/setup/confirm',
      { code: codeNow(started.body.secret) },
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.otherSessionsEnded).toBe(1);
    // The other device: its token and its session are both gone.
    expect((await other.get('/api/auth/two-factor')).status).toBe(401);
    expect((await other.get<{ user: unknown }>('/api/auth/session')).body.user).toBeNull();
    // This device: a new token from its own session, and on it goes.
    await user.api.refreshToken(user.email);
    expect((await user.api.get('/api/auth/two-factor')).body).toMatchObject({ enabled: true });
  });

  it('asks a right password for the second step, then opens the session with a current code', async () => {
    const user = await userWithTwoFactor('login');
    const { api, ticket, answer } = await passwordStep(user);
    expect(answer.body.secondStep.methods).toEqual(['totp', 'recovery-code']);
    expect(answer.body).not.toHaveProperty('user');
    expect(api.cookie).toBeUndefined();
    expectJsonError(await api.get('/api/auth/two-factor'), 401);

    const wrong = await complete(api, ticket, '123456');
    expectJsonError(wrong, 400);
    expect(wrong.body.data?.reason).toBe('TWO_FACTOR_CODE_INVALID');
    nextStep();
    const done = await complete(api, ticket, codeNow(user.secret));
    expect(done.status, done.text).toBe(200);
    expect(done.body.user?.email).toBe(user.email);
    expect((await api.get<{ user: { email: string } | null }>('/api/auth/session')).body.user?.email).toBe(
      user.email,
    );
    // The ticket worked once.
    const again = await complete(api, ticket, user.recoveryCodes[0]!);
    expect(again.body.data?.reason).toBe('TWO_FACTOR_TICKET_INVALID');
  });

  it('refuses a code used once (replay), even with a new ticket', async () => {
    const user = await userWithTwoFactor('replay');
    nextStep();
    const code = codeNow(user.secret);
    const first = await passwordStep(user);
    expect((await complete(first.api, first.ticket, code)).status).toBe(200);
    const second = await passwordStep(user);
    const replayed = await complete(second.api, second.ticket, code);
    expectJsonError(replayed, 400);
    expect(replayed.body.data?.reason).toBe('TWO_FACTOR_CODE_INVALID');
    expect(second.api.cookie).toBeUndefined();
  });

  it('takes each recovery code once', async () => {
    const user = await userWithTwoFactor('recovery');
    const [code] = user.recoveryCodes as [string];
    const first = await passwordStep(user);
    expect((await complete(first.api, first.ticket, code.toUpperCase())).status).toBe(200);
    const second = await passwordStep(user);
    const twice = await complete(second.api, second.ticket, code);
    expectJsonError(twice, 400);
    expect(twice.body.data?.reason).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await user.api.get('/api/auth/two-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('limits wrong codes as it limits wrong passwords', async () => {
    const user = await userWithTwoFactor('limit');
    const { api, ticket } = await passwordStep(user);
    for (let i = 0; i < 5; i += 1) expect((await complete(api, ticket, '000000')).status).toBe(400);
    nextStep();
    const limited = await complete(api, ticket, codeNow(user.secret));
    expectJsonError(limited, 429);
    expect(api.cookie).toBeUndefined();
  });

  it("refuses an expired ticket, and another account's code or passkey for a ticket", async () => {
    const owner = await userWithTwoFactor('owner');
    const other = await userWithTwoFactor('other');
    const { api, ticket } = await passwordStep(owner);
    nextStep();
    // The other account's right code does not redeem the owner's ticket.
    expectJsonError(await complete(api, ticket, codeNow(other.secret)), 400);
    // Nor may another module (the passkey flow) redeem it for another account.
    await expect(server.app.services.twoFactor.completeSecondStep(ticket, other.id)).rejects.toThrow(
      /expired or was used/,
    );
    server.clock.advance(5 * 60_000 + 1);
    const late = await complete(api, ticket, codeNow(owner.secret));
    expectJsonError(late, 400);
    expect(late.body.data?.reason).toBe('TWO_FACTOR_TICKET_INVALID');
    // A passkey-verified redemption of a live ticket opens the session.
    const fresh = await passwordStep(owner);
    const opened = await server.app.services.twoFactor.completeSecondStep(fresh.ticket, owner.id);
    expect(opened.user.email).toBe(owner.email);
  });

  it('gives no access token for the password alone', async () => {
    const user = await userWithTwoFactor('jwt');
    const refused = await new ApiClient(server.baseUrl).post('/jwt', {
      email: user.email,
      password: user.password,
    });
    expectJsonError(refused, 403);
    expect(refused.body.data?.reason).toBe('TWO_FACTOR_REQUIRED');
    // A session that went through both steps still gets its token.
    expect((await user.api.post('/jwt', { email: user.email })).status).toBe(200);
  });

  it('sets a new password through a reset link but still asks the second factor', async () => {
    const user = await userWithTwoFactor('reset');
    const issued = await server.app.services.operatorResetLink(user.email);
    const token = new URL(issued!.link).searchParams.get('token')!;
    const api = new ApiClient(server.baseUrl);
    const reset = await api.post<SecondStepBody>('/api/auth/password-reset/confirm', {
      token,
      password: 'a-new-long-passphrase',
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.secondStep.ticket).toEqual(expect.any(String));
    expect(api.cookie).toBeUndefined();
    nextStep();
    expect((await complete(api, reset.body.secondStep.ticket, codeNow(user.secret))).status).toBe(200);
  });

  it('turns off only with the password and a fresh code; regenerating needs a fresh code', async () => {
    const user = await userWithTwoFactor('off');
    const spent = codeNow(user.secret);
    const regenerated = await user.api.post<{ recoveryCodes: string[] }>(
      '/api/auth/two-factor/recovery-codes',
      {
        code: user.recoveryCodes[0],
      },
    );
    expect(regenerated.status, regenerated.text).toBe(200);
    expect(regenerated.body.recoveryCodes).not.toContain(user.recoveryCodes[1]);
    const oldCode = await user.api.post('/api/auth/two-factor/disable', {
      code: user.recoveryCodes[1],
      password: user.password,
    });
    expectJsonError(oldCode, 400);
    nextStep();
    const noPassword = await user.api.post('/api/auth/two-factor/disable', { code: codeNow(user.secret) });
    expectJsonError(noPassword, 400);
    const usedCode = await user.api.post('/api/auth/two-factor/disable', {
      code: spent,
      password: user.password,
    });
    expectJsonError(usedCode, 400);
    expect((await user.api.get('/api/auth/two-factor')).body.enabled).toBe(true);
    const off = await user.api.post('/api/auth/two-factor/disable', {
      code: codeNow(user.secret),
      password: user.password,
    });
    expect(off.status, off.text).toBe(200);
    expect(
      await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)),
    ).toEqual([]);
    const login = await new ApiClient(server.baseUrl).post('/api/auth/login', {
      email: user.email,
      password: user.password,
    });
    expect(login.body).toHaveProperty('user');
    // Both changes are in the account's activity record (decision 294), newest first.
    await server.app.services.activity.settled();
    const activity = await user.api.get<{ entries: { kind: string }[] }>('/api/account/activity');
    const kinds = activity.body.entries.map((e) => e.kind).filter((k) => k.startsWith('two-factor'));
    expect(kinds).toEqual(['two-factor-off', 'two-factor-on']);
  });

  it('is in the export without its secret, and goes with the account', async () => {
    const user = await userWithTwoFactor('export');
    const exported = await user.api.get<{ twoFactor: unknown }>(`/api/user/${user.email}/export`);
    expect(exported.body.twoFactor).toEqual({ enabled: true, enabledAt: server.clock.now().toISOString() });
    expect(exported.text).not.toContain(user.secret);
    await passwordStep(user);
    const deleted = await user.api.delete(`/api/user/${user.email}/account`, { password: user.password });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, user.id))).toEqual([]);
    expect(await db().select().from(signInTickets).where(eq(signInTickets.userId, user.id))).toEqual([]);
  });
});
