import path from 'node:path';
import { restoreBackup } from '../operations/restore.service';
import { usage } from '../operations/operation-error';
import { runCli } from './cli-runner';

const HELP = `npm run restore -- FILE [--data-dir DIR]

Restores a backup made by \`npm run backup\` into an EMPTY DATA_DIR: checks the file's checksums,
writes the database and secrets.json, opens it and applies this version's migrations.`;

runCli(HELP, {}, async ({ positionals, dataDir }) => {
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw usage(`Give exactly one backup file.\n\n${HELP}`);
  const result = await restoreBackup({ file: path.resolve(file), dataDir });
  const added = result.migrations.filter((m) => !result.manifest.migrations.includes(m));
  return [
    `Restored the backup of ${result.manifest.createdAt} into ${dataDir}: ${result.users} user(s).`,
    added.length > 0
      ? `Upgraded with the migrations ${added.join(', ')}.`
      : 'Its database was already current.',
    `Start the server with DATA_DIR=${dataDir}.`,
  ].join('\n');
});
