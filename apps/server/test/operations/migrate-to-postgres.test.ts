import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { rowsOf } from '../../src/db/database';
import * as schema from '../../src/db/schema';
import type { ReminderEngine } from '../../src/features/reminders/engine/reminder-engine';
import { ManualClock } from '../../src/lib/clock';
import { RecordingSender, type TestUser, createUser } from '../features/reminders/reminder-harness';
import { ApiClient } from '../support/api-client';
import { createEmptyServerDatabase } from '../support/test-database';
import { runCli } from './support/run-cli';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  console.warn('!! SKIPPED: moving to PostgreSQL needs a PostgreSQL server (TEST_DATABASE_URL).');

const DEVICE = 'https://push.example.test/phone-1';
const EXPORT_AT = '2026-11-21T08:30:00Z';

/** The real app on the given settings, with a ManualClock and a recording push sender. */
async function startApp(env: Record<string, string>) {
  const sender = new RecordingSender();
  const clock = new ManualClock(new Date('2026-11-21T05:00:00Z'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REMINDER_TICK_MS: '0',
    PUSH_ENDPOINT_ALLOWLIST: 'push.example.test',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const app = await buildApp({ config, clock, logger: false, pushSender: sender });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const engine = app.reminders.engine as ReminderEngine;
  return {
    app,
    sender,
    clock,
    baseUrl: `http://127.0.0.1:${address.port}`,
    async at(instant: string) {
      clock.set(instant);
      await engine.runUntilIdle();
    },
  };
}

/** An export's text without its activity record, which every export and sign-in adds to (decision 294). */
function withoutActivity(text: string): string {
  const { activity: _activity, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(rest);
}

/**
 * An embedded installation seeded through the real API, moved with the command into a fresh
 * PostgreSQL database, and the app started there with the printed settings only: the user's export
 * is the same to the byte, the same access token works, and reminders keep coming.
 */
describe.skipIf(!serverUrl)('npm run migrate-to-postgres', () => {
  let root: string;
  let target: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'medrem-move-'));
    target = await createEmptyServerDatabase(serverUrl!);
  });
  afterAll(async () => {
    await target?.drop();
    await rm(root, { recursive: true, force: true });
  });

  it(
    'moves every table; the export, the token and the reminders carry on',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(root, 'data');
      const before = await startApp({ DATA_DIR: dataDir });
      let user: TestUser;
      let token: string;
      let exportedBefore: string;
      try {
        user = await createUser(before, { timezone: 'UTC', times: ['08:00', '14:00', '20:00'] });
        const medicine = await user.addMedicine({ name: 'Aspirin', frequency: '1-0-1' });
        await user.addMedicine({ name: 'Vitamin D', frequency: '0-1-0', totalPills: 30 });
        await user.addDevice(DEVICE);
        for (const [date, taken] of [
          ['2026-11-19', '1-0-1'],
          ['2026-11-20', '1-0-0'],
        ] as const) {
          const saved = await user.api.put(`/api/medicine/${medicine.id}/taken`, { date, taken });
          expect(saved.status, saved.text).toBe(200);
        }
        // A pack and its product number (issue 58): moved with the rest, in the export byte for byte.
        const pack = await user.api.post(`/api/medicine/${medicine.id}/packs`, {
          code: '(01)09506000134352(17)271231(10)LOT7(21)MOVE1',
          pills: 30,
        });
        expect(pack.status, pack.text).toBe(201);
        await before.at('2026-11-21T08:00:00Z'); // the morning reminder: a notification and a push
        expect(before.sender.to(DEVICE)).toHaveLength(1);
        before.clock.set(EXPORT_AT);
        token = await user.api.refreshToken(user.email);
        const exported = await user.api.get(`/api/user/${user.email}/export`);
        expect(exported.status, exported.text).toBe(200);
        exportedBefore = withoutActivity(exported.text);
        expect(exportedBefore).toContain('Time for your');
      } finally {
        await before.app.close();
      }

      const moved = await runCli('migrate-to-postgres', ['--to', target.url], { DATA_DIR: dataDir });
      expect(moved.code, moved.stderr).toBe(0);
      // Every table of schema.ts was copied and verified, the seeded ones with their rows; the
      // reminder stamps are derived (decision 015): the target's triggers rebuild them.
      const tables = Object.values(schema)
        .filter((value) => value instanceof PgTable)
        .map((table) => getTableConfig(table).name)
        .filter((name) => name !== 'reminder_stamps');
      const counts = new Map(
        [...moved.stdout.matchAll(/^ {2}(\w+) +(\d+) +([0-9a-f]{32})$/gm)].map((m) => [m[1], Number(m[2])]),
      );
      expect([...counts.keys()].sort()).toEqual(tables.sort());
      for (const seeded of [
        'users',
        'sessions',
        'user_settings',
        'medicines',
        'dose_records',
        'notifications',
        'medicine_packs',
        'gtin_mappings',
      ]) {
        expect(counts.get(seeded), seeded).toBeGreaterThan(0);
      }
      for (const seeded of ['push_subscriptions', 'reminder_schedule', 'reminder_deliveries']) {
        expect(counts.get(seeded), seeded).toBeGreaterThan(0);
      }
      const settings = Object.fromEntries(
        [...moved.stdout.matchAll(/^([A-Z_]+)=(.+)$/gm)].map((m) => [m[1]!, m[2]!]),
      );
      expect(Object.keys(settings).sort()).toEqual(
        ['ACTION_TOKEN_SECRET', 'DATABASE_URL', 'JWT_SECRET', 'VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'].sort(),
      );
      expect(moved.stdout).toContain('REDIS_URL');

      // The app on PostgreSQL, with a DATA_DIR of its own: only the printed settings carry the secrets.
      const freshDir = path.join(root, 'fresh');
      const after = await startApp({ DATA_DIR: freshDir, ...settings });
      try {
        expect(after.app.database.kind).toBe('postgres');
        after.clock.set(EXPORT_AT);
        const api = new ApiClient(after.baseUrl);
        api.token = token;
        const exported = await api.get(`/api/user/${user!.email}/export`);
        expect(exported.status, exported.text).toBe(200);
        // The activity record moved too, but this export and the sign-in after the move add to it.
        expect(withoutActivity(exported.text)).toBe(exportedBefore);
        expect(await readdir(freshDir).catch(() => [])).not.toContain('secrets.json');

        // The packs' added order (decision 354) goes on after the moved ones: its sequence was set
        // past them, so a pack added now is the last, not the first.
        const medicineId = (exported.body as { medicines: { id: string }[] }).medicines[0]!.id;
        const next = await api.post(`/api/medicine/${medicineId}/packs`, {
          gtin: '09506000134352',
          pills: 10,
        });
        expect(next.status, next.text).toBe(201);
        const order = rowsOf<{ serial: string | null }>(
          await after.app.database.db.execute(sql`select serial from medicine_packs order by added_order`),
        );
        expect(order.map((r) => r.serial)).toEqual(['MOVE1', null]);

        // Reminders go on from the moved schedule: the evening dose reaches the same device.
        await after.at('2026-11-21T20:00:00Z');
        const sent = after.sender.to(DEVICE);
        expect(sent.length).toBeGreaterThan(0);
        expect(sent.map((s) => s.payload.notification.body as string)).toContain('Aspirin (500mg)');
      } finally {
        await after.app.close();
      }

      // A second move into the same database is refused: it already holds data.
      const again = await runCli('migrate-to-postgres', ['--to', target.url], { DATA_DIR: dataDir });
      expect([again.code, again.stderr]).toEqual([3, expect.stringContaining('already holds data')]);

      // From a backup file instead of DATA_DIR: the same rows, to the checksum.
      const backupFile = path.join(root, 'backup.tar.gz');
      const backup = await runCli('backup', ['--out', backupFile], { DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      const second = await createEmptyServerDatabase(serverUrl!);
      try {
        const fromBackup = await runCli(
          'migrate-to-postgres',
          ['--to', second.url, '--from-backup', backupFile],
          {
            DATA_DIR: path.join(root, 'unused'),
          },
        );
        expect(fromBackup.code, fromBackup.stderr).toBe(0);
        const sums = (out: string) => out.match(/^ {2}\w+ +\d+ +[0-9a-f]{32}$/gm);
        expect(sums(fromBackup.stdout)).toEqual(sums(moved.stdout));
        expect(fromBackup.stdout).toContain(`JWT_SECRET=${settings.JWT_SECRET}`);
      } finally {
        await second.drop();
      }
    },
  );
});
