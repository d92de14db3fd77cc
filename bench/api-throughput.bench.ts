/**
 * API throughput benchmark (not a test, issue 10). For each engine it starts the built server as
 * `npm start` runs it (rate limit raised, logging at info into a file), seeds one account with five
 * medicines and ten notifications, and loads each endpoint with autocannon, in rounds that alternate
 * with the same load on the reference (bench/api-reference.server.ts: bare Fastify + the one indexed
 * query each endpoint needs) on the same data. Figures are ratios to the reference measured in the
 * same run: each round's app ÷ reference, and the median over the rounds, so that a change in the
 * machine's load during an endpoint's measurement moves both sides instead of one.
 *
 *   npm run bench:api                                      # both engines, 3 rounds of 10 s per side
 *   npm run bench:api -- --rounds 3 --duration 30          # 30 s windows of unbroken load
 *   npm run bench:api -- --engine embedded --duration 10 --warmup 3
 *   npm run bench:api -- --profile prof/                   # the app under --cpu-prof
 *   npm run bench:api -- --only notifications              # endpoints whose name contains it
 *   npm run bench:api -- --only health --fresh             # new processes for each round
 *   npm run bench:api -- --engine postgres --soak 10       # memory: the app's RSS after each pass
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the
 * benchmark creates and drops its own database. The app and the reference run at the same time and
 * are loaded in turn, endpoint by endpoint.
 */
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort, median, SERVER_ENV, SERVER_NODE_FLAGS, seedAccount, waitFor } from './bench-support';
import { cp, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { holdBenchLock } from './bench-lock';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    // Seconds of one round's load on one side; `rounds` rounds alternate app and reference
    // (app first, then reference first, and so on), so each side gets rounds × duration.
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    // New app and reference processes for each round (each warmed up again): a process's own speed
    // varies from one start to the next, and the ratio should not rest on one start of each.
    fresh: { type: 'boolean', default: false },
    profile: { type: 'string' },
    out: { type: 'string' },
    // Memory under long load: the app alone, every endpoint in turn, for this many minutes; its RSS
    // after each pass (issue 10: after 10 minutes, and no growth between consecutive passes).
    soak: { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const ROUNDS = Math.max(1, Number(args.rounds));
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process in MiB (Linux). */
async function rssMiB(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

interface Seeded {
  email: string;
  userId: string;
  token: string;
  medicineIds: string[];
  today: string;
}

const MEDICINES = [
  ['Aspirin', '1-0-1'],
  ['Vitamin D', '1-0-0'],
  ['Metformin', '1-1-1'],
  ['Lisinopril', '1-0-0'],
  ['Atorvastatin', '0-0-1'],
] as const;

/** Five medicines, one dose already taken today. */
async function seed(origin: string): Promise<Omit<Seeded, 'userId'>> {
  const account = await seedAccount(origin, MEDICINES);
  const { email, token, medicineIds, today } = account;
  const ticked = await fetch(`${origin}/api/medicine/${medicineIds[0]}/taken`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ date: today, taken: '1-0-0' }),
  });
  if (!ticked.ok) throw new Error(`tick: ${ticked.status}`);
  return { email, token, medicineIds, today };
}

/** Ten notifications, written straight into the database while no server holds it (PGlite is one process). */
async function seedNotifications(target: { dataDir: string; databaseUrl?: string }, email: string) {
  // Ten notifications, and a year of twice-daily blood pressure readings for the chart (issue 56).
  const insert = `with n as (insert into notifications (user_id, type, title, message, medicine_name, created_at)
    select u.id, 'dose_reminder', 'Time for your medicine', 'Take Aspirin 500mg', 'Aspirin', now() - (n || ' minutes')::interval
    from users u, generate_series(1, 10) n where u.email = $1 returning 1)
    insert into measurements (user_id, type, value, value2, value3, entered_unit, measured_at)
    select u.id, 'blood-pressure', 120 + h % 20, 80 + h % 10, 60, 'mm[Hg]', now() - (h * 12 || ' hours')::interval
    from users u, generate_series(1, 730) h where u.email = $1`;
  const select = 'select id from users where email = $1';
  if (target.databaseUrl) {
    const sql = postgres(target.databaseUrl, { max: 1, onnotice: () => undefined });
    try {
      await sql.unsafe(insert, [email]);
      return String((await sql.unsafe(select, [email]))[0]!.id);
    } finally {
      await sql.end();
    }
  }
  const db = await PGlite.create(path.join(target.dataDir, 'pglite'));
  try {
    await db.query(insert, [email]);
    return (await db.query<{ id: string }>(select, [email])).rows[0]!.id;
  } finally {
    await db.close();
  }
}

