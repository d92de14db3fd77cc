/**
 * The reminder engine as the benchmark runs it: the services and runtime a server or worker
 * process composes (`npm start`, `apps/server/src/worker.ts`), on the benchmark's shifted clock. The
 * benchmark's own process runs one; `--workers N` forks N − 1 more (reminder-engine.worker.ts), the
 * scaled deployment's several worker processes on one PostgreSQL and Redis.
 */
import pino from 'pino';
import type { AppConfig } from '../apps/server/src/config/config';
import type { Database } from '../apps/server/src/db/database';
import type { Clock } from '../apps/server/src/lib/clock';
import { composeServices } from '../apps/server/src/composition/compose-services';
import { startReminderRuntime } from '../apps/server/src/features/reminders/reminder-runtime';

export async function startBenchEngine(config: AppConfig, db: Database, clock: Clock) {
  const log = pino({ level: 'warn' });
  const { services, pushSecrets, close: closeServices } = await composeServices({ config, db, clock, log });
  const runtime = await startReminderRuntime({
    config,
    db,
    clock,
    services,
    pushSecrets,
    log,
    consume: true,
  });
  return {
    runtime,
    close: async () => {
      await runtime.close();
      await closeServices();
    },
  };
}

/** What a forked engine process reports when asked: its CPU so far and its preparation counts. */
export interface EngineReport {
  type: 'report';
  cpu: NodeJS.CpuUsage;
  /** Its main thread's busy time so far, in ms (`performance.eventLoopUtilization().active`). */
  loopActiveMs: number;
  held: number;
  used: number;
  /** States and device lists the fire job took from preparation (decision 015). */
  reused: number;
}
