/**
 * Reminder throughput benchmark (not a test): N users with the default 08:00 morning dose in one
 * zone, a local push sink, and the engine as `npm start` runs it. 08:00 arrives a few seconds after
 * loading; it measures the time until the sink has the last reminder, p50/p99 lateness and CPU per
 * reminder.
 *
 *   npm run bench:reminders -- --n 10000 --engine postgres   (PostgreSQL + Redis, BullMQ)
 *   npm run bench:reminders -- --n 10000 --engine embedded   (PGlite + in-process queue)
 *   npm run bench:reminders -- --n 10000 --engine postgres --workers 2   (two engine processes)
 *   npm run bench:reminders -- --n 100000 --engine embedded --ceiling   (then the sends alone, same N)
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and BENCH_REDIS_URL
 * (default redis://127.0.0.1:6379) say where; it creates and drops its own database and key prefix.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import inspector from 'node:inspector';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import webpush from 'web-push';
import pino from 'pino';
import postgres from 'postgres';
import { loadConfig } from '../apps/server/src/config/config';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, rowsOf } from '../apps/server/src/db/database';
import { startEmbeddedVacuum } from '../apps/server/src/db/embedded-vacuum';
import type { Clock } from '../apps/server/src/lib/clock';
import { zonedInstant } from '../apps/server/src/features/reminders/zoned-time';
import { idleCheckEveryMs, SEND_THREAD_IDLE_MS } from '../apps/server/src/features/push/push-send-wire';
import { type EngineReport, startBenchEngine } from './reminder-engine';
import { deleteRedisPrefix } from '../apps/server/test/features/reminders/reminder-harness';
import { seedMorningUsers } from '../apps/server/test/features/reminders/reminder-seed';
import { holdBenchLock, LOCK_PARENT_ENV } from './bench-lock';
import type { CeilingReport } from './push-send-ceiling.bench';
import { appDatabasePoolSize, childEngineFlags, rerunWithEngineRuntime, sinkDevices } from './bench-support';
import { pushSinkKindOf, startPushSink } from './push-sink-process';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '10000' },
    engine: { type: 'string', default: 'postgres' },
    zone: { type: 'string', default: 'Europe/Berlin' },
    timeout: { type: 'string', default: '300' },
    profile: { type: 'string' },
    // Seconds from starting the engine to the due instant: the time it has to prepare (decision 048).
    lead: { type: 'string', default: '120' },
    // Rows that are not due (one-off rows a day ahead): the tick must cost the same with them.
    idle: { type: 'string', default: '0' },
    // Engine processes on the one PostgreSQL and Redis (the scaled deployment's workers); this
    // process runs one, the others are forked (reminder-engine.worker.ts).
    workers: { type: 'string', default: '1' },
    // After the run, the machine's push ceiling (bench:push-ceiling) for the same N and concurrency,
    // in a process of its own: the reference the run's lateness is read against (issue 10).
    ceiling: { type: 'boolean', default: false },
    // The local push sink (push-sink.ts): 'lean' by default, 'node-http' as before decision 156.
    sink: { type: 'string' },
    // Consecutive bursts in the same engine processes (issue 10: memory must not grow from one run
    // to the next): the dose at 08:00, the missed-dose alerts at 09:00, the next day's dose, …;
    // each measured as the first, and the engine's memory reported after each once it has settled.
    bursts: { type: 'string', default: '1' },
    // Notifications kept this many minutes of the engines' clock (decision 276; the setting is in
    // days): with --bursts, each burst's settling waits for the prune of the earlier bursts'
    // notifications and one vacuum pass, so the database files show what retention keeps.
    'retention-minutes': { type: 'string' },
  },
});
const N = Number(args.n);
const sinkKind = pushSinkKindOf(args.sink);
const engine = args.engine === 'embedded' ? 'embedded' : 'postgres';
const zone = args.zone;
const here = path.dirname(fileURLToPath(import.meta.url));
const workers = Number(args.workers);
if (!Number.isInteger(workers) || workers < 1) throw new Error('--workers must be a whole number ≥ 1');
const BURSTS = Number(args.bursts);
if (!Number.isInteger(BURSTS) || BURSTS < 1) throw new Error('--bursts must be a whole number ≥ 1');
if (BURSTS > 1 && Number(args.idle) > 0)
  throw new Error('--bursts > 1 cannot take --idle: the idle rows would be the next instants');
/**
 * From a burst's last push to its memory reading: its finished leases are deleted meanwhile, and
 * the idle send thread reports and is stopped (decision 160), with 15 s to spare for both.
 */
