import { askControlSocket } from './control-socket';
import { packBackup } from './backup-archive';
import {
  type EmbeddedSnapshot,
  assertEmbeddedInstall,
  readSecretsFile,
  takeSnapshot,
  withEmbeddedDatabase,
} from './embedded-install';
import { OperationError } from './operation-error';
import { writePrivateFile } from './private-file';

export interface BackupResult {
  file: string;
  bytes: number;
  migrations: string[];
  /** 'server': the running server took the copy; 'data-dir': no server ran, this process did. */
  via: 'server' | 'data-dir';
  withSecrets: boolean;
}

/**
 * One file holding the embedded database and DATA_DIR/secrets.json. With a server running, the copy
 * is taken by that server (the only process that may open the database) between two transactions;
 * otherwise this process opens the data directory itself, holding it against a server start.
 */
export async function createBackup(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  out: string;
  now?: Date;
}): Promise<BackupResult> {
  await assertEmbeddedInstall(options.dataDir, options.databaseUrl);
  const fromServer = await askControlSocket(options.dataDir, 'backup');
  let snapshot: EmbeddedSnapshot;
  if (fromServer) {
    if (fromServer.header.ok !== true || !fromServer.body) {
      throw new OperationError(`The server could not take the backup: ${String(fromServer.header.message)}`);
    }
    snapshot = { migrations: fromServer.header.migrations as string[], database: fromServer.body };
  } else {
    snapshot = await withEmbeddedDatabase(options.dataDir, takeSnapshot);
  }
  // Read after the database copy: a secret generated meanwhile (first start) is in the file by then.
  const secrets = await readSecretsFile(options.dataDir);
  const archive = packBackup({ createdAt: options.now ?? new Date(), ...snapshot, secrets });
  await writePrivateFile(options.out, archive);
  return {
    file: options.out,
    bytes: archive.length,
    migrations: snapshot.migrations,
    via: fromServer ? 'server' : 'data-dir',
    withSecrets: secrets !== undefined,
  };
}
