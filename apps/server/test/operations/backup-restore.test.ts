import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, rowsOf } from '../../src/db/database';
import { packTar, unpackTar } from '../../src/operations/tar-format';
import { ApiClient, aMedicine } from '../support/api-client';
import { waitFor } from '../support/free-port';
import { type SignedInUser, createMedicine, signedInUser } from '../support/scenario';
import { type ServerProcess, spawnServer } from '../faults/support/server-process';
import { runCli } from './support/run-cli';

/**
 * `npm run backup` while a real server process takes writes, `npm run restore` into a new DATA_DIR,
 * a server on the restored directory: every write answered before the backup began is there, with
 * the transaction it was part of whole. Then the ways a restore must refuse, writing nothing.
 * (Embedded database only: PostgreSQL installations use pg_dump; this file runs in both passes.)
 */
describe('backup and restore of the embedded installation', () => {
  let root: string;
  let dataDir: string;
  let backupFile: string;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'medrem-bk-'));
    dataDir = path.join(root, 'data');
    backupFile = path.join(root, 'backup.tar.gz');
  });
  afterAll(async () => {
    for (const server of processes) server.child.kill('SIGKILL');
    await Promise.all(processes.map((server) => server.exited));
    await rm(root, { recursive: true, force: true });
  });

  const start = async (dir: string) => {
    const server = await spawnServer({ DATA_DIR: dir });
    processes.push(server);
    expect(await server.ready(90_000), server.output()).toBe(true);
    return server;
  };
  const stop = async (server: ServerProcess) => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };

  it('keeps every write acknowledged before the backup began, whole', { timeout: 240_000 }, async () => {
    const first = await start(dataDir);
    // Only the user owning DATA_DIR may ask the server for a copy of everything.
    expect((await stat(path.join(dataDir, 'control.sock'))).mode & 0o777).toBe(0o600);
    // A second server on the same DATA_DIR would corrupt PGlite: it stops at the control socket.
    const intruder = await spawnServer({ DATA_DIR: dataDir });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain(`Another process is using DATA_DIR ${dataDir}`);
    // So does a move to PostgreSQL while the server runs.
    const move = await runCli('migrate-to-postgres', ['--to', 'postgres://nobody@127.0.0.1:1/none'], {
      DATA_DIR: dataDir,
    });
    expect([move.code, move.stderr]).toEqual([3, expect.stringContaining('A server is using DATA_DIR')]);

    const user: SignedInUser = await signedInUser(first, { label: 'backup' });
    const ticked = await createMedicine(user, { name: 'Ticked', frequency: '1-0-1', durationDays: 3650 });
    const created: string[] = [];
    const tickedDates: string[] = [];
    let stopped = false;
    let next = 0;
    // Two clients create medicines, two tick days with an idempotency key: the dose row and the key's
    // row are written in one transaction, so a copy taken mid-transaction would show one without the other.
    const client = async (lane: number) => {
      const api = new ApiClient(first.baseUrl);
      api.token = user.api.token;
      while (!stopped) {
        next += 1;
        const n = next;
        if (lane % 2 === 0) {
          const response = await api.post('/api/medicine', aMedicine(user.email, { name: `load-${n}` }));
          expect(response.status, response.text).toBe(201);
          created.push(`load-${n}`);
        } else {
          const date = new Date(Date.UTC(2020, 0, n)).toISOString().slice(0, 10);
          const body = { date, taken: '1-0-1', idempotencyKey: `tick-${date}` };
          const response = await api.put(`/api/medicine/${ticked.id}/taken`, body);
          expect(response.status, response.text).toBe(200);
          tickedDates.push(date);
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(client));
    expect(await waitFor(() => created.length >= 20 && tickedDates.length >= 20, 90_000)).toBe(true);
    const before = { created: [...created], tickedDates: [...tickedDates] };
    const backup = await runCli('backup', ['--out', backupFile], { DATA_DIR: dataDir });
    const duringBackup =
      created.length + tickedDates.length - before.created.length - before.tickedDates.length;
    stopped = true;
    await load;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('Taken by the running server');
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    expect(await readdir(root)).toEqual(['backup.tar.gz', 'data']); // no temp file left behind
    await stop(first);
    expect(await readdir(dataDir)).not.toContain('control.sock'); // closed on shutdown

    const restoredDir = path.join(root, 'restored');
    const restore = await runCli('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('1 user(s)');
    expect(await readFile(path.join(restoredDir, 'secrets.json'), 'utf8')).toBe(
      await readFile(path.join(dataDir, 'secrets.json'), 'utf8'),
    );
    expect((await stat(path.join(restoredDir, 'secrets.json'))).mode & 0o777).toBe(0o600);

    // Whole transactions only: every ticked day has its idempotency key and every key its day.
    const restoredDb = await openDatabase({ dataDir: restoredDir });
    const days = rowsOf<{ date: string }>(
      await restoredDb.db.execute(
        sql`select date::text as date from dose_records where medicine_id = ${ticked.id}`,
      ),
    ).map((r) => r.date);
    const keys = rowsOf<{ key: string }>(
      await restoredDb.db.execute(sql`select key from idempotent_writes where key like 'tick-%'`),
    ).map((r) => r.key.slice('tick-'.length));
    await restoredDb.close();
    expect(keys.sort()).toEqual(days.sort());

    const second = await start(restoredDir);
    const api = new ApiClient(second.baseUrl);
    api.token = user.api.token; // the restored secrets.json: the old token still works
    const exported = await api.get(`/api/user/${user.email}/export`);
    expect(exported.status, exported.text).toBe(200);
    const body = exported.body as { medicines: { name: string }[]; doseHistory: { date: string }[] };
    const names = new Set(body.medicines.map((m) => m.name));
    const dates = new Set(body.doseHistory.map((d) => d.date));
    expect(before.created.filter((name) => !names.has(name))).toEqual([]);
    expect(before.tickedDates.filter((date) => !dates.has(date))).toEqual([]);
    console.log(
      `backup under load: ${before.created.length + before.tickedDates.length} writes acknowledged before it began, all restored; ${duringBackup} answered while it ran`,
    );
    await stop(second);
  });

  describe('a backup of an older version taken with no server running, and restores that must refuse', () => {
    let oldBackup: string;
    beforeAll(async () => {
      // An installation of the version before the last migration: the journal cut after 0003.
      const oldDir = path.join(root, 'old-data');
      const migrations = path.join(root, 'old-migrations');
      await cp(migrationsFolder(), migrations, { recursive: true });
      const journalFile = path.join(migrations, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((e) => e.tag < '0004');
      await writeFile(journalFile, JSON.stringify(journal));
      await mkdir(path.join(oldDir, 'pglite'), { recursive: true });
      const client = new PGlite(path.join(oldDir, 'pglite'));
      await migrate(drizzle(client), { migrationsFolder: migrations });
      await client.exec(`insert into users (name, email) values ('Old', 'old@example.com')`);
      await client.close();
      await writeFile(path.join(oldDir, 'secrets.json'), '{"jwtSecret":"not used here"}\n', { mode: 0o600 });

      oldBackup = path.join(root, 'old.tar.gz');
      const backup = await runCli('backup', ['--out', oldBackup], { DATA_DIR: oldDir });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`from ${oldDir} (no server was running)`);
      expect(backup.stdout).toContain(
        'migrations 0000_initial, 0001_reminder_engine, 0002_session_revocation, 0003_social_sign_in.',
      );
      expect(await readdir(oldDir)).toEqual(['pglite', 'secrets.json']); // its control socket released
    });

    it('restores and upgrades to the current migrations', async () => {
      const target = path.join(root, 'upgraded');
      const run = await runCli('restore', [oldBackup], { DATA_DIR: target });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('1 user(s)');
      // Every migration after 0003, whichever came since: read from the current journal.
      const journal = JSON.parse(
        await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
      ) as { entries: { tag: string }[] };
      const later = journal.entries.map((e) => e.tag).filter((tag) => tag >= '0004');
      expect(later.length).toBeGreaterThan(0);
      expect(run.stdout).toContain(`Upgraded with the migrations ${later.join(', ')}.`);
      const restored = await openDatabase({ dataDir: target });
      const tables = rowsOf<{ present: boolean }>(
        await restored.db.execute(sql`select to_regclass('idempotent_writes') is not null as present`),
      );
      await restored.close();
      expect(tables[0]?.present).toBe(true);
    });

    // The refusals, each on a variant of that backup: a clear message, and nothing written.
    const restoreInto = async (file: string, label: string) => {
      const target = path.join(root, `refused-${label}`);
      const run = await runCli('restore', [file], { DATA_DIR: target });
      const left = await readdir(target).catch(() => []);
      return { ...run, left };
    };
    const variant = async (label: string, data: Buffer) => {
      const file = path.join(root, `${label}.tar.gz`);
      await writeFile(file, data);
      return restoreInto(file, label);
    };

    it('a DATA_DIR that is not empty', async () => {
      const target = path.join(root, 'occupied');
      await mkdir(target);
      await writeFile(path.join(target, 'notes.txt'), 'mine');
      const run = await runCli('restore', [oldBackup], { DATA_DIR: target });
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(`DATA_DIR ${target} is not empty (it holds notes.txt)`);
      expect(await readdir(target)).toEqual(['notes.txt']);
    });

    it('a truncated file', async () => {
      const whole = await readFile(oldBackup);
      const run = await variant('truncated', whole.subarray(0, Math.floor(whole.length / 2)));
      expect([run.code, run.left]).toEqual([4, []]);
      expect(run.stderr).toContain('truncated or damaged');
    });

    it('a corrupted file', async () => {
      const data = Buffer.from(await readFile(oldBackup));
      data[Math.floor(data.length / 2)]! ^= 0xff;
      const run = await variant('corrupted', data);
      expect([run.code, run.left]).toEqual([4, []]);
      expect(run.stderr).toMatch(/damaged/);
    });

    it('a part that does not match its checksum', async () => {
      // A well-formed archive whose secrets.json was changed after the manifest was written.
      const entries = unpackTar(gunzipSync(await readFile(oldBackup))).map((entry) => {
        if (entry.name !== 'secrets.json') return entry;
        const data = Buffer.from(entry.data);
        data[data.length - 3]! ^= 1; // one bit of the secret, same length
        return { name: entry.name, data };
      });
      const run = await variant('tampered', gzipSync(packTar(entries, new Date())));
      expect([run.code, run.left]).toEqual([4, []]);
      expect(run.stderr).toContain('secrets.json does not match the SHA-256 in its manifest');
    });

    it('a file that is no backup, or none at all', async () => {
      const other = await variant('other', gzipSync(Buffer.from('just some text')));
      expect([other.code, other.left]).toEqual([4, []]);
      const missing = await restoreInto(path.join(root, 'nowhere.tar.gz'), 'missing');
      expect([missing.code, missing.left]).toEqual([3, []]);
      expect(missing.stderr).toContain('Cannot read the backup file');
    });

    it('a backup of a DATA_DIR that does not exist, or of a PostgreSQL installation', async () => {
      const out = path.join(root, 'never.tar.gz');
      const absent = await runCli('backup', ['--out', out], { DATA_DIR: path.join(root, 'absent') });
      expect([absent.code, absent.stderr]).toEqual([3, expect.stringContaining('does not exist')]);
      const onPostgres = await runCli('backup', ['--out', out], {
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://app@db.example:5432/medrem',
      });
      expect([onPostgres.code, onPostgres.stderr]).toEqual([3, expect.stringContaining('pg_dump')]);
      expect(await readdir(root)).not.toContain('never.tar.gz');
    });
  });
});