const RETENTION_MS =
  args['retention-minutes'] === undefined ? undefined : Number(args['retention-minutes']) * 60_000;
if (RETENTION_MS !== undefined && !(RETENTION_MS > 0)) throw new Error('--retention-minutes must be > 0');
const SETTLE_MS = SEND_THREAD_IDLE_MS + idleCheckEveryMs(SEND_THREAD_IDLE_MS) + 15_000;
if (workers > 1 && engine === 'embedded')
  throw new Error('--workers > 1 needs --engine postgres: the embedded database belongs to one process');

/** Busy and total CPU time of the whole machine so far, in USER_HZ ticks (1/100 s) from /proc/stat. */
function totalCpuTicks(text: string): { busy: number; all: number } {
  const fields = text.split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const all = fields.reduce((a, b) => a + b, 0);
  return { busy: all - idle, all };
}

/** CPU ticks (user + system, 1/100 s) of the processes named `postgres` and `redis-server` so far. */
async function serviceCpuTicks(): Promise<{ postgres: number; redis: number }> {
  const totals = { postgres: 0, redis: 0 };
  for (const pid of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const name = /\(([^)]*)\)/.exec(stat)?.[1];
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    if (name === 'postgres') totals.postgres += ticks;
    if (name === 'redis-server') totals.redis += ticks;
  }
  return totals;
}

/** The bytes of every file under `dir`, in MiB. */
async function directoryMiB(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return Math.round(bytes / 1048576);
}

/**
 * This process's memory after a full collection (package.json's script passes --expose-gc), so a
 * reading is what is held, not garbage not yet collected.
 */
function collectedMemory(): NodeJS.MemoryUsage {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function ask<T>(child: ChildProcess, type: string, fields: Record<string, unknown> = {}): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: { type: string }) => {
      if (message.type === type) {
        child.off('message', listener);
        resolve(message as T);
      }
    };
    child.on('message', listener);
    child.send({ type, ...fields });
  });
}

