/**
 * A second (third, …) reminder engine process for `npm run bench:reminders -- --workers N`: the same
 * composition as the benchmark's own engine (reminder-engine.ts), on the same PostgreSQL and Redis,
 * with the clock shifted by BENCH_CLOCK_OFFSET_MS exactly as the parent's, and moved with it ('clock',
 * for the next burst). Started by the parent with the configuration's environment; answers 'report'
 * with its CPU and 'stop' by closing.
 */
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/database';
import type { Clock } from '../apps/server/src/lib/clock';
import { type EngineReport, startBenchEngine } from './reminder-engine';

async function main() {
  let offset = Number(process.env.BENCH_CLOCK_OFFSET_MS);
  if (!Number.isFinite(offset)) throw new Error('BENCH_CLOCK_OFFSET_MS is not set');
  const clock: Clock = { now: () => new Date(Date.now() + offset) };
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize });
  const engine = await startBenchEngine(config, database.db, clock);
  const cpuAtStart = process.cpuUsage();
  process.on('message', (message: { type: string; offset?: number }) => {
    if (message.type === 'clock' && message.offset !== undefined) {
      offset = message.offset;
      process.send?.({ type: 'clock' });
    }
    if (message.type === 'report') {
      const preparation = engine.runtime.engine?.preparation;
      const report: EngineReport = {
        type: 'report',
        cpu: process.cpuUsage(cpuAtStart),
        loopActiveMs: performance.eventLoopUtilization().active,
        held: preparation?.held ?? 0,
        used: preparation?.used ?? 0,
        reused: preparation?.reused ?? 0,
      };
      process.send?.(report);
    }
    if (message.type === 'stop') {
      void engine
        .close()
        .then(() => database.close())
        .finally(() => process.exit(0));
    }
  });
  process.send?.({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
