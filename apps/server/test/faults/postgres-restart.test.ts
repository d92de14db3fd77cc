import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/db/database-unavailable';
import type { ApiResponse } from '../support/api-client';
import { type SignedInUser, createMedicine, signedInUser } from '../support/scenario';
import { TEST_ENGINE } from '../support/test-database';
import { waitFor } from '../support/free-port';
import {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgres,
} from './support/private-postgres';

/**
 * PostgreSQL goes away under a running app (a restart, a failover) and comes back. The app is not
 * restarted: while the database is down every call answers 503 with a clear message (never 500,
 * never a hang), and once it is back the same process serves again, with every acknowledged write.
 * It runs its own PostgreSQL, so it runs once, in the embedded-database pass.
 */
const unavailable = privatePostgresUnavailable();
if (unavailable && TEST_ENGINE === 'pglite')
  console.warn(`!! SKIPPED: the PostgreSQL restart test: ${unavailable}`);

describe.skipIf(Boolean(unavailable) || TEST_ENGINE !== 'pglite')('PostgreSQL restarted under load', () => {
  let postgres: PrivatePostgres;
  let app: FastifyInstance;
  let dataDir: string;
  let user: SignedInUser;
  let medicineId: string;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-pg-restart-'));
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url,
        DATABASE_POOL_SIZE: '4',
        RATE_LIMIT_PER_MINUTE: '100000',
        REMINDER_TICK_MS: '200',
      }),
      logger: false,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    user = await signedInUser({ baseUrl: `http://127.0.0.1:${address.port}` });
    medicineId = (
      await createMedicine(user, { frequency: '1-0-1', startDate: '2026-01-01', durationDays: 365 })
    ).id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await postgres?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'answers 503 with a clear message while it is down, and recovers without a restart',
    { timeout: 90_000 },
    async () => {
      const acknowledged: string[] = [];
      const statuses = new Map<number, number>();
      const outageAnswers: ApiResponse[] = [];
      let down = false;
      let stopLoad = false;
      let day = 0;
      // A steady write load: one dose day ticked after another, recording each acknowledged one.
      const load = (async () => {
        while (!stopLoad) {
          day += 1;
          const date = new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);
          const response = await user.api.put(`/api/medicine/${medicineId}/taken`, { date, taken: '1-0-1' });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 200) acknowledged.push(date);
          else if (down) outageAnswers.push(response);
        }
      })();

      expect(await waitFor(() => acknowledged.length >= 20, 30_000)).toBe(true);
      postgres.stop();
      down = true;
      expect(await waitFor(() => outageAnswers.length >= 10, 30_000)).toBe(true);

      // Reads, sign-in and token refresh all say the same thing while the database is away.
      const duringOutage = [
        ...outageAnswers,
        await user.api.get(`/api/medicine/user/${user.email}`),
        await user.api.post('/api/auth/login', { email: user.email, password: user.password }),
        await user.api.post('/jwt', { email: user.email }),
      ];
      for (const response of duringOutage) {
        expect(response.status, response.text).toBe(503);
        expect(response.body.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
        expect(response.headers.get('retry-after')).toBe('5');
      }
      const acknowledgedBeforeRestart = acknowledged.length;

      postgres.start();
      down = false;
      // The same app process: postgres.js reconnects on the next query.
      expect(await waitFor(() => acknowledged.length >= acknowledgedBeforeRestart + 20, 30_000)).toBe(true);
      stopLoad = true;
      await load;

      expect([...statuses.keys()].sort()).toEqual([200, 503]);
      const history = await user.api.get(`/api/medicine/${medicineId}/history?from=2026-01-01&to=2026-12-31`);
      expect(history.status, history.text).toBe(200);
      const stored = new Set((history.body.takenHistory as { date: string }[]).map((d) => d.date));
      const lost = acknowledged.filter((date) => !stored.has(date));
      console.log(
        `PostgreSQL restart: ${acknowledged.length} writes acknowledged (${acknowledgedBeforeRestart} before the restart), ${acknowledged.length - lost.length} found after; ${statuses.get(503)} answers were 503, none 500`,
      );
      expect(lost).toEqual([]);
    },
  );
});
