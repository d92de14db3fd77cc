import path from 'node:path';
import { createBackup } from '../operations/backup.service';
import { usage } from '../operations/operation-error';
import { runCli } from './cli-runner';

const HELP = `npm run backup -- --out FILE [--data-dir DIR]

One file (.tar.gz, mode 0600) holding the embedded database and DATA_DIR/secrets.json, taken
consistently while the server runs (or with no server running). PostgreSQL installations: pg_dump.`;

runCli(HELP, { out: { type: 'string' } }, async ({ values, dataDir, databaseUrl }) => {
  if (typeof values.out !== 'string') throw usage(`--out FILE is required.\n\n${HELP}`);
  const result = await createBackup({ dataDir, databaseUrl, out: path.resolve(values.out) });
  return [
    `Backup written to ${result.file} (${Math.ceil(result.bytes / 1024)} KiB, mode 0600).`,
    `Taken ${result.via === 'server' ? 'by the running server' : `from ${dataDir} (no server was running)`}; migrations ${result.migrations.join(', ') || 'none'}.`,
    result.withSecrets
      ? 'It holds your secrets (secrets.json): store it as carefully as the data directory itself.'
      : 'No secrets.json in DATA_DIR: your secrets come from the environment; keep them with this backup.',
  ].join('\n');
});
