/**
 * Memory of the embedded server (issue 57): the built server as `npm start` runs it, sampled once a
 * second from /proc/<pid>/status (VmRSS, and VmHWM, the peak so far), beside the floor: a bare
 * PGlite process on disk answering one query.
 *
 *   npm run build && npm run bench:memory                (10k-reminder burst, 60 s idle)
 *   npm run bench:memory -- --n 2000 --idle 30
 *   SERVER_NODE_FLAGS_OVERRIDE="--max-semi-space-size=16" npm run bench:memory   (compare flags)
 *   SERVER_ENV_OVERRIDE="" npm run bench:memory     (compare environments: `npm start`'s, decision 336)
 *
 * Phases: `fresh` — an empty DATA_DIR: start and every migration, until /api/health answers and 10 s
 * after; `idle` — the same DATA_DIR with N users loaded (08:00 Berlin doses), a new server start
 * and `--idle` seconds without requests; `burst` — 08:00 Berlin arrives on the server's clock
 * (libfaketime shifts it; the monotonic clock is left alone, as the e2e suite does) and the N
 * reminders go to a local push sink, until the sink has them all and 15 s after.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/database';
import { durableStartParams } from '../apps/server/src/db/embedded-durability';
import { embeddedSettingParams } from '../apps/server/src/db/embedded-memory';
import { zonedInstant } from '../apps/server/src/features/reminders/zoned-time';
import { seedMorningUsers } from '../apps/server/test/features/reminders/reminder-seed';
import { holdBenchLock } from './bench-lock';
import { freePort, SERVER_ENV, SERVER_NODE_FLAGS, sinkDevices, waitFor } from './bench-support';
import { startPushSink } from './push-sink-process';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '10000' },
    idle: { type: 'string', default: '60' },
    // Seconds from the idle phase's end to 08:00 on the server's clock: more than the preparation's
    // lead (REMINDER_PREPARE_SECONDS, 180), so the idle phase holds nothing prepared.
    lead: { type: 'string', default: '200' },
    // Only the two floors (a quick look at PGlite's own memory).
    'floor-only': { type: 'boolean', default: false },
  },
});
const N = Number(args.n);
const IDLE_S = Number(args.idle);
const LEAD_S = Number(args.lead);
const ZONE = 'Europe/Berlin';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverJs = path.join(root, 'apps/server/dist/server.js');
const FAKETIME_LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const nodeFlags = process.env.SERVER_NODE_FLAGS_OVERRIDE?.split(' ').filter(Boolean) ?? [
  ...SERVER_NODE_FLAGS,
];
// `npm start`'s environment before `node` (malloc's settings), for the server and the floors alike.
const serverEnv: Record<string, string> =
  process.env.SERVER_ENV_OVERRIDE === undefined
    ? { ...SERVER_ENV }
    : Object.fromEntries(
        process.env.SERVER_ENV_OVERRIDE.split(' ')
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );

interface Sample {
  phase: string;
  s: number;
  rssMiB: number;
  hwmMiB: number;
}

async function memoryOf(pid: number): Promise<{ rssMiB: number; hwmMiB: number } | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  if (!status) return undefined;
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), hwmMiB: Math.round(kib('VmHWM') / 1024) };
}

/** Samples `pid` once a second under `phase` until `stop` resolves; returns the samples. */
async function sampled(pid: number, phase: string, stop: Promise<unknown>): Promise<Sample[]> {
  const samples: Sample[] = [];
  const started = Date.now();
  let done = false;
  void stop.finally(() => (done = true));
  for (;;) {
    const memory = await memoryOf(pid);
    if (memory && !Number.isNaN(memory.rssMiB))
      samples.push({ phase, s: Math.round((Date.now() - started) / 1000), ...memory });
    if (done || !memory) return samples;
    await Promise.race([new Promise((r) => setTimeout(r, 1000)), stop]);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The floors: PGlite alone, on disk, one query, with the server's settings (openDatabase's
 * startParams and initDbStartParams, decision 279): `floor-new` creates its data directory (initdb,
 * as a first start does), `floor` opens the one that exists (as every later start does); and
 * `floor-pg` opens it with PostgreSQL's default settings (shared_buffers 128 MB), the floor before.
 */
async function floors(): Promise<Sample[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'medrem-memory-floor-'));
  const server = {
    startParams: [...durableStartParams(), ...embeddedSettingParams()],
    initDbStartParams: embeddedSettingParams(),
  };
  const samples = [
    ...(await floor(dir, 'floor-new', server)),
    ...(await floor(dir, 'floor', server)),
    // PostgreSQL's defaults named: the directory's postgresql.conf holds the server's since initdb.
    ...(await floor(dir, 'floor-pg', {
      startParams: [
        ...durableStartParams(),
        ...[
          'shared_buffers=128MB',
          'maintenance_work_mem=64MB',
          'max_wal_size=1GB',
          'min_wal_size=80MB',
        ].flatMap((setting) => ['-c', setting]),
      ],
    })),
  ];
  await rm(dir, { recursive: true, force: true });
  return samples;
}

