/**
 * The reference of `npm run bench:api`: a bare Fastify 5 app with one route per benchmarked
 * endpoint, each doing the single indexed query that endpoint needs and nothing else (no auth, no
 * logging, no validation, no hooks). It opens the same database the app used: the PostgreSQL
 * database (postgres.js, the app's pool size) or the app's PGlite data directory after the app
 * has stopped. What the app reaches of this is the share of the framework's and the database's own
 * cost that it keeps.
 *
 *   node --import tsx bench/api-reference.server.ts   (PORT, DATABASE_URL or DATA_DIR)
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import path from 'node:path';
import postgres from 'postgres';
import { durableStartParams } from '../apps/server/src/db/embedded-durability';
import { EmbeddedGroupCommit, isReadStatement } from '../apps/server/src/db/embedded-group-commit';
import { appDatabasePoolSize } from './bench-support';

type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

async function openQuery(): Promise<{ query: Query; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const sql = postgres(url, {
      max: appDatabasePoolSize(),
      onnotice: () => undefined,
    });
    return {
      query: (text, params) => sql.unsafe(text, params as never[]),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  // The same durability as the app's embedded database (decision 014): a write answers once its
  // commit is on disk, through the same group commit. That cost belongs to the database, not to
  // the app's share of it.
  const db = await PGlite.create({
    dataDir: path.join(process.env.DATA_DIR ?? './data', 'pglite'),
    startParams: durableStartParams(),
  });
  const commits = new EmbeddedGroupCommit(db);
  return {
    query: async (text, params) => {
      if (isReadStatement(text)) return (await db.query<Record<string, unknown>>(text, params)).rows;
      // Counted for the group commit inside PGlite's lock, as the app's writes are.
      const { rows } = await commits.transaction(db, (tx) => tx.query<Record<string, unknown>>(text, params));
      return rows;
    },
    close: () => db.close(),
  };
}

const MEDICINES = `select m.*, coalesce((select sum(d.taken_count) from dose_records d where d.medicine_id = m.id), 0)::int as taken_total
  from medicines m where m.user_id = $1 order by m.created_at`;
const TAKEN = `select date::text, taken from dose_records where medicine_id = $1 and date = $2`;
const SET_TAKEN = `insert into dose_records (medicine_id, date, taken, taken_count) values ($1, $2, $3, $4)
  on conflict (medicine_id, date) do update set taken = excluded.taken, taken_count = excluded.taken_count, updated_at = now()
  returning date::text, taken`;
const NOTIFICATIONS = `select id, type, title, message, medicine_name, is_read, created_at from notifications
  where user_id = $1 order by created_at desc limit 50`;

/** The chart's one indexed read (issue 56): a type's readings of a range, oldest first. */
const SERIES = `select value, value2, value3, measured_at from measurements
  where user_id = $1 and type = 'blood-pressure' and measured_at >= now() - interval '365 days'
  order by measured_at, id`;

async function main(): Promise<void> {
  const database = await openQuery();
  const { query } = database;
  const app = Fastify({ logger: false });
  app.get('/health', () => ({ status: 'ok' }));
  app.get<{ Params: { user: string } }>('/medicines/:user', async (request) => ({
    findMedicine: await query(MEDICINES, [request.params.user]),
  }));
  app.get<{ Params: { id: string }; Querystring: { date: string } }>('/taken/:id', async (request) => {
    const [row] = await query(TAKEN, [request.params.id, request.query.date]);
    return { takenDay: row ?? null };
  });
  app.put<{ Params: { id: string }; Body: { date: string; taken: string } }>(
    '/taken/:id',
    async (request) => {
      const { date, taken } = request.body;
      const count = taken.split('-').filter((flag) => flag === '1').length;
      const [row] = await query(SET_TAKEN, [request.params.id, date, taken, count]);
      return { takenDay: row };
    },
  );
  app.get<{ Params: { user: string } }>('/refills/:user', async (request) =>
    query(MEDICINES, [request.params.user]),
  );
  app.get<{ Params: { user: string } }>('/notifications/:user', async (request) => ({
    notifications: await query(NOTIFICATIONS, [request.params.user]),
  }));
  app.get<{ Params: { user: string } }>('/series/:user', async (request) => ({
    points: await query(SERIES, [request.params.user]),
  }));
  const stop = () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3999) });
  console.log('reference listening');
}

void main();
