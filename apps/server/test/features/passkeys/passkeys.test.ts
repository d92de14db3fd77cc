import type { Passkey } from '@medrem/contract';
import { eq } from 'drizzle-orm';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, users, webauthnChallenges } from '../../../src/db/schema';
import { ApiClient, type ApiResponse } from '../../support/api-client';
import { expectJsonError, signedInUser, type SignedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { type CeremonyOptions, SoftwareAuthenticator } from './software-authenticator';

const ORIGIN = 'https://meds.example.org';
const RP_ID = 'meds.example.org';

interface Options {
  challenge: string;
  rpId?: string;
  rp?: { id: string };
  user?: { id: string; name: string };
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: Record<string, unknown>;
  allowCredentials?: unknown[];
  userVerification?: string;
}

describe(`passkeys behind a proxy: PUBLIC_URL names the site (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: ORIGIN, TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => server.close());

  let refused: SignedInUser | undefined;
  let counted: SoftwareAuthenticator | undefined;
  const stored = (userId: string) =>
    server.database.handle.db.select().from(passkeys).where(eq(passkeys.userId, userId));

  async function registrationOptions(user: SignedInUser): Promise<Options> {
    const answer = await user.api.post<{ options: Options }>('/api/auth/passkeys/registration/options', {});
    expect(answer.status, answer.text).toBe(200);
    return answer.body.options;
  }

  async function addPasskey(user: SignedInUser, name?: string) {
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const options = await registrationOptions(user);
    authenticator.userHandle = options.user?.id ?? '';
    const made = await user.api.post<{ passkey: Passkey }>('/api/auth/passkeys/registration', {
      ...(name === undefined ? {} : { name }),
      response: authenticator.register(options.challenge),
    });
    expect(made.status, made.text).toBe(201);
    return { authenticator, passkey: made.body.passkey };
  }

  /** A sign-in by a browser with no session: the options, then the authenticator's answer. */
  async function signIn(authenticator: SoftwareAuthenticator, options: CeremonyOptions = {}) {
    const api = new ApiClient(server.baseUrl);
    const started = await api.post<{ options: Options }>('/api/auth/passkeys/authentication/options', {});
    expect(started.status, started.text).toBe(200);
    const response = authenticator.assert(started.body.options.challenge, options);
    const answer = await api.post('/api/auth/passkeys/authentication', { response });
    return { api, answer, response, options: started.body.options };
  }

  async function expectSignedOut(api: ApiClient, answer: ApiResponse, status: number, message: RegExp) {
    expectJsonError(answer, status);
    expect((answer.body as { message: string }).message).toMatch(message);
    expect(api.cookie).toBeUndefined();
  }

  it('adds a discoverable, user-verified passkey and signs in with it alone (session cookie)', async () => {
    const user = await signedInUser(server, { label: 'pk-life' });
    const options = await registrationOptions(user);
    // The site is PUBLIC_URL's, whatever host the request came to (127.0.0.1 here).
    expect(options.rp?.id).toBe(RP_ID);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.excludeCredentials).toEqual([]);

    const { authenticator, passkey } = await addPasskey(user, '  My phone  ');
    expect(passkey).toEqual({
      id: passkey.id,
      name: 'My phone',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect((await registrationOptions(user)).excludeCredentials?.map((c) => c.id)).toEqual([
      authenticator.id,
    ]);

    server.clock.advance(60_000);
    const { api, answer, options: signInOptions } = await signIn(authenticator);
    expect(signInOptions.allowCredentials ?? []).toEqual([]);
    expect(signInOptions.userVerification).toBe('required');
    expect(answer.status, answer.text).toBe(200);
    expect((answer.body as { user: { id: string } }).user.id).toBe(user.id);
    expect(answer.headers.getSetCookie().find((c) => c.startsWith('mr_session='))).toMatch(/HttpOnly/i);
    const session = await api.get<{ user: { email: string } | null }>('/api/auth/session');
    expect(session.body.user?.email).toBe(user.email);

    const listed = await user.api.get<{ passkeys: Passkey[] }>('/api/auth/passkeys');
    expect(listed.body.passkeys).toEqual([{ ...passkey, lastUsedAt: server.clock.now().toISOString() }]);
    expect(listed.text).not.toContain(authenticator.id);
    expect((await stored(user.id))[0]?.counter).toBe(1);
  });

  it('refuses a replayed or expired challenge, with nothing stored or signed in', async () => {
    const user = await signedInUser(server, { label: 'pk-replay' });
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const options = await registrationOptions(user);
    const response = authenticator.register(options.challenge);
    expect((await user.api.post('/api/auth/passkeys/registration', { response })).status).toBe(201);
    const again = await user.api.post('/api/auth/passkeys/registration', { response });
    expectJsonError(again, 400);
    expect((again.body as { message: string }).message).toMatch(/expired or was already used/);

    const first = await signIn(authenticator);
    expect(first.answer.status).toBe(200);
    const replay = new ApiClient(server.baseUrl);
    await expectSignedOut(
      replay,
      await replay.post('/api/auth/passkeys/authentication', { response: first.response }),
      400,
      /already used/,
    );

    const late = new ApiClient(server.baseUrl);
    const started = await late.post<{ options: Options }>('/api/auth/passkeys/authentication/options', {});
    server.clock.advance(5 * 60_000 + 1000);
    const answer = await late.post('/api/auth/passkeys/authentication', {
      response: authenticator.assert(started.body.options.challenge),
    });
    server.clock.advance(-(5 * 60_000 + 1000));
    await expectSignedOut(late, answer, 400, /expired/);
    expect(await stored(user.id)).toHaveLength(1);
  });

  it('refuses a registration challenge made for another account', async () => {
    const owner = await signedInUser(server, { label: 'pk-chal-owner' });
    const intruder = await signedInUser(server, { label: 'pk-chal-intruder' });
    const options = await registrationOptions(owner);
    const answer = await intruder.api.post('/api/auth/passkeys/registration', {
      response: new SoftwareAuthenticator(RP_ID, ORIGIN).register(options.challenge),
    });
    expectJsonError(answer, 400);
    expect(await stored(intruder.id)).toHaveLength(0);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example.net' }, /origin/],
    ['another RP ID', { rpID: 'evil.example.net' }, /RP ID/],
    ['no user verification', { userVerified: false }, /confirm it was you/],
    ['a sign-in answer', { type: 'webauthn.get' }, /malformed/],
  ])('refuses a registration made with %s (400, nothing stored)', async (_label, wrong, message) => {
    const user = (refused ??= await signedInUser(server, { label: 'pk-refused' }));
    const before = await stored(user.id);
    const options = await registrationOptions(user);
    const answer = await user.api.post('/api/auth/passkeys/registration', {
      response: new SoftwareAuthenticator(RP_ID, ORIGIN).register(options.challenge, wrong),
    });
    expectJsonError(answer, 400);
    expect((answer.body as { message: string }).message).toMatch(message);
    expect(await stored(user.id)).toEqual(before);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example.net' }, 400, /origin/],
    ['another RP ID', { rpID: 'evil.example.net' }, 400, /RP ID/],
    ['no user verification', { userVerified: false }, 400, /confirm it was you/],
    [
      'a forged signature',
      { forgeWith: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey },
      401,
      /signature is not valid/,
    ],
    ['a counter that did not increase', { counter: 3 }, 401, /counter did not increase/],
  ])('refuses a sign-in with %s, changing nothing', async (_label, wrong, status, message) => {
    // One account and passkey for every case: each refusal must leave it as it was (counter 3).
    const user = (refused ??= await signedInUser(server, { label: 'pk-refused' }));
    if (!counted) {
      counted = (await addPasskey(user)).authenticator;
      expect((await signIn(counted, { counter: 3 })).answer.status).toBe(200);
    }
    const authenticator = counted;
    const before = await stored(user.id);
    const { api, answer } = await signIn(authenticator, wrong);
    await expectSignedOut(api, answer, status, message);
    expect(await stored(user.id)).toEqual(before);
  });

  it('refuses a passkey nobody registered, and one whose user handle names another account', async () => {
    const { api, answer } = await signIn(new SoftwareAuthenticator(RP_ID, ORIGIN));
    await expectSignedOut(api, answer, 401, /not registered/);
    const user = await signedInUser(server, { label: 'pk-handle' });
    const other = await signedInUser(server, { label: 'pk-handle-other' });
    const { authenticator } = await addPasskey(user);
    authenticator.userHandle = Buffer.from(other.id).toString('base64url');
    const swapped = await signIn(authenticator);
    await expectSignedOut(swapped.api, swapped.answer, 401, /not registered/);
  });

  it('renames and removes only the caller’s own passkeys; a removed one no longer signs in', async () => {
    const owner = await signedInUser(server, { label: 'pk-own' });
    const intruder = await signedInUser(server, { label: 'pk-intruder' });
    const { authenticator, passkey } = await addPasskey(owner, 'Laptop');
    const path = `/api/auth/passkeys/${passkey.id}`;
    expectJsonError(await intruder.api.patch(path, { name: 'Mine now' }), 404);
    expectJsonError(await intruder.api.delete(path), 404);
    expect((await stored(owner.id))[0]?.name).toBe('Laptop');

    expectJsonError(await owner.api.patch(path, { name: 'Bad\u0007name' }), 400);
    expectJsonError(await owner.api.patch(path, { name: 'x'.repeat(61) }), 400);
    expectJsonError(await owner.api.patch(path, { name: '   ' }), 400);
    const renamed = await owner.api.patch<{ passkey: Passkey }>(path, { name: ' Work laptop ' });
    expect(renamed.body.passkey.name).toBe('Work laptop');

    // A second later: the record orders entries of one instant by their random ids.
    server.clock.advance(1_000);
    expect((await owner.api.delete(path)).body).toEqual({ removed: true });
    expectJsonError(await owner.api.delete(path), 404);
    const { api, answer } = await signIn(authenticator);
    await expectSignedOut(api, answer, 401, /not registered/);
    // Added and removed, by name, in the owner's activity record (decision 294); not the intruder's.
    await server.app.services.activity.settled();
    const record = async (user: typeof owner) =>
      (
        await user.api.get<{ entries: { kind: string; detail: unknown }[] }>('/api/account/activity')
      ).body.entries
        .filter((e) => e.kind.startsWith('passkey'))
        .map((e) => [e.kind, e.detail]);
    expect(await record(owner)).toEqual([
      ['passkey-removed', { name: 'Work laptop' }],
      ['passkey-added', { name: 'Laptop' }],
    ]);
    expect(await record(intruder)).toEqual([]);
  });

  it('opens no session for a disabled account', async () => {
    const user = await signedInUser(server, { label: 'pk-disabled' });
    const { authenticator } = await addPasskey(user);
    const { db } = server.database.handle;
    await db.update(users).set({ disabledAt: server.clock.now() }).where(eq(users.id, user.id));
    const { api, answer } = await signIn(authenticator);
    await expectSignedOut(api, answer, 403, /disabled/);
  });

  it('refuses malformed answers with a 400 and keeps no challenge past its use', async () => {
    const api = new ApiClient(server.baseUrl);
    const bad = [
      { response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
      {
        response: {
          id: '!!',
          rawId: '!!',
          type: 'public-key',
          response: { clientDataJSON: 'a', authenticatorData: 'a', signature: 'a' },
        },
      },
      {
        response: {
          id: 'AA',
          rawId: 'AA',
          type: 'public-key',
          response: { clientDataJSON: 'bm90IGpzb24', authenticatorData: 'AA', signature: 'AA' },
        },
      },
    ];
    for (const body of bad) expectJsonError(await api.post('/api/auth/passkeys/authentication', body), 400);
    const user = (refused ??= await signedInUser(server, { label: 'pk-refused' }));
    const { authenticator } = await addPasskey(user);
    const started = await api.post<{ options: Options }>('/api/auth/passkeys/authentication/options', {});
    const challenge = started.body.options.challenge;
    const garbled = authenticator.assert(challenge);
    garbled.response.authenticatorData = 'AAAA';
    expectJsonError(await api.post('/api/auth/passkeys/authentication', { response: garbled }), 400);
    const { db } = server.database.handle;
    expect(
      await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, challenge)),
    ).toEqual([]);
  });
});

describe(`passkeys on the embedded default: the request's own site (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('says passkeys need a host name when the app is opened at an IP address', async () => {
    const user = await signedInUser(server, { label: 'pk-ip' });
    const answer = await user.api.post('/api/auth/passkeys/registration/options', {});
    expectJsonError(answer, 400);
    expect((answer.body as { message: string }).message).toMatch(/localhost|PUBLIC_URL/);
    expectJsonError(
      await new ApiClient(server.baseUrl).post('/api/auth/passkeys/authentication/options', {}),
      400,
    );
  });

  it('binds passkeys to the host the browser opened (localhost)', async () => {
    const host = new URL(server.baseUrl).port;
    const injected = await server.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/authentication/options',
      headers: { host: `localhost:${host}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(injected.statusCode, injected.body).toBe(200);
    expect((JSON.parse(injected.body) as { options: Options }).options.rpId).toBe('localhost');
  });
});
