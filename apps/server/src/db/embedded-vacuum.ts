import type { PGlite } from '@electric-sql/pglite';
import type { Clock } from '../lib/clock';

/** What one maintenance pass did to one table. */
export interface TableMaintenance {
  table: string;
  /** `checkpoint` (table `pg_wal`): the log recycled by embedded-memory.ts's checkpointWhenLogGrew. */
  action: 'vacuum' | 'analyze' | 'checkpoint';
  ms: number;
}

interface TableNeed {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * The tables autovacuum would process now, by its own rules and settings (PostgreSQL's
 * documentation, "The Autovacuum Daemon"): dead rows past threshold + scale × rows, rows inserted
 * since the last vacuum past the insert threshold, a table whose oldest transaction id nears the
 * freeze limit (vacuum); rows changed since the last analyze past the analyze threshold (analyze).
 * `reltuples` is −1 for a table never vacuumed or analyzed: counted as empty.
 */
const TABLES_DUE = `
  with s as (
    select current_setting('autovacuum_vacuum_threshold')::float8 as vt,
           current_setting('autovacuum_vacuum_scale_factor')::float8 as vs,
           current_setting('autovacuum_vacuum_insert_threshold')::float8 as it,
           current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as "is",
           current_setting('autovacuum_analyze_threshold')::float8 as at,
           current_setting('autovacuum_analyze_scale_factor')::float8 as "as",
           current_setting('autovacuum_freeze_max_age')::float8 as fma)
  select format('%I.%I', t.schemaname, t.relname) as table,
         (t.n_dead_tup > s.vt + s.vs * greatest(c.reltuples, 0)
           or t.n_ins_since_vacuum > s.it + s."is" * greatest(c.reltuples, 0)
           or age(c.relfrozenxid) > s.fma) as vacuum,
         t.n_mod_since_analyze > s.at + s."as" * greatest(c.reltuples, 0) as analyze
  from pg_stat_user_tables t
  join pg_class c on c.oid = t.relid
  cross join s
  order by t.n_dead_tup desc`;

/**
 * The autovacuum PGlite does not run (decision 158). PGlite is PostgreSQL in single-user mode: it
 * reports `autovacuum = on` but has no launcher, so without this a table's dead rows are never
 * reclaimed (a table whose rows are inserted and deleted grows by their size every time) and its
 * statistics are never gathered. One pass vacuums (and analyzes) or only analyzes each table that
 * PostgreSQL's autovacuum would pick with its default settings, one table at a time.
 */
export async function vacuumWhatAutovacuumWould(client: PGlite): Promise<TableMaintenance[]> {
  // A backend sends its table counters to the shared statistics at most once a second, when it
  // goes idle after a statement; single-user PostgreSQL has no idle timer to send the last ones.
  // Forced here, they are sent as this statement ends, before the next one reads them.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<TableNeed>(TABLES_DUE);
  const done: TableMaintenance[] = [];
  for (const need of rows) {
    if (!need.vacuum && !need.analyze) continue;
    const action = need.vacuum ? 'vacuum' : 'analyze';
    const started = performance.now();
    // The name comes from the catalog, quoted by format('%I'); VACUUM takes no parameters.
    await client.exec(need.vacuum ? `VACUUM (ANALYZE) ${need.table}` : `ANALYZE ${need.table}`);
    done.push({ table: need.table, action, ms: Math.round(performance.now() - started) });
  }
  return done;
}

/**
 * How long until the next pass: halfway between two multiples of the interval (every minute at
 * :30 for the default 60 s). Reminders are due on whole minutes, and a vacuum holds the embedded
 * database's one thread, so it keeps clear of their instants.
 */
export function msUntilNextVacuum(nowMs: number, intervalMs: number): number {
  const half = intervalMs / 2;
  const sinceMark = (((nowMs - half) % intervalMs) + intervalMs) % intervalMs;
  return intervalMs - sinceMark;
}

/**
 * Runs `pass` at every half-interval mark (msUntilNextVacuum) of `clock` until stopped; a pass
 * still running when the next is due is not doubled. Its timer does not keep the process alive.
 * The marks are read off the app's clock, the one reminders fall due by: where that clock is not
 * the system's (the reminder benchmark's moved clock), the passes still keep clear of the instants.
 */
function scheduleEmbeddedVacuum(
  pass: () => Promise<void>,
  intervalMs: number,
  clock: Clock,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const arm = () => {
    timer = setTimeout(
      () => {
        running = pass().finally(() => {
          if (!stopped) arm();
        });
      },
      msUntilNextVacuum(clock.now().getTime(), intervalMs),
    );
    timer.unref();
  };
  arm();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // The database closes after this: a pass under way finishes first.
      await running;
    },
  };
}

/** Where the passes are reported: the server's logger (pino), or any with the same methods. */
interface MaintenanceLog {
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Starts the passes of an embedded database's `maintain` (DatabaseHandle) every `intervalMs` of
 * `clock` (the app's): none for PostgreSQL, which has no `maintain`, or with 0. Each table is
 * reported as PostgreSQL's `log_autovacuum_min_duration` would: one that held the thread for a
 * second or more at info, the rest at debug. A failed pass is logged and the next one runs on time.
 */
export function startEmbeddedVacuum(
  maintain: (() => Promise<TableMaintenance[]>) | undefined,
  intervalMs: number,
  log: MaintenanceLog,
  clock: Clock,
): { stop(): Promise<void> } | undefined {
  if (!maintain || intervalMs <= 0) return undefined;
  const pass = async () => {
    try {
      for (const table of await maintain()) {
        if (table.ms >= 1000) log.info(table, 'embedded database maintained');
        else log.debug(table, 'embedded database maintained');
      }
    } catch (error) {
      log.warn({ err: error }, 'embedded database maintenance failed');
    }
  };
  return scheduleEmbeddedVacuum(pass, intervalMs, clock);
}