async function main() {
  // The engine runs in this process (and in --workers' children, started with the same flags): as
  // the embedded server or the scaled worker runs it (decision 336), or this script starts again so.
  const rerun = await rerunWithEngineRuntime(engine);
  if (rerun !== undefined) process.exit(rerun);
  holdBenchLock('bench:reminders');
  console.log(
    `reminder benchmark: N=${N}, engine=${engine}, node ${process.execArgv.join(' ')}${process.env.MALLOC_TRIM_THRESHOLD_ ? ` (MALLOC_TRIM_THRESHOLD_=${process.env.MALLOC_TRIM_THRESHOLD_})` : ''}, zone=${zone}, sink ${sinkKind}, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const { sink, port: sinkPort } = await startPushSink(sinkKind);

  const dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-bench-'));
  const prefix = `medrem-bench-${randomBytes(4).toString('hex')}`;
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let database: DatabaseHandle;
  let dropDatabase = async () => undefined as unknown;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `medrem_bench_${Date.now().toString(36)}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // The engine in this process uses this handle: the app's pool, as the forked engines' configs.
    database = await openDatabase({ databaseUrl, poolSize: appDatabasePoolSize() });
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ dataDir });
  }
  await database.migrate();

  // The virtual clock: 08:00 local arrives `leadMs` after loading finishes.
  const today = new Date().toISOString().slice(0, 10);
  const eight = zonedInstant(today, '08:00', zone).getTime();
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset) };
  offset = eight - 600_000 - Date.now(); // 07:50 while loading

  const { endpoint, subscription } = sinkDevices(sinkPort);
  const loadStart = Date.now();
  await seedMorningUsers(database.db, {
    count: N,
    timezone: zone,
    now: clock.now(),
    label: 'bench',
    endpoint,
    subscription,
  });
  const idle = Number(args.idle);
  if (idle > 0) {
    // Straight SQL (a million rows through the ORM would take minutes): one-off rows of the same
    // users, spread over the 12 hours starting a day after 08:00, so none is due or prepared.
    const perUser = Math.ceil(idle / N);
    await database.db.execute(sql`insert into reminder_schedule
        (user_id, kind, slot, local_time, offset_minutes, timezone, occurrence_date, fire_at)
      select u.id, 'snooze', 100 + s.n, '12:00', 0, ${zone}, ${today}::date + 1,
             ${new Date(eight + 86_400_000).toISOString()}::timestamptz + random() * interval '12 hours'
      from users u cross join generate_series(1, ${perUser}) as s(n)
      limit ${idle}`);
  }
  const rowCount = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from reminder_schedule`),
  )[0]!.n;
  console.log(
    `loaded ${N} users and ${rowCount} schedule rows in ${((Date.now() - loadStart) / 1000).toFixed(1)} s`,
  );

  const vapid = webpush.generateVAPIDKeys();
  const engineEnv: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix } : {}),
    PUSH_ENDPOINT_ALLOWLIST: `127.0.0.1:${sinkPort}`,
    REMINDER_TICK_MS: '250',
    // Engine settings to compare (the defaults otherwise): REMINDER_BATCH_SIZE=1000 npm run bench:…
    ...Object.fromEntries(
      [
        'REMINDER_BATCH_SIZE',
        'REMINDER_LANES',
        'REMINDER_WORKER_CONCURRENCY',
        'PUSH_CONCURRENCY',
        'REMINDER_PREPARE_SECONDS',
        'REMINDER_PREPARE_MAX',
        'REMINDER_STAGE_AHEAD',
        'PUSH_SEND_THREAD',
        'DATABASE_POOL_SIZE',
        'EMBEDDED_VACUUM_SECONDS',
      ]
        .filter((name) => process.env[name])
        .map((name) => [name, process.env[name]]),
    ),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    // Every engine process signs action tokens with the same secret, as a deployment's must.
    ACTION_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    JWT_SECRET: randomBytes(32).toString('base64url'),
  };
  const config = loadConfig(engineEnv);
  if (RETENTION_MS !== undefined) config.reminders.notificationRetentionMs = RETENTION_MS;

  // The clock jumps to `lead` seconds before 08:00: the engines prepare while it counts down.
  const leadMs = Number(args.lead) * 1000;
  const dueAt = Date.now() + leadMs;
  offset = eight - dueAt;
  const { runtime, close: closeEngine } = await startBenchEngine(config, database.db, clock);
  // The embedded database's passes, as the server's database plugin starts them (decision 158): on
  // the half minutes of the engines' clock, between the instants.
  const vacuum = startEmbeddedVacuum(
    database.maintain,
    config.embeddedVacuumMs,
    pino({ level: 'warn' }),
    clock,
  );
  const others = await Promise.all(
    Array.from({ length: workers - 1 }, async () => {
      const child = fork(path.join(here, 'reminder-engine.worker.ts'), {
        execArgv: [...childEngineFlags(engine), '--import', 'tsx'],
        env: { ...process.env, ...engineEnv, BENCH_CLOCK_OFFSET_MS: String(offset) },
        stdio: 'inherit',
      });
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`an engine process exited with ${code}`)));
      });
      return child;
    }),
  );
  if (others.length > 0) console.log(`${workers} engine processes`);
  const cpuAtStart = process.cpuUsage();
  const loopAtStart = performance.eventLoopUtilization().active;
  /** What a burst starts from: the instant, and the counters it is measured against. */
  interface BurstStart {
    burst: number;
    dueAt: number;
    expected: number;
    cpu: NodeJS.CpuUsage;
    /** This process's main thread's busy time so far (ms): embedded, the API's thread. */
    loopActiveMs: number;
    others: EngineReport[];
    preparation: { used: number; reused: number; released: number };
  }
  const preparationCounts = () => ({
    used: runtime.engine?.preparation.used ?? 0,
    reused: runtime.engine?.preparation.reused ?? 0,
    released: runtime.engine?.preparation.released ?? 0,
  });
  const zeroReports = () =>
    others.map((): EngineReport => ({
      type: 'report',
      cpu: { user: 0, system: 0 },
      loopActiveMs: 0,
      held: 0,
      used: 0,
      reused: 0,
    }));

  const measureBurst = async (start: BurstStart) => {
    const { dueAt } = start;
    // Three seconds ahead: the forced collection below takes up to half a second with a full memo,
    // which at 50 ms ahead made the due instant start late.
    await new Promise((r) => setTimeout(r, Math.max(0, dueAt - Date.now() - 3000)));
    const preparedAtDue = runtime.engine?.preparation.held ?? 0;
    const ownPrepareCpu = process.cpuUsage(start.cpu);
    const ownPrepareLoopMs = performance.eventLoopUtilization().active - start.loopActiveMs;
    const othersAtDue = await Promise.all(others.map((child) => ask<EngineReport>(child, 'report')));
    // Every engine process prepares the whole window (any of them may claim a row): their CPU adds up.
    const prepareCpu = othersAtDue.reduce(
      (sum, r, i) => ({
        user: sum.user + r.cpu.user - start.others[i]!.cpu.user,
        system: sum.system + r.cpu.system - start.others[i]!.cpu.system,
      }),
      ownPrepareCpu,
    );
    // The engines' main threads, busy preparing: embedded, time the API's requests waited behind.
    const prepareLoopMs = othersAtDue.reduce(
      (sum, r, i) => sum + r.loopActiveMs - start.others[i]!.loopActiveMs,
      ownPrepareLoopMs,
    );
    // What preparation holds, not garbage not yet collected.
    const memory = collectedMemory();
    const rssBeforeDueMiB = Math.round(memory.rss / 1048576);
    const heapBeforeDueMiB = Math.round((memory.heapUsed + memory.arrayBuffers) / 1048576);
    console.log(
      `heap ${Math.round(memory.heapUsed / 1048576)} MiB, buffers ${Math.round(memory.arrayBuffers / 1048576)} MiB`,
    );
    console.log(
      `prepared ahead: ${preparedAtDue} pushes; RSS ${rssBeforeDueMiB} MiB, heap + buffers ${heapBeforeDueMiB} MiB`,
    );

    await new Promise((r) => setTimeout(r, Math.max(0, dueAt - Date.now() - 50)));

    const profiler = args.profile ? new inspector.Session() : undefined;
    if (profiler) {
      profiler.connect();
      await new Promise((r) => profiler.post('Profiler.enable', () => profiler.post('Profiler.start', r)));
    }
    const cpuBefore = process.cpuUsage();
    // How busy the engine's own thread is from the instant on: embedded, it is the API's thread too.
    const loopBefore = performance.eventLoopUtilization();
    // Garbage collection on the engine's main thread from the instant on (decision 152).
    let gcMs = 0;
    const gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gcMs += entry.duration;
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    const statBefore = totalCpuTicks(await readFile('/proc/stat', 'utf8'));
    const servicesBefore = await serviceCpuTicks();
    const deadline = dueAt + Number(args.timeout) * 1000;
    let unique = 0;
    while (Date.now() < deadline) {
      unique = (await ask<{ unique: number }>(sink, 'count')).unique;
      if (unique >= start.expected) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    if (profiler) {
      await new Promise<void>((resolve) =>
        profiler.post('Profiler.stop', (error, result) => {
          if (!error) void writeFile(args.profile!, JSON.stringify(result.profile)).then(() => resolve());
          else resolve();
        }),
      );
    }
    const loop = performance.eventLoopUtilization(loopBefore);
    gcObserver.disconnect();
    const report = await ask<{ requests: number; times: number[]; cpu: NodeJS.CpuUsage }>(sink, 'report');
    const othersAtEnd = await Promise.all(others.map((child) => ask<EngineReport>(child, 'report')));
    const cpu = othersAtEnd.reduce(
      (sum, r, i) => ({
        user: sum.user + r.cpu.user - othersAtDue[i]!.cpu.user,
        system: sum.system + r.cpu.system - othersAtDue[i]!.cpu.system,
      }),
      process.cpuUsage(cpuBefore),
    );
    const statAfter = totalCpuTicks(await readFile('/proc/stat', 'utf8'));
    const servicesAfter = await serviceCpuTicks();
    // Sent before their time would be a defect; counted, not clamped away.
    const early = report.times.filter((t) => t < dueAt).length;
    const lateness = report.times.map((t) => Math.max(0, t - dueAt)).sort((a, b) => a - b);
    const last = lateness[lateness.length - 1] ?? NaN;
    const engineCpuMs = (cpu.user + cpu.system) / 1000;
    const counts = preparationCounts();
    const result = {
      burst: start.burst,
      n: start.expected,
      engine,
      engineProcesses: workers,
      batchSize: config.reminders.batchSize,
      lanes: config.reminders.lanes,
      workerConcurrency: config.reminders.workerConcurrency,
      pushConcurrency: config.reminders.pushConcurrency,
      // Web Push requests on a thread of their own (decision 019; PUSH_SEND_THREAD).
      sendThread: config.reminders.sendThread,
      delivered: report.times.length,
      requests: report.requests,
      duplicates: report.requests - report.times.length,
      early,
      leadS: leadMs / 1000,
      scheduleRows: rowCount,
      preparedAtDue,
      sentPrepared: othersAtEnd.reduce(
        (sum, r, i) => sum + r.used - start.others[i]!.used,
        counts.used - start.preparation.used,
      ),
      reusedReads: othersAtEnd.reduce(
        (sum, r, i) => sum + r.reused - start.others[i]!.reused,
        counts.reused - start.preparation.reused,
      ),
      // Reminders stored ahead and released at the instant by this process (decision 017).
      stagedReleased: counts.released - start.preparation.released,
      prepareCpuMsPerReminder: +(
        (prepareCpu.user + prepareCpu.system) /
        1000 /
        Math.max(report.times.length, 1)
      ).toFixed(3),
      prepareMainThreadMsPerReminder: +(prepareLoopMs / Math.max(report.times.length, 1)).toFixed(3),
      rssBeforeDueMiB,
      heapBeforeDueMiB,
      rssAfterMiB: Math.round(process.memoryUsage().rss / 1048576),
      // Filled in below, once the burst's leases are deleted and the heap collected (--bursts).
      settled: undefined as { rssMiB: number; heapMiB: number; dataDirMiB?: number } | undefined,
      lastReceivedS: +(last / 1000).toFixed(2),
      p50S: +(percentile(lateness, 50) / 1000).toFixed(2),
      p99S: +(percentile(lateness, 99) / 1000).toFixed(2),
      // When each tenth had arrived: a pipeline shows an even climb, a stall a flat run then a jump.
      tenthsS: [1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map(
        (p) => +(percentile(lateness, p) / 1000).toFixed(2),
      ),
      engineCpuMsPerReminder: +(engineCpuMs / Math.max(report.times.length, 1)).toFixed(3),
      sinkCpuMsPerReminder: +(
        (report.cpu.user + report.cpu.system) /
        1000 /
        Math.max(report.times.length, 1)
      ).toFixed(3),
      // PostgreSQL's backends that exit before the end (none here: the pool stays) would be missed.
      postgresCpuMsPerReminder: +(
        ((servicesAfter.postgres - servicesBefore.postgres) * 10) /
        Math.max(report.times.length, 1)
      ).toFixed(3),
      redisCpuMsPerReminder: +(
        ((servicesAfter.redis - servicesBefore.redis) * 10) /
        Math.max(report.times.length, 1)
      ).toFixed(3),
      // Share of the time from the instant to the last push that the engine's main thread was busy.
      mainThreadBusy: +loop.utilization.toFixed(2),
      mainThreadGcMs: Math.round(gcMs),
      machineCpuMsPerReminder: +(
        ((statAfter.busy - statBefore.busy) * 10) /
        Math.max(report.times.length, 1)
      ).toFixed(3),
    };
    return result;
  };
  /**
   * After a burst (--bursts): the engine's memory once it has finished with the burst (its leases
   * deleted, decision 150) and the heap is collected, so consecutive bursts compare what is held,
   * not garbage not yet collected.
   */
  const settle = async () => {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    if (RETENTION_MS !== undefined) await prunedAndVacuumed(RETENTION_MS);
    const memory = collectedMemory();
    return {
      rssMiB: Math.round(memory.rss / 1048576),
      heapMiB: Math.round((memory.heapUsed + memory.arrayBuffers) / 1048576),
      // The embedded database's files: what a burst leaves on disk (decision 158).
      ...(engine === 'embedded' ? { dataDirMiB: await directoryMiB(path.join(dataDir, 'pglite')) } : {}),
    };
  };

  /**
   * --retention-minutes: waits (up to 5 minutes) until the engine's prune, which runs in the quiet
   * seconds of the engines' minutes, has left no notification older than the retention, then runs
   * the vacuum pass the server runs each minute, so the space is free for the next burst.
   */
  const prunedAndVacuumed = async (retentionMs: number) => {
    const started = Date.now();
    for (;;) {
      const [old] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from notifications
          where created_at < ${new Date(clock.now().getTime() - retentionMs).toISOString()}::timestamptz`),
      );
      if (old?.n === 0 || Date.now() - started > 300_000) {
        console.log(
          `pruned in ${((Date.now() - started) / 1000).toFixed(0)} s; ${old?.n ?? '?'} old notifications left`,
        );
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    await database.maintain?.();
  };

  /**
   * The next burst: the schedule's next instant after `afterVirtual` (the missed-dose alerts an
   * hour after the dose, then the next day's dose), brought `lead` seconds ahead by moving the
   * clock forward, in every engine process; the sink counts afresh.
   */
  const nextBurst = async (burst: number, afterVirtual: number): Promise<BurstStart> => {
    const [next] = rowsOf<{ at: string; n: number }>(
      await database.db.execute(sql`select fire_at::text as at, count(*)::int as n from reminder_schedule
        where fire_at > ${new Date(afterVirtual).toISOString()}::timestamptz
        group by fire_at order by fire_at limit 1`),
    );
    if (!next) throw new Error(`burst ${burst}: no schedule row after the last instant`);
    const virtual = new Date(next.at).getTime();
    // Forward only: an engine's clock never runs back.
    offset = Math.max(offset, virtual - (Date.now() + leadMs));
    const nextDueAt = virtual - offset;
    await Promise.all([ask(sink, 'reset'), ...others.map((child) => ask(child, 'clock', { offset }))]);
    console.log(
      `burst ${burst}: ${next.n} schedule rows due at ${new Date(virtual).toISOString()}, in ${((nextDueAt - Date.now()) / 1000).toFixed(0)} s`,
    );
    return {
      burst,
      dueAt: nextDueAt,
      expected: next.n,
      cpu: process.cpuUsage(),
      loopActiveMs: performance.eventLoopUtilization().active,
      others: await Promise.all(others.map((child) => ask<EngineReport>(child, 'report'))),
      preparation: preparationCounts(),
    };
  };

  const summary = (result: Awaited<ReturnType<typeof measureBurst>>) =>
    console.log(
      `${BURSTS > 1 ? `burst ${result.burst}: ` : ''}${result.delivered}/${result.n} delivered; last after ${result.lastReceivedS} s; p50 ${result.p50S} s; p99 ${result.p99S} s; ` +
        `${result.early} early, ${result.duplicates} duplicates; ${result.preparedAtDue} prepared ahead, ${result.sentPrepared} sent so (CPU ${result.prepareCpuMsPerReminder} ms each, ${result.prepareMainThreadMsPerReminder} ms of it on main threads), ${result.reusedReads} states and device lists reused; ` +
        `CPU/reminder from the due instant: engine ${result.engineCpuMsPerReminder} ms, sink ${result.sinkCpuMsPerReminder} ms, PostgreSQL ${result.postgresCpuMsPerReminder} ms, Redis ${result.redisCpuMsPerReminder} ms, whole machine ${result.machineCpuMsPerReminder} ms; ` +
        `engine's main thread busy ${Math.round(result.mainThreadBusy * 100)} % of the time, ${result.mainThreadGcMs} ms of it collecting garbage` +
        (result.settled
          ? `; settled after ${SETTLE_MS / 1000} s: RSS ${result.settled.rssMiB} MiB, heap + buffers ${result.settled.heapMiB} MiB` +
            (result.settled.dataDirMiB === undefined
              ? ''
              : `, database files ${result.settled.dataDirMiB} MiB`)
          : ''),
    );

  const results: Awaited<ReturnType<typeof measureBurst>>[] = [];
  let start: BurstStart = {
    burst: 1,
    dueAt,
    expected: N,
    cpu: cpuAtStart,
    loopActiveMs: loopAtStart,
    others: zeroReports(),
    preparation: { used: 0, reused: 0, released: 0 },
  };
  for (;;) {
    const result = await measureBurst(start);
    results.push(result);
    if (BURSTS > 1) result.settled = await settle();
    console.log(JSON.stringify(result));
    summary(result);
    if (result.burst >= BURSTS || !burstHeld(result)) break;
    start = await nextBurst(result.burst + 1, start.dueAt + offset);
  }

  await Promise.all(
    others.map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.send({ type: 'stop' });
        }),
    ),
  );
  await closeEngine();
  await vacuum?.stop();
  await database.close();
  await dropDatabase();
  if (engine === 'postgres') await deleteRedisPrefix(redisUrl, prefix);
  sink.send({ type: 'stop' });
  await rm(dataDir, { recursive: true, force: true });
  const ceiling = args.ceiling ? await measureCeiling(config.reminders.pushConcurrency) : undefined;
  if (ceiling) {
    const ratios = results.map((r) => +(r.p99S / ceiling.p99S).toFixed(2));
    console.log(JSON.stringify({ ceiling, p99OverCeilingP99: ratios.length === 1 ? ratios[0] : ratios }));
    console.log(
      `the sends alone in this run (bench:push-ceiling, ${ceiling.n} pushes, concurrency ${config.reminders.pushConcurrency}): ` +
        `p50 ${ceiling.p50S} s, p99 ${ceiling.p99S} s, last ${ceiling.lastS} s; this run's p99 is ${ratios.join(', ')} × theirs`,
    );
  }
  // A ceiling run that lost a push exits non-zero, and measureCeiling throws.
  process.exit(results.length === BURSTS && results.every(burstHeld) ? 0 : 1);
}