async function floor(dir: string, phase: string, options: object): Promise<Sample[]> {
  const script = path.join(dir, 'floor.mjs');
  await writeFile(
    script,
    `import { PGlite } from ${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))};
     const db = new PGlite(${JSON.stringify({ dataDir: path.join(dir, 'pglite'), ...options })});
     await db.query('select 1');
     process.send('ready');
     await new Promise((r) => setTimeout(r, 10000));
     await db.close();`,
  );
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...serverEnv },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  return sampled(child.pid!, phase, exited);
}

function startServer(dataDir: string, port: number, sinkPort: number, faketimeS = 0): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, serverJs], {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUSH_ENDPOINT_ALLOWLIST: `127.0.0.1:${sinkPort}`,
      ...(faketimeS
        ? { LD_PRELOAD: FAKETIME_LIB, FAKETIME: `+${faketimeS}`, FAKETIME_DONT_FAKE_MONOTONIC: '1' }
        : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', listener);
      resolve(message as T);
    };
    child.on('message', listener);
    child.send({ type });
  });
}

function table(samples: Sample[]): string {
  const lines = ['phase   s     RSS MiB  peak (VmHWM) MiB'];
  for (const s of samples) {
    lines.push(
      `${s.phase.padEnd(9)} ${String(s.s).padStart(4)}  ${String(s.rssMiB).padStart(7)}  ${String(s.hwmMiB).padStart(7)}`,
    );
  }
  return lines.join('\n');
}

