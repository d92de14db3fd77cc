import { ERROR_REASONS, MAX_PERSONAL_TOKENS, PAT_PATTERN, type PersonalToken } from '@medrem/contract';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalAccessTokens } from '../../../src/db/schema';
import { createMedicine, expectJsonError, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';
import { createToken, storedTokens } from './token-support';

describe(`personal access tokens (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
  });
  afterAll(() => server.close());

  it('creates a token whose secret is shown once, lists it newest first, and revokes it', async () => {
    const user = await signedInUser(server, { label: 'pat-life' });
    const first = await createToken(server, user, ['read'], { name: 'Kitchen display' });
    server.clock.advance(1000);
    const second = await createToken(server, user, ['doses:write', 'read'], {
      expiresAt: '2027-01-31T00:00:00+01:00',
    });
    server.clock.advance(-1000);
    expect(first.secret).toMatch(PAT_PATTERN);
    expect(second.token).toMatchObject({
      scopes: ['doses:write', 'read'],
      createdAt: '2026-11-21T10:00:01.000Z',
      lastUsedAt: null,
      expiresAt: '2027-01-30T23:00:00.000Z',
    });
    const listed = await user.api.get<{ tokens: PersonalToken[] }>('/api/tokens');
    expect(listed.status).toBe(200);
    expect(listed.body.tokens.map((t) => t.id)).toEqual([second.token.id, first.token.id]);
    expect(listed.body.tokens[1]).toEqual({
      id: first.token.id,
      name: 'Kitchen display',
      scopes: ['read'],
      createdAt: '2026-11-21T10:00:00.000Z',
      lastUsedAt: null,
      expiresAt: null,
    });
    // Never again the secret, nor its hash: only the hash is stored.
    const hash = createHash('sha256').update(first.secret).digest('hex');
    expect(listed.text).not.toContain(first.secret.slice(7));
    expect(listed.text).not.toContain(hash);
    const [row] = (await storedTokens(server, user.id)).filter((t) => t.id === first.token.id);
    expect(row?.tokenHash).toBe(hash);
    expect(JSON.stringify(row)).not.toContain(first.secret);

    expect((await first.api.get(`/api/medicine/user/${user.email}`)).status).toBe(200);
    expect((await user.api.delete(`/api/tokens/${first.token.id}`)).body).toEqual({ revoked: true });
    expectJsonError(await first.api.get(`/api/medicine/user/${user.email}`), 401);
    expect((await user.api.get<{ tokens: PersonalToken[] }>('/api/tokens')).body.tokens).toHaveLength(1);
    expectJsonError(await user.api.delete(`/api/tokens/${first.token.id}`), 404);
  });

  it('works on REST and on tRPC, and only for its own account', async () => {
    const user = await signedInUser(server, { label: 'pat-both' });
    const other = await signedInUser(server, { label: 'pat-other' });
    const medicine = await createMedicine(user, { name: 'Token Pill' });
    const { api } = await createToken(server, user, ['read']);
    const rest = await api.get(`/api/medicine/${medicine.id}`);
    expect(rest.status, rest.text).toBe(200);
    const input = encodeURIComponent(JSON.stringify({ id: medicine.id }));
    const trpc = await api.get<{ result: { data: { name: string } } }>(`/trpc/medicine.get?input=${input}`);
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.name).toBe('Token Pill');
    expect((await api.get(`/api/medicine/user/${other.email}`)).status).toBe(403);
  });

  it('refuses another user’s token id and an unknown one alike (404), changing nothing', async () => {
    const owner = await signedInUser(server, { label: 'pat-owner' });
    const intruder = await signedInUser(server, { label: 'pat-intruder' });
    const { token, api } = await createToken(server, owner, ['read']);
    const refused = await intruder.api.delete(`/api/tokens/${token.id}`);
    expectJsonError(refused, 404);
    const unknown = await intruder.api.delete('/api/tokens/7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(unknown.body).toEqual(refused.body);
    expect((await api.get(`/api/medicine/user/${owner.email}`)).status).toBe(200);
    expect((await intruder.api.get<{ tokens: unknown[] }>('/api/tokens')).body.tokens).toEqual([]);
  });

  it('refuses bad input with a 4xx naming the problem, storing nothing', async () => {
    const user = await signedInUser(server, { label: 'pat-bad' });
    const cases: [unknown, RegExp][] = [
      [{ name: 'x', scopes: ['admin'] }, /Unknown scope/],
      [{ name: 'x', scopes: ['read', 'read'] }, /once/],
      [{ name: 'x', scopes: [] }, /at least one/],
      [{ name: 'x', scopes: 'read' }, /scopes must be a list/],
      [{ name: 'x', scopes: ['read'], expiresAt: '2026-11-21T09:59:59Z' }, /in the future/],
      [{ name: 'x', scopes: ['read'], expiresAt: '2026-11-21T10:00:00Z' }, /in the future/],
      [{ name: 'x', scopes: ['read'], expiresAt: '2031-11-21T10:00:01Z' }, /at most 5 years/],
      [{ name: 'x', scopes: ['read'], expiresAt: 'next week' }, /ISO 8601/],
      [{ name: 'x'.repeat(10_240), scopes: ['read'] }, /too long/],
      [{ name: '', scopes: ['read'] }, /required/],
      [{ scopes: ['read'] }, /name/i],
      ...['\u0000', '\u001b', '\u0007', '\u007f', '\n'].map((c): [unknown, RegExp] => [
        { name: `a${c}b`, scopes: ['read'] },
        /control characters/,
      ]),
    ];
    for (const [body, message] of cases) {
      const answer = await user.api.post('/api/tokens', body);
      expectJsonError(answer, 400);
      expect((answer.body as { message: string }).message, JSON.stringify(body).slice(0, 80)).toMatch(
        message,
      );
    }
    expect(await storedTokens(server, user.id)).toEqual([]);
  });

  it(`refuses the ${MAX_PERSONAL_TOKENS + 1}st token with a 409 and its reason`, async () => {
    const user = await signedInUser(server, { label: 'pat-limit' });
    await server.database.handle.db.insert(personalAccessTokens).values(
      Array.from({ length: MAX_PERSONAL_TOKENS - 1 }, (_, i) => ({
        userId: user.id,
        name: `Seeded ${i}`,
        scopes: 'read',
        tokenHash: `seeded-${user.id}-${i}`,
      })),
    );
    await createToken(server, user, ['read'], { name: 'The hundredth' });
    const refused = await user.api.post('/api/tokens', { name: 'One too many', scopes: ['read'] });
    expectJsonError(refused, 409);
    expect(refused.body).toMatchObject({ data: { reason: ERROR_REASONS.tokenLimit } });
    expect((refused.body as { message: string }).message).toMatch(/100 tokens already/);
    expect(await storedTokens(server, user.id)).toHaveLength(MAX_PERSONAL_TOKENS);
  });

  it('lets no personal token manage tokens, not even one holding every scope', async () => {
    const user = await signedInUser(server, { label: 'pat-self' });
    const { token, api } = await createToken(server, user, ['read', 'doses:write', 'medicines:write']);
    for (const answer of [
      await api.get('/api/tokens'),
      await api.post('/api/tokens', { name: 'Escalated', scopes: ['read'] }),
      await api.delete(`/api/tokens/${token.id}`),
    ]) {
      expectJsonError(answer, 403);
      expect(answer.body).toMatchObject({ data: { reason: ERROR_REASONS.tokenScope } });
    }
    expect(await storedTokens(server, user.id)).toHaveLength(1);
  });

  it('stops an expired token at once (401), judged by the clock', async () => {
    const user = await signedInUser(server, { label: 'pat-expiry' });
    const { api } = await createToken(server, user, ['read'], { expiresAt: '2026-11-21T11:00:00Z' });
    const path = `/api/medicine/user/${user.email}`;
    try {
      server.clock.set('2026-11-21T10:59:59.999Z');
      expect((await api.get(path)).status).toBe(200);
      server.clock.set('2026-11-21T11:00:00.000Z');
      expectJsonError(await api.get(path), 401);
    } finally {
      server.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('refuses look-alike tokens: a wrong checksum, a cut secret, another prefix', async () => {
    const user = await signedInUser(server, { label: 'pat-forged' });
    const { secret, api } = await createToken(server, user, ['read']);
    const path = `/api/medicine/user/${user.email}`;
    const flipped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [flipped, secret.slice(0, -1), `mr_pax_${secret.slice(7)}`, 'mr_pat_']) {
      api.token = forged;
      expectJsonError(await api.get(path), 401);
    }
    api.token = secret;
    expect((await api.get(path)).status).toBe(200);
  });
});