/** Every expected reminder arrived, once, none before its instant. */
function burstHeld(result: { delivered: number; n: number; early: number; duplicates: number }): boolean {
  return result.delivered === result.n && result.early === 0 && result.duplicates === 0;
}

/**
 * The machine's floor for this run (bench:push-ceiling: the same number of prepared pushes sent to
 * the same sink, nothing else), measured right after it in a child process under this run's lock.
 * Absolute lateness depends on the machine (the sends alone took a p99 of 2.6–4.4 s on one machine
 * and 6.6 s on another); its ratio to this floor is what the engine adds.
 */
async function measureCeiling(concurrency: number): Promise<CeilingReport> {
  const child = fork(
    path.join(here, 'push-send-ceiling.bench.ts'),
    ['--n', String(N), '--concurrency', String(concurrency), '--sink', sinkKind],
    {
      execArgv: [...childEngineFlags(engine), '--expose-gc', '--import', 'tsx'],
      env: { ...process.env, [LOCK_PARENT_ENV]: String(process.pid) },
      stdio: 'inherit',
    },
  );
  let report: CeilingReport | undefined;
  child.on('message', (message: CeilingReport) => {
    if (message.type === 'ceiling') report = message;
  });
  // 'close' comes after the exit and after the IPC channel has delivered its last message.
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`bench:push-ceiling exited with ${code}`);
  if (!report) throw new Error('bench:push-ceiling sent no figures');
  return report;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
