import type { FastifyInstance } from 'fastify';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { ApiClient } from '../support/api-client';
import {
  type SignedInUser,
  createMedicine,
  exportSnapshot,
  seedNotification,
  setTaken,
  signedInUser,
} from '../support/scenario';
import { TEST_ENGINE, createEmptyServerDatabase } from '../support/test-database';

/**
 * The server as it runs for real: it opens its own database (PGlite under DATA_DIR, or the
 * PostgreSQL of DATABASE_URL), its own secrets in DATA_DIR, and the system clock.
 */
async function startRealServer(
  env: Record<string, string>,
): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

describe(`durability across a restart on the same DATA_DIR (${TEST_ENGINE})`, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  let first: { app: FastifyInstance; baseUrl: string };
  let user: SignedInUser;
  let before: Record<string, unknown>;
  let devicesBefore: unknown;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-durable-'));
    env = { DATA_DIR: dataDir };
    if (TEST_ENGINE === 'postgres') {
      // PostgreSQL keeps the rows; DATA_DIR still keeps the secrets.
      const database = await createEmptyServerDatabase(process.env.TEST_DATABASE_URL!);
      env.DATABASE_URL = database.url;
      dropDatabase = () => database.drop();
    }

    first = await startRealServer(env);
    user = await signedInUser(
      { baseUrl: first.baseUrl },
      { label: 'durable', name: 'Durable', password: 'kept-password-1' },
    );
    const medicine = await createMedicine(user, { name: 'Lasting', frequency: '1-1-0', totalPills: 20 });
    await setTaken(user, medicine.id, '2025-03-01', '1-1-0');
    await setTaken(user, medicine.id, '2025-03-02', '1-0-0');
    await user.api.patch(`/api/medicine/${medicine.id}/refill`, { pills: 25 });
    await setTaken(user, medicine.id, '2025-03-03', '0-1-0');
    const settings = (await user.api.get(`/api/user/${user.email}/settings`)).body.settings;
    const saved = await user.api.put(`/api/user/${user.email}/settings`, {
      ...settings,
      notifications: { ...settings.notifications, dailySummary: true },
      medicineDefaults: { ...settings.medicineDefaults, defaultReminderTimes: ['07:00', '13:00', '19:00'] },
      timezone: 'Australia/Sydney',
    });
    expect(saved.status, saved.text).toBe(200);
    await seedNotification(first, user.id, { title: 'Before the restart' });
    await user.api.post('/api/user/save-fcm-token', {
      email: user.email,
      tokenForNotification: 'durable-device-token-0123456789abcdef',
    });
    before = await exportSnapshot(user);
    devicesBefore = await first.app.services.repositories.pushSubscriptions.listForUser(user.id);
    await first.app.close();
  });

  afterAll(async () => {
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('kept the generated secret in DATA_DIR/secrets.json, readable by the owner only', async () => {
    const file = path.join(dataDir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const secrets = JSON.parse(await readFile(file, 'utf8')) as { jwtSecret: string };
    expect(secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);
    if (TEST_ENGINE === 'pglite') {
      // The embedded database lives under DATA_DIR too.
      expect((await stat(path.join(dataDir, 'pglite'))).isDirectory()).toBe(true);
    }
  });

  it('serves everything again after the restart', async () => {
    const second = await startRealServer(env);
    try {
      // The token of the first process is still good: the secret persisted.
      const api = new ApiClient(second.baseUrl);
      api.token = user.api.token;
      const again = { ...user, api };
      expect(await exportSnapshot(again)).toEqual(before);
      expect(await second.app.services.repositories.pushSubscriptions.listForUser(user.id)).toEqual(
        devicesBefore,
      );

      const medicines = await api.get(`/api/medicine/user/${user.email}`);
      expect(medicines.body.findMedicine).toHaveLength(1);
      expect(medicines.body.findMedicine[0]).toMatchObject({
        name: 'Lasting',
        scheduledTimes: ['07:00', '13:00'],
        // 20 pills, 3 doses taken, then 25 added to the 17 left (decision 182), then 1 more dose.
        totalPills: 42,
        pillsLeft: 41,
      });
      const id = medicines.body.findMedicine[0].id as string;
      expect(
        (await api.get(`/api/medicine/${id}/history?from=2025-03-01&to=2025-03-31`)).body.takenHistory,
      ).toEqual([
        { date: '2025-03-01', taken: '1-1-0' },
        { date: '2025-03-02', taken: '1-0-0' },
        { date: '2025-03-03', taken: '0-1-0' },
      ]);
      expect((await api.get(`/api/user/${user.email}/settings`)).body.settings).toMatchObject({
        timezone: 'Australia/Sydney',
        notifications: { dailySummary: true },
      });

      // The session cookie of the first process still proves the identity...
      const withOldCookie = await new ApiClient(second.baseUrl).post(
        '/jwt',
        { email: user.email },
        { headers: { cookie: user.api.cookie! } },
      );
      expect(withOldCookie.status, withOldCookie.text).toBe(200);
      // ...and the same password still signs in; a wrong one still does not.
      const fresh = new ApiClient(second.baseUrl);
      expect(
        (await fresh.post('/api/auth/login', { email: user.email, password: 'kept-password-1' })).status,
      ).toBe(200);
      expect(
        (await fresh.post('/api/auth/login', { email: user.email, password: 'other-password' })).status,
      ).toBe(401);

      // And it keeps working: a write after the restart sticks.
      expect(
        (await api.put(`/api/medicine/${id}/taken`, { date: '2025-03-04', taken: '1-1-0' })).status,
      ).toBe(200);
    } finally {
      await second.app.close();
    }
  });
});
