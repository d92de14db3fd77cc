import { createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { ManualClock } from '../../src/lib/clock';
import { serializeError } from '../../src/lib/log-serializers';
import { createMedicine, signedInUser } from '../support/scenario';
import { DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { type TestDatabase, TEST_ENGINE, createTestDatabase } from '../support/test-database';

describe(`what reaches the logs (${TEST_ENGINE})`, () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  let baseUrl: string;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-logs-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      REMINDER_WORKER: 'off',
    });
    app = await buildApp({
      config,
      clock: new ManualClock(new Date('2026-11-21T10:00:00Z')),
      database: database.handle,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const unique = (label: string) => `${label}-${randomBytes(9).toString('hex')}`;
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('keeps emails, medicine names, tokens and push endpoints out of info lines', async () => {
    lines.length = 0;
    const user = await signedInUser({ baseUrl }, { label: 'privacy' });
    const medicine = await createMedicine(user, { name: 'Zolpidem-secret-name' });
    await user.api.get(`/api/medicine/${medicine.id}`);
    await user.api.get(`/api/user/${user.email}/settings`);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `https://fcm.googleapis.com/fcm/send/device-${randomBytes(6).toString('hex')}`;
    const saved = await user.api.post('/api/user/save-fcm-token', {
      email: user.email,
      tokenForNotification: JSON.stringify({
        endpoint,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      }),
    });
    expect(saved.status).toBe(200);
    const atInfo = parsed().filter((line) => Number(line.level) >= 30);
    expect(atInfo.length).toBeGreaterThan(5); // the access log is there, so the absence below means something
    const log = JSON.stringify(atInfo);
    for (const personal of [
      user.email,
      user.email.split('@')[0]!,
      'Zolpidem-secret-name',
      user.api.token!,
      endpoint,
    ]) {
      expect(log).not.toContain(personal);
    }
  });

  it('puts the request id on every line of a request and answers with it', async () => {
    const user = await signedInUser({ baseUrl }, { label: 'reqid' });
    lines.length = 0;
    const given = 'trace-0123456789abcdef';
    const kept = await user.api.get('/api/auth/providers', { headers: { 'x-request-id': given } });
    expect(kept.headers.get('x-request-id')).toBe(given);
    const refused = await user.api.get('/api/auth/providers', {
      headers: { 'x-request-id': 'ada@example.com <script>' },
    });
    const generated = refused.headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    const medicine = await user.api.get('/api/medicine/not-a-uuid');
    const ids = [given, generated, medicine.headers.get('x-request-id')];
    const requestLines = parsed().filter((line) => 'req' in line || 'res' in line || line.reqId);
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    for (const line of requestLines) expect(ids).toContain(line.reqId);
    // One access line per request (decision 132), with what the two lines of before held together.
    const access = parsed().filter((line) => line.msg === 'request completed');
    expect(access.map((line) => line.reqId)).toEqual(ids);
    for (const line of access) {
      expect(line.req).toMatchObject({ method: 'GET', id: line.reqId });
      expect(line.res).toHaveProperty('statusCode');
      expect(line.responseTime).toEqual(expect.any(Number));
    }
    expect(parsed().filter((line) => line.msg === 'incoming request')).toEqual([]);
    expect(lines.join('\n')).not.toContain('ada@example.com');
  });

  it('writes no access line for a health probe that answers ok (decision 013)', async () => {
    lines.length = 0;
    const probes = await Promise.all([1, 2, 3].map(() => fetch(`${baseUrl}/api/health`)));
    expect(probes.map((response) => response.status)).toEqual([200, 200, 200]);
    const other = await fetch(`${baseUrl}/api/auth/providers`);
    const access = parsed().filter((line) => line.msg === 'request completed');
    // The other call's line is there, so the probes' missing lines are no lost buffer.
    expect(access.map((line) => (line.req as { url: string }).url)).toEqual(['/api/auth/providers']);
    expect(access[0]!.reqId).toBe(other.headers.get('x-request-id'));
  });

  it('logs a failed query without the values it was run with (finding 4)', async () => {
    const user = await signedInUser({ baseUrl }, { label: 'logs' });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    // The table is gone: the insert fails inside the database, as on a broken deployment.
    await database.handle.db.execute(sql`drop table push_subscriptions cascade`);
    lines.length = 0;
    const response = await user.api.post('/api/user/save-fcm-token', {
      email: user.email,
      tokenForNotification: JSON.stringify({
        endpoint: 'https://fcm.googleapis.com/fcm/send/secret-device',
        keys,
      }),
    });
    expect(response.status).toBe(500);
    // Every line of the request carries its id, the process logger's "REST call failed" too.
    const reqId = response.headers.get('x-request-id');
    expect(reqId).toBeTruthy();
    const own = parsed();
    expect(own.some((line) => line.msg === 'REST call failed')).toBe(true);
    for (const line of own) expect(line.reqId).toBe(reqId);
    const log = lines.join('\n');
    expect(log).toMatch(/push_subscriptions/); // the failure itself is logged …
    expect(log).toContain('[redacted]');
    for (const secret of [keys.p256dh, keys.auth, 'secret-device', user.id]) {
      expect(log).not.toContain(secret); // … without what was being written
    }
  });

  it('logs request paths without the email addresses in them (finding 11)', async () => {
    const user = await signedInUser({ baseUrl }, { label: 'paths' });
    lines.length = 0;
    await user.api.get(`/api/user/${user.email}/settings`);
    await user.api.get(`/api/user/${encodeURIComponent(user.email)}/export`);
    const log = lines.join('\n');
    expect(log).toContain('/api/user/[email]/settings');
    expect(log).not.toContain(user.email.split('@')[0]);
  });

  it('logs a calendar feed request without its secret token (decision 141)', async () => {
    const user = await signedInUser({ baseUrl }, { label: 'feed' });
    const link = await user.api.post<{ url: string }>(`/api/calendar/${user.email}/feed`);
    expect(link.status, link.text).toBe(201);
    const token = /([^/]+)\.ics$/.exec(link.body.url)![1]!;
    lines.length = 0;
    expect((await fetch(link.body.url)).status).toBe(200);
    expect((await fetch(`${baseUrl}/api/calendar/${token}?x=1`)).status).toBe(400);
    const log = lines.join('\n');
    expect(log).toContain('/api/calendar/[token]');
    expect(log).not.toContain(token);
  });

  it('logs no secret query value nor a feed token, in access lines or messages (decision 185)', async () => {
    const user = await signedInUser({ baseUrl }, { label: 'urls' });
    const invited = await user.api.post<{ token: string }>(`/api/care/${user.email}/invitations`, {
      email: 'carer-of-urls@example.com',
      permissions: DEFAULT_CARE_PERMISSIONS,
    });
    expect(invited.status, invited.text).toBe(201);
    const invitation = invited.body.token;
    const secrets = [
      invitation,
      ...['code', 'state', 'key', 'secret', 'pw', 'at', 'idt', 'json'].map(unique),
    ];
    const [, code, state, key, secret, password, accessToken, idToken, inJson] = secrets;
    lines.length = 0;
    // The page a caregiver opens, an OpenID callback, an API path, a tRPC GET with its input.
    const urls = [
      `/care/accept?token=${invitation}`,
      `/api/auth/oidc/callback?code=${code}&state=${state}`,
      `/api/nothing-here?key=${key}&client_secret=${secret}&password=${password}&page=2`,
      `/api/medicine/x?access_token=${accessToken}&id_token=${idToken}`,
      `/trpc/care.previewInvitation?input=${encodeURIComponent(JSON.stringify({ token: inJson, n: 1 }))}`,
    ];
    for (const url of urls) await fetch(`${baseUrl}${url}`);
    // Anywhere else a URL is logged: a message quoting it, an error quoting it.
    app.log.info(`Route GET:/care/accept?token=${invitation} not found`);
    app.log.error({ err: new Error(`GET /api/x?code=${code} failed`) }, 'request failed');
    // Every request was logged (the line may follow the answer), so the absence below means something.
    await vi.waitFor(() => expect(parsed().filter((line) => 'res' in line).length).toBe(urls.length));
    const log = lines.join('\n');
    for (const value of secrets) expect(log).not.toContain(value);
    expect(log).toContain('/care/accept?token=[redacted]');
    expect(log).toContain('page=2'); // other query values stay, to debug by
  });

  it('logs no personal access token, whatever carries it (decision 266)', async () => {
    const user = await signedInUser({ baseUrl }, { label: 'pat-log' });
    const made = await user.api.post<{ secret: string }>('/api/tokens', {
      name: 'Logged?',
      scopes: ['read'],
    });
    expect(made.status, made.text).toBe(201);
    const { secret } = made.body;
    lines.length = 0;
    const sent = await fetch(`${baseUrl}/api/medicine/user/${user.email}`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(sent.status).toBe(200);
    // Misplaced by a careless client: in a path, in a query of a harmless name; and quoted by a message.
    await fetch(`${baseUrl}/api/nothing/${secret}?q=${secret}&page=3`);
    app.log.warn(`a client sent ${secret} in the body`);
    await vi.waitFor(() => expect(parsed().filter((line) => 'res' in line).length).toBe(2));
    const log = lines.join('\n');
    expect(log).not.toContain(secret.slice(7));
    expect(log).toContain('mr_pat_[redacted]');
    expect(log).toContain('page=3');
  });

  it('serialises only known fields of an error and its causes', () => {
    const inner = Object.assign(new Error('duplicate key'), {
      code: '23505',
      parameters: ['$argon2id$v=19$hash'],
    });
    const outer = new Error('Failed query: insert into users values ($1)\nparams: $argon2id$v=19$hash', {
      cause: inner,
    });
    const text = JSON.stringify(serializeError(outer));
    expect(text).not.toContain('argon2id');
    expect(text).toContain('23505');
    expect(text).toContain('insert into users');
  });
});