async function main() {
  holdBenchLock('bench:memory');
  if (!existsSync(serverJs)) throw new Error(`${serverJs} is missing: run npm run build first`);
  if (!existsSync(FAKETIME_LIB))
    throw new Error(`libfaketime is missing (${FAKETIME_LIB}): apt-get install faketime`);
  console.log(
    `embedded memory benchmark: N=${N}, idle ${IDLE_S} s, ${Object.entries(serverEnv)
      .map(([name, value]) => `${name}=${value} `)
      .join('')}node ${nodeFlags.join(' ')}, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const floorSamples = await floors();
  if (args['floor-only']) {
    console.log(table(floorSamples));
    process.exit(0);
  }
  const { sink, port: sinkPort } = await startPushSink('lean');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-memory-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;

  // fresh: start and migrations on an empty DATA_DIR.
  // On a loaded machine the first start can outlast Fastify's 10 s plugin timeout (initdb and every
  // migration in the database plugin): the server exits, and a next start goes on from there.
  const fresh: Sample[] = [];
  let server = startServer(dataDir, port, sinkPort);
  for (let attempt = 1; ; attempt += 1) {
    const ready = waitFor(origin, '/api/health', server).then(() => sleep(10_000));
    fresh.push(
      ...(await sampled(
        server.pid!,
        'fresh',
        ready.catch(() => undefined),
      )),
    );
    if (await ready.then(() => true).catch(() => false)) break;
    if (attempt === 3) throw new Error('the server did not start three times');
    console.log(`start ${attempt} exited before answering; starting again`);
    server = startServer(dataDir, port, sinkPort);
  }
  await stopServer(server);

  // N users with their 08:00 Berlin dose, loaded while no server runs.
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const { endpoint, subscription } = sinkDevices(sinkPort);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const eight = zonedInstant(tomorrow, '08:00', ZONE).getTime();
  await seedMorningUsers(database.db, {
    count: N,
    timezone: ZONE,
    now: new Date(eight - 3_600_000),
    label: 'memory',
    endpoint,
    subscription,
  });
  await database.close();

  // idle, then burst: the server's clock reaches 08:00 `idle + lead` seconds (plus its start) on.
  const startupAllowanceS = 15;
  const faketimeS = Math.round((eight - Date.now()) / 1000) - IDLE_S - LEAD_S - startupAllowanceS;
  const dueAt = eight - faketimeS * 1000;
  server = startServer(dataDir, port, sinkPort, faketimeS);
  await ask(sink, 'reset');
  const idleEnd = waitFor(origin, '/api/health', server).then(() => sleep(IDLE_S * 1000));
  const idle = await sampled(server.pid!, 'idle', idleEnd);
  const delivered = (async () => {
    for (;;) {
      const { unique } = await ask<{ unique: number }>(sink, 'count');
      if (unique >= N) break;
      if (Date.now() > dueAt + 300_000) throw new Error(`only ${unique}/${N} reminders arrived in 300 s`);
      await sleep(500);
    }
    console.log(
      `all ${N} reminders arrived ${((Date.now() - dueAt) / 1000).toFixed(1)} s after the due instant`,
    );
    await sleep(15_000);
  })();
  const burst = await sampled(server.pid!, 'burst', delivered);
  await delivered;
  await stopServer(server);
  sink.send({ type: 'stop' });
  await rm(dataDir, { recursive: true, force: true });

  const all = [...floorSamples, ...fresh, ...idle, ...burst];
  console.log(table(all.filter((s, i) => s.s % 5 === 0 || all[i + 1]?.phase !== s.phase)));
  const peak = (samples: Sample[]) => Math.max(...samples.map((s) => s.hwmMiB));
  const summary = {
    n: N,
    nodeFlags,
    serverEnv,
    floorNewPeakMiB: peak(floorSamples.filter((s) => s.phase === 'floor-new')),
    floorPeakMiB: peak(floorSamples.filter((s) => s.phase === 'floor')),
    floorRssMiB: floorSamples.filter((s) => s.phase === 'floor').at(-1)?.rssMiB,
    floorPgliteDefaultsPeakMiB: peak(floorSamples.filter((s) => s.phase === 'floor-pg')),
    freshPeakMiB: peak(fresh),
    idleRssAfterMiB: idle.at(-1)?.rssMiB,
    idleSeconds: IDLE_S,
    burstPeakMiB: peak(burst),
    peakMiB: Math.max(peak(fresh), peak(idle), peak(burst)),
    load: loadavg().map((l) => +l.toFixed(2)),
  };
  console.log(JSON.stringify(summary));
  console.log(
    `floor (bare PGlite with the server's settings, one query): peak ${summary.floorNewPeakMiB} MiB creating its directory, ${summary.floorPeakMiB} MiB opening it ` +
      `(${summary.floorPgliteDefaultsPeakMiB} MiB with PGlite's own); server: fresh start + migrations peak ${summary.freshPeakMiB} MiB, ` +
      `RSS after ${IDLE_S} s idle ${summary.idleRssAfterMiB} MiB, peak through the ${N}-reminder burst ${summary.burstPeakMiB} MiB ` +
      // Issue 57 states its goals in MB (10^6 bytes); /proc reports KiB, shown here in MiB.
      `(issue 57's goals: idle ≤ 250 MB = ${GOAL_IDLE_MIB} MiB, peak ≤ 400 MB = ${GOAL_PEAK_MIB} MiB)`,
  );
  process.exit(0);
}

/** Issue 57's goals, 250 MB and 400 MB, in MiB (what /proc's KiB are shown in), rounded down. */
const GOAL_IDLE_MIB = Math.floor((250e6 / 2 ** 20) * 10) / 10;
const GOAL_PEAK_MIB = Math.floor((400e6 / 2 ** 20) * 10) / 10;

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
