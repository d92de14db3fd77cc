import path from 'node:path';
import { migrateToPostgres } from '../operations/migrate-to-postgres.service';
import { usage } from '../operations/operation-error';
import { runCli } from './cli-runner';

const HELP = `npm run migrate-to-postgres -- --to postgres://user:pass@host:5432/db [--from-backup FILE] [--data-dir DIR]

Copies an embedded installation (DATA_DIR, with its server stopped, or a backup file) into an empty
PostgreSQL database, verifies every table, and prints the settings to run on PostgreSQL from then on.`;

runCli(HELP, { to: { type: 'string' }, 'from-backup': { type: 'string' } }, async ({ values, dataDir }) => {
  if (typeof values.to !== 'string' || !/^postgres(ql)?:\/\//.test(values.to)) {
    throw usage(`--to postgres://… is required.\n\n${HELP}`);
  }
  const fromBackup =
    typeof values['from-backup'] === 'string' ? path.resolve(values['from-backup']) : undefined;
  const result = await migrateToPostgres({ dataDir, to: values.to, fromBackup });
  const width = Math.max(...result.tables.map((t) => t.name.length));
  return [
    `Copied ${fromBackup ?? dataDir} into PostgreSQL and verified every table (rows, md5 in key order):`,
    ...result.tables.map((t) => `  ${t.name.padEnd(width)}  ${String(t.rows).padStart(7)}  ${t.md5}`),
    '',
    'From now on run every server and worker with these settings (put them in your .env; they are secret):',
    ...Object.entries(result.settings).map(([name, value]) => `${name}=${value}`),
    result.secretsFromFile
      ? ''
      : '(No secrets.json was found: keep the JWT_SECRET, VAPID keys and ACTION_TOKEN_SECRET you already set.)',
    'For more than one process also set REDIS_URL=redis://… (shared queue, sign-in limits and live updates),',
    'and REMINDER_WORKER=off on servers when separate worker processes (worker.js) send the reminders.',
    `Keep ${dataDir} until the new setup has run for a while; the server no longer reads it for data.`,
  ].join('\n');
});
