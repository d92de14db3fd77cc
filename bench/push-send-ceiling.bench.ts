/**
 * The floor of the due second (issue 10): how long this machine takes to send N pushes that were
 * all prepared ahead, with no database, no queue and no decision, through the engine's own
 * `WebPushSender` to the same local sink `bench:reminders` uses (a child process, as there).
 *
 * `npm run bench:push-ceiling -- --n 100000 [--concurrency 64]`, or in the same run as the engine's
 * measurement: `npm run bench:reminders -- --n 100000 --ceiling`. `--transport http2 [--sessions 1]`
 * sends the same bodies and headers as HTTP/2 streams instead (http2-push-sender.ts, to an h2c
 * sink): what the other transport would cost, run after run with the default one.
 *
 * Whatever the reminder engine does at a due instant, its last push cannot arrive sooner than this
 * run's last one: the figure bounds what `bench:reminders` can reach on the same machine.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import webpush from 'web-push';
import { PushEndpointPolicy } from '../apps/server/src/features/push/endpoint-allowlist';
import { type PreparedWebPush, WebPushSender } from '../apps/server/src/features/push/web-push.sender';
import { holdBenchLock } from './bench-lock';
import { requireServerNodeFlags } from './bench-support';
import { Http2PushSender } from './http2-push-sender';
import { pushSinkKindOf, startPushSink } from './push-sink-process';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '64' },
    sink: { type: 'string' },
    // 'http1' (undici's pool, as the engine sends) or 'http2' (node:http2 streams, to an h2c sink).
    transport: { type: 'string', default: 'http1' },
    // HTTP/2 sessions per origin, the streams spread over them.
    sessions: { type: 'string', default: '1' },
  },
});
const N = Number(args.n);
const CONCURRENCY = Number(args.concurrency);
if (args.transport !== 'http1' && args.transport !== 'http2') {
  throw new Error(`--transport must be http1 or http2, not ${args.transport}`);
}
const HTTP2 = args.transport === 'http2';
const SINK = HTTP2 ? 'h2c' : pushSinkKindOf(args.sink);
const SESSIONS = Number(args.sessions);

/** What a run of this benchmark measured, as `bench:reminders --ceiling` receives it. */
export interface CeilingReport {
  type: 'ceiling';
  n: number;
  failed: number;
  received: number;
  pushesPerS: number;
  p50S: number;
  p99S: number;
  lastS: number;
  senderCpuMsPerPush: number;
  sinkCpuMsPerPush: number;
}

interface SinkReport {
  requests: number;
  times: number[];
  cpu: NodeJS.CpuUsage;
}

async function main() {
  holdBenchLock('bench:push-ceiling');
  // The sender runs in this process: with the engine's flags, the ceiling compares code, not GC.
  requireServerNodeFlags('bench:push-ceiling');
  console.log(
    `push send ceiling: N=${N}, concurrency ${CONCURRENCY}, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, sink ${SINK}${HTTP2 ? `, HTTP/2 over ${SESSIONS} session(s)` : ''}`,
  );
  const { sink, port } = await startPushSink(SINK);
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      sink.once('message', (m: T) => resolve(m));
      sink.send({ type });
    });

  const vapid = webpush.generateVAPIDKeys();
  const sender = new WebPushSender(
    { ...vapid, subject: 'mailto:bench@example.invalid' },
    new PushEndpointPolicy([`127.0.0.1:${port}`]),
    { maxSockets: CONCURRENCY },
  );
  const http2Sender = HTTP2 ? new Http2PushSender(sender, SESSIONS) : undefined;
  await http2Sender?.connect(`http://127.0.0.1:${port}`);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  // A payload of the engine's size (≈ 1 KiB: the texts, the link and two signed action tokens).
  const payload = JSON.stringify({ title: 'Time for Medicine', body: 'x'.repeat(60), data: 'y'.repeat(900) });

  const prepareStart = Date.now();
  const pushes: { token: string; topic: string; prepared: PreparedWebPush }[] = [];
  for (let i = 0; i < N; i++) {
    const token = JSON.stringify({
      endpoint: `http://127.0.0.1:${port}/push/${i}`,
      expirationTime: null,
      keys,
    });
    const prepared = sender.prepare({ kind: 'webpush', endpoint: '', token }, payload);
    if (!prepared) throw new Error('a push could not be prepared');
    pushes.push({ token, topic: `t${i}`, prepared });
  }
  console.log(
    `prepared ${N} bodies in ${((Date.now() - prepareStart) / 1000).toFixed(1)} s (not timed below)`,
  );
  (globalThis as { gc?: () => void }).gc?.();

  const cpuBefore = process.cpuUsage();
  const sinkBefore = (await ask<SinkReport>('report')).cpu;
  const start = Date.now();
  let next = 0;
  let failed = 0;
  async function worker() {
    while (next < pushes.length) {
      const p = pushes[next++]!;
      if (http2Sender) {
        const status = await http2Sender.send(p.prepared, {
          topic: p.topic,
          ttlSeconds: 3600,
          urgency: 'high',
        });
        if (status < 200 || status >= 300) failed += 1;
        continue;
      }
      const result = await sender.send(
        { kind: 'webpush', endpoint: '', token: p.token },
        { payload, topic: p.topic, ttlSeconds: 3600, urgency: 'high', prepared: p.prepared },
      );
      if (!result.ok) failed += 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const sent = Date.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  const report = await ask<SinkReport>('report');
  const times = report.times.map((t) => t - start).sort((a, b) => a - b);
  const at = (q: number) =>
    +(times[Math.min(times.length - 1, Math.floor(q * times.length))]! / 1000).toFixed(2);
  const perPush = (c: NodeJS.CpuUsage) => +((c.user + c.system) / 1000 / N).toFixed(3);
  const sinkCpu = { user: report.cpu.user - sinkBefore.user, system: report.cpu.system - sinkBefore.system };
  const measured: CeilingReport = {
    type: 'ceiling',
    n: N,
    failed,
    received: times.length,
    pushesPerS: Math.round(N / (sent / 1000)),
    p50S: at(0.5),
    p99S: at(0.99),
    lastS: at(1),
    senderCpuMsPerPush: perPush(cpu),
    sinkCpuMsPerPush: perPush(sinkCpu),
  };
  // Run by `bench:reminders --ceiling` as its same-run reference: the figures go back to it.
  process.send?.(measured);
  console.log(
    `sent ${N} (${failed} failed) in ${(sent / 1000).toFixed(2)} s = ${measured.pushesPerS} pushes/s; ` +
      `received ${measured.received}: p50 ${measured.p50S.toFixed(2)} s, p99 ${measured.p99S.toFixed(2)} s, last ${measured.lastS.toFixed(2)} s; ` +
      `CPU per push: sender ${measured.senderCpuMsPerPush.toFixed(3)} ms, sink ${measured.sinkCpuMsPerPush.toFixed(3)} ms`,
  );
  await sender.close();
  http2Sender?.close();
  sink.send({ type: 'stop' });
  if (failed > 0 || times.length !== N) process.exitCode = 1;
}

await main();
