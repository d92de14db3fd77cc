/**
 * What preparing a push ahead costs the thread that asks for it (decision 161), and the memory the
 * process holds once N are prepared: `ThreadedPushSender` (the default, `PUSH_SEND_THREAD=on`)
 * against the reference measured in the same run, `WebPushSender` encrypting on the caller's
 * thread (`PUSH_SEND_THREAD=off`, and the threaded sender before decision 161). Embedded, the
 * caller's thread is the API's: every millisecond it spends here is one a request waits.
 *
 * `npm run bench:push-prepare -- [--n 100000] [--rate 1700] [--rounds 2]`
 *
 * Each variant runs in a process of its own (so neither inherits the other's heap), alternating,
 * `--rounds` times. A process prepares N pushes for 1,000 devices in pages of 500 (the preparer's
 * page), `--rate` a second (the embedded engine prepared 100k in about a minute of its lead), sends
 * none, then waits 20 s and reads its resident memory.
 */
import { fork } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import webpush from 'web-push';
import { PushEndpointPolicy } from '../apps/server/src/features/push/endpoint-allowlist';
import type { PushSender } from '../apps/server/src/features/push/push-sender';
import { ThreadedPushSender } from '../apps/server/src/features/push/threaded-push.sender';
import { WebPushSender } from '../apps/server/src/features/push/web-push.sender';
import { holdBenchLock, LOCK_PARENT_ENV } from './bench-lock';
import { median, requireServerNodeFlags, SERVER_NODE_FLAGS } from './bench-support';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    rate: { type: 'string', default: '1700' },
    rounds: { type: 'string', default: '2' },
    variant: { type: 'string' },
  },
});
const N = Number(args.n);
const RATE = Number(args.rate);
const ROUNDS = Number(args.rounds);
const PAGE = 500;
const SETTLE_MS = 20_000;
const HOST = 'push.example.test';

type Variant = 'caller' | 'thread';
const VARIANTS: Record<Variant, string> = {
  caller: "encrypting on the caller's thread (reference)",
  thread: 'on the send thread (ThreadedPushSender)',
};

interface PrepareReport {
  type: 'prepare';
  variant: Variant;
  callerMsPerPush: number;
  processCpuMsPerPush: number;
  rssMiB: number;
}

function senderFor(variant: Variant): PushSender & { close(): Promise<void> } {
  const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@example.invalid' };
  const policy = new PushEndpointPolicy([HOST]);
  if (variant === 'caller') return new WebPushSender(keys, policy);
  return new ThreadedPushSender({ keys, allowlist: HOST, maxSockets: 64, keptMs: 3_600_000 }, policy);
}

/** One variant, in this process: prepares N at RATE, then reads its memory. */
async function measure(variant: Variant): Promise<PrepareReport> {
  const sender = senderFor(variant);
  const devices = Array.from({ length: 1000 }, () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const token = JSON.stringify({
      endpoint: `https://${HOST}/wpush/v2/${randomBytes(96).toString('base64url')}`,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    });
    return { kind: 'webpush', endpoint: '', token };
  });
  // A payload of the engine's size (≈ 1 KiB: the texts, the link and two signed action tokens).
  const payload = JSON.stringify({ title: 'Time for Medicine', body: 'x'.repeat(60), data: 'y'.repeat(900) });
  const held: unknown[] = [];
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const start = performance.now();
  for (let page = 0; page * PAGE < N; page++) {
    for (let i = page * PAGE; i < Math.min(N, (page + 1) * PAGE); i++) {
      const prepared = sender.prepare!(devices[i % devices.length]!, payload);
      if (!prepared) throw new Error('a push could not be prepared');
      held.push(prepared);
    }
    const due = start + (((page + 1) * PAGE) / RATE) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  const loop = performance.eventLoopUtilization(loopBefore);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const cpu = process.cpuUsage(cpuBefore);
  const report: PrepareReport = {
    type: 'prepare',
    variant,
    callerMsPerPush: +(loop.active / N).toFixed(4),
    processCpuMsPerPush: +((cpu.user + cpu.system) / 1000 / N).toFixed(4),
    rssMiB: Math.round(process.memoryUsage().rss / 1048576),
  };
  if (held.length !== N) throw new Error('not every push was prepared');
  await sender.close();
  return report;
}

function runVariant(variant: Variant): Promise<PrepareReport> {
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--n', String(N), '--rate', String(RATE), '--variant', variant],
    {
      execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx'],
      env: { ...process.env, [LOCK_PARENT_ENV]: String(process.pid) },
      stdio: 'inherit',
    },
  );
  return new Promise((resolve, reject) => {
    let report: PrepareReport | undefined;
    child.on('message', (message: PrepareReport) => (report = message));
    child.once('close', (code) =>
      report && code === 0 ? resolve(report) : reject(new Error(`${variant} exited with ${code}`)),
    );
  });
}

async function main() {
  if (args.variant) {
    requireServerNodeFlags('bench:push-prepare');
    process.send?.(await measure(args.variant === 'thread' ? 'thread' : 'caller'));
    return;
  }
  holdBenchLock('bench:push-prepare');
  console.log(
    `push prepare cost: N=${N} at ${RATE}/s, ${ROUNDS} rounds, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const reports: PrepareReport[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of ['caller', 'thread'] as const) {
      const report = await runVariant(variant);
      console.log(JSON.stringify(report));
      reports.push(report);
    }
  }
  const of = (variant: Variant, key: 'callerMsPerPush' | 'processCpuMsPerPush' | 'rssMiB') =>
    median(reports.filter((r) => r.variant === variant).map((r) => r[key]));
  for (const variant of ['caller', 'thread'] as const) {
    console.log(
      `${VARIANTS[variant]}: caller's thread ${of(variant, 'callerMsPerPush')} ms per push, ` +
        `process CPU ${of(variant, 'processCpuMsPerPush')} ms per push, RSS ${of(variant, 'rssMiB')} MiB (medians)`,
    );
  }
  console.log(
    `the send thread takes ${(of('thread', 'callerMsPerPush') / of('caller', 'callerMsPerPush')).toFixed(3)} × ` +
      `the reference's time on the caller's thread, ${(of('thread', 'processCpuMsPerPush') / of('caller', 'processCpuMsPerPush')).toFixed(2)} × its CPU, ` +
      `and ${of('thread', 'rssMiB') - of('caller', 'rssMiB')} MiB more resident memory`,
  );
}

await main();