interface Endpoint {
  name: string;
  app: (s: Seeded) => Omit<autocannon.Options, 'url'> & { url?: string };
  reference: (s: Seeded) => Omit<autocannon.Options, 'url'> & { url?: string };
  /** A write: the goal is a lower share of the reference. */
  write?: boolean;
}

/**
 * The n-th write: a day of the last 60 for one of the five medicines, its first dose taken or not
 * in turn, so that writes change a dose (the whole write path runs) and spread over rows the way
 * many users' ticks do, instead of 50 connections queueing for one row's lock.
 */
let writes = 0;
function dayWrite(s: Seeded, prefix: string, suffix: string): { path: string; body: string } {
  const n = writes++;
  const medicineId = s.medicineIds[n % s.medicineIds.length]!;
  const back = Math.floor(n / s.medicineIds.length) % 60;
  const date = new Date(Date.parse(`${s.today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
  // Its first scheduled dose, taken on one pass over the rows and untaken on the next.
  const schedule = MEDICINES[n % MEDICINES.length]![1].split('-');
  const first = schedule.indexOf('1');
  const value = Math.floor(n / (s.medicineIds.length * 60)) % 2 === 0 ? '1' : '0';
  const taken = schedule.map((_, slot) => (slot === first ? value : '0')).join('-');
  return { path: `${prefix}${medicineId}${suffix}`, body: JSON.stringify({ date, taken }) };
}

/** The day a year (365 days) before `date`, the chart's longest range ending today. */
const yearBefore = (date: string) => new Date(Date.parse(date) - 364 * 86_400_000).toISOString().slice(0, 10);
const bearer = (s: Seeded) => ({ authorization: `Bearer ${s.token}` });
const ENDPOINTS: Endpoint[] = [
  { name: 'health', app: () => ({ url: '/api/health' }), reference: () => ({ url: '/health' }) },
  {
    name: 'medicine list',
    app: (s) => ({ url: `/api/medicine/user/${s.email}`, headers: bearer(s) }),
    reference: (s) => ({ url: `/medicines/${s.userId}` }),
  },
  {
    name: 'taken today (read)',
    app: (s) => ({ url: `/api/medicine/${s.medicineIds[0]}/taken?date=${s.today}`, headers: bearer(s) }),
    reference: (s) => ({ url: `/taken/${s.medicineIds[0]}?date=${s.today}` }),
  },
  {
    name: 'taken (write)',
    write: true,
    app: (s) => ({
      method: 'PUT',
      headers: { ...bearer(s), 'content-type': 'application/json' },
      requests: [{ setupRequest: (request) => ({ ...request, ...dayWrite(s, `/api/medicine/`, '/taken') }) }],
    }),
    reference: (s) => ({
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: (request) => ({ ...request, ...dayWrite(s, '/taken/', '') }) }],
    }),
  },
  {
    name: 'refill reminders',
    app: (s) => ({ url: `/api/refill-reminders?userEmail=${s.email}`, headers: bearer(s) }),
    reference: (s) => ({ url: `/refills/${s.userId}` }),
  },
  {
    // Issue 56: a year of twice-daily readings as one chart answer (decision 301).
    name: 'journal series (a year)',
    app: (s) => ({
      url: `/api/journal/series?type=blood-pressure&from=${yearBefore(s.today)}&to=${s.today}`,
      headers: bearer(s),
    }),
    reference: (s) => ({ url: `/series/${s.userId}` }),
  },
  {
    name: 'notifications list',
    app: (s) => ({ url: `/api/notifications/${s.email}`, headers: bearer(s) }),
    reference: (s) => ({ url: `/notifications/${s.userId}` }),
  },
];

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

type LoadOptions = Omit<autocannon.Options, 'url'> & { url?: string };

async function load(origin: string, options: LoadOptions, seconds: number): Promise<Measured> {
  const result = await autocannon({
    ...options,
    url: origin + (options.url ?? '/'),
    connections: CONNECTIONS,
    duration: seconds,
  });
  // Which answers were not 2xx, so a failure is named in the run's output, not only counted.
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2'));
    console.log(
      `  non-2xx answers from ${origin}: ${codes.map(([c, s]) => `${c} × ${s.count ?? 0}`).join(', ')}`,
    );
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Several rounds of one side: mean rate, median latencies, errors summed. */
function combined(rounds: Measured[]): Measured {
  return {
    rps: rounds.reduce((sum, r) => sum + r.rps, 0) / rounds.length,
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

interface Side {
  origin: string;
  options: LoadOptions;
}

/**
 * One endpoint: both sides warmed up, then ROUNDS rounds that alternate which side goes first
 * (app–reference, reference–app, …), so a drift in the machine's load is shared. The ratio is the
 * median of the rounds' ratios.
 */
async function compare(app: Side, reference: Side, restart?: () => Promise<void>) {
  const warmUp = async () => {
    if (WARMUP <= 0) return;
    await load(app.origin, app.options, WARMUP);
    await load(reference.origin, reference.options, WARMUP);
  };
  await warmUp();
  const appRounds: Measured[] = [];
  const referenceRounds: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0 && restart) {
      await restart();
      await warmUp();
    }
    const order = round % 2 === 0 ? [app, reference] : [reference, app];
    for (const side of order) {
      const measured = await load(side.origin, side.options, DURATION);
      (side === app ? appRounds : referenceRounds).push(measured);
    }
  }
  const ratios = appRounds.map((a, i) => a.rps / referenceRounds[i]!.rps);
  return { app: combined(appRounds), reference: combined(referenceRounds), ratio: median(ratios), ratios };
}

async function startProcess(script: string[], env: Record<string, string>, logFile: string) {
  const log = await open(logFile, 'a');
  try {
    return spawn(process.execPath, script, {
      cwd: root,
      // `npm start`'s environment too (decision 336), for the app and the reference alike.
      env: { ...process.env, ...SERVER_ENV, ...env },
      stdio: ['ignore', log.fd, log.fd],
    });
  } finally {
    // The child has its own copy of the descriptor.
    await log.close();
  }
}

interface EngineResult {
  engine: string;
  rows: {
    endpoint: string;
    write: boolean;
    app: Measured;
    reference: Measured;
    /** The median of the rounds' app ÷ reference, and each round's. */
    ratio: number;
    ratios: number[];
  }[];
  rssAfterLoadMiB: number;
  /** With --soak: the app's RSS after each pass over the endpoints. */
  soakRssMiB?: number[];
}

async function runEngine(engine: 'embedded' | 'postgres'): Promise<EngineResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-bench-api-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => undefined as unknown;
  if (engine === 'postgres') {
    const name = `bench_api_${randomBytes(4).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dbEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const appEnv = {
    ...dbEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '100000000',
    NODE_ENV: 'production',
  };
  const profileArgs = args.profile
    ? [
        `--cpu-prof`,
        `--cpu-prof-dir=${path.resolve(args.profile)}`,
        `--cpu-prof-name=app-${engine}.cpuprofile`,
      ]
    : [];
  const appScript = [...SERVER_NODE_FLAGS, ...profileArgs, 'apps/server/dist/server.js'];
  const logFile = path.join(dataDir, 'server.log');
  const rows: EngineResult['rows'] = [];
  try {
    // 1. Seed through the API, then add notifications with the server stopped (PGlite is one process).
    const seeding = await startProcess(appScript, appEnv, logFile);
    await waitFor(origin, '/api/health', seeding);
    const seeded = await seed(origin);
    await stop(seeding);
    const userId = await seedNotifications({ dataDir, databaseUrl }, seeded.email);
    const s: Seeded = { ...seeded, userId };
    const endpoints = ENDPOINTS.filter((e) => !args.only || e.name.includes(args.only));

    // 2. The app and the reference side by side, measured in turn per endpoint, so that a change in
    // the machine's load between measurements moves both. The reference reads the same database: on
    // PostgreSQL the same one, embedded a copy of the app's PGlite directory (one process per copy).
    const referenceDir = path.join(dataDir, 'reference');
    if (!databaseUrl)
      await cp(path.join(dataDir, 'pglite'), path.join(referenceDir, 'pglite'), { recursive: true });
    const referencePort = await freePort();
    const referenceOrigin = `http://127.0.0.1:${referencePort}`;
    const startApp = async () => {
      const child = await startProcess(appScript, appEnv, logFile);
      await waitFor(origin, '/api/health', child);
      return child;
    };
    const startReference = async () => {
      const child = await startProcess(
        // The same runtime flags as the app: the ratio compares the code, not the garbage collector.
        [...SERVER_NODE_FLAGS, '--import', 'tsx', 'bench/api-reference.server.ts'],
        { ...dbEnv, PORT: String(referencePort), DATA_DIR: referenceDir },
        logFile,
      );
      await waitFor(referenceOrigin, '/health', child);
      return child;
    };
    let app = await startApp();
    let reference = await startReference();
    // --fresh: both processes started anew before each round after the first. The same bare route
    // served 33k req/s in one process and 41k in the next (2026-11-28): a round's ratio otherwise
    // carries one process's luck for the whole run.
    const restart = args.fresh
      ? async () => {
          await Promise.all([stop(app), stop(reference)]);
          app = await startApp();
          reference = await startReference();
        }
      : undefined;
    if (args.soak) {
      await stop(reference);
      const rss = await soak(origin, endpoints, s, app.pid, Number(args.soak) * 60_000);
      await stop(app);
      return { engine, rows, rssAfterLoadMiB: rss[rss.length - 1] ?? NaN, soakRssMiB: rss };
    }
    for (const endpoint of endpoints) {
      const measured = await compare(
        { origin, options: endpoint.app(s) },
        { origin: referenceOrigin, options: endpoint.reference(s) },
        restart,
      );
      console.log(
        `  ${engine} ${endpoint.name}: app ${measured.app.rps.toFixed(0)} req/s, reference ${measured.reference.rps.toFixed(0)} req/s, ` +
          `ratio ${percent(measured.ratio)} (rounds ${measured.ratios.map(percent).join(', ')})`,
      );
      rows.push({ endpoint: endpoint.name, write: endpoint.write ?? false, ...measured });
    }
    const rssAfterLoadMiB = await rssMiB(app.pid);
    await Promise.all([stop(app), stop(reference)]);
    return { engine, rows, rssAfterLoadMiB };
  } finally {
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Every endpoint in turn against the app until `ms` have passed; the app's RSS after each pass. */
async function soak(
  origin: string,
  endpoints: typeof ENDPOINTS,
  s: Seeded,
  pid: number | undefined,
  ms: number,
): Promise<number[]> {
  const end = Date.now() + ms;
  const rss: number[] = [];
  while (Date.now() < end) {
    for (const endpoint of endpoints) await load(origin, endpoint.app(s), DURATION);
    rss.push(await rssMiB(pid));
    console.log(`  soak pass ${rss.length}: server RSS ${rss[rss.length - 1]!.toFixed(0)} MiB`);
  }
  return rss;
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;

function table(results: EngineResult[]): string {
  const lines = [
    '| engine | endpoint | app req/s | app p50 / p99 ms | reference req/s | reference p99 ms | app ÷ reference (rounds) | errors / non-2xx |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const result of results) {
    for (const row of result.rows) {
      lines.push(
        `| ${result.engine} | ${row.endpoint} | ${row.app.rps.toFixed(0)} | ${row.app.p50} / ${row.app.p99} | ${row.reference.rps.toFixed(0)} | ${row.reference.p99} | ${percent(row.ratio)} (${row.ratios.map(percent).join(', ')}) | ${row.app.errors} / ${row.app.non2xx} |`,
      );
    }
  }
  lines.push(
    '',
    results
      .map(
        (r) =>
          // With --fresh the app measured last served only the last round of the last endpoint.
          `${r.engine}: server RSS after the load${args.fresh ? ' (its last start, one round)' : ''} ${r.rssAfterLoadMiB.toFixed(0)} MiB` +
          (r.soakRssMiB ? ` (after each pass: ${r.soakRssMiB.map((m) => m.toFixed(0)).join(', ')} MiB)` : ''),
      )
      .join('; '),
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  holdBenchLock('bench:api');
  const engines =
    args.engine === 'both' ? (['embedded', 'postgres'] as const) : [args.engine as 'embedded' | 'postgres'];
  console.log(
    `API benchmark: ${engines.join(' + ')}, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${ROUNDS} × ${DURATION} s per side and endpoint${args.fresh ? ' (new processes each round)' : ''}, ` +
      `${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${new Date().toISOString()}`,
  );
  const results: EngineResult[] = [];
  for (const engine of engines) results.push(await runEngine(engine));
  const text = table(results);
  console.log(
    `\n${text}\nload average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (args.out) await writeFile(args.out, JSON.stringify(results, null, 2));
}

await main();
