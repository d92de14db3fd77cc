import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { damaged, refused } from './operation-error';
import { packTar, unpackTar } from './tar-format';

/**
 * A backup is one .tar.gz: manifest.json first, then secrets.json (when the installation keeps its
 * secrets in DATA_DIR) and pglite.tar (PGlite's own dump of its data directory). The manifest holds
 * a SHA-256 per part, so a restore can tell a damaged or altered file before it writes anything.
 */
export const BACKUP_FORMAT = 'medicine-reminder-backup';
export const BACKUP_VERSION = 1;
export const PART = { secrets: 'secrets.json', database: 'pglite.tar' } as const;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  /** The migrations the database had when it was copied (tags from the migration journal). */
  migrations: z.array(z.string()),
  parts: z.record(z.string(), z.object({ bytes: z.number().int().min(0), sha256: z.string() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export interface BackupContents {
  manifest: BackupManifest;
  database: Uint8Array;
  secrets?: Uint8Array;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

export function packBackup(contents: {
  createdAt: Date;
  migrations: string[];
  database: Uint8Array;
  secrets?: Uint8Array | undefined;
}): Buffer {
  const parts = [
    ...(contents.secrets ? [{ name: PART.secrets, data: contents.secrets }] : []),
    { name: PART.database, data: contents.database },
  ];
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: contents.createdAt.toISOString(),
    migrations: contents.migrations,
    parts: Object.fromEntries(parts.map((p) => [p.name, { bytes: p.data.length, sha256: sha256(p.data) }])),
  };
  const manifestEntry = {
    name: 'manifest.json',
    data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
  };
  return gzipSync(packTar([manifestEntry, ...parts], contents.createdAt));
}

/** Reads and checks a backup completely; throws a `damaged` OperationError on any mismatch. */
export function unpackBackup(file: Buffer): BackupContents {
  let tar: Buffer;
  try {
    tar = gunzipSync(file);
  } catch (error) {
    throw damaged(
      `This is not a Medicine Reminder backup, or the file is truncated or damaged (${(error as Error).message}).`,
    );
  }
  const entries = new Map(unpackTar(tar).map((e) => [e.name, e.data]));
  const manifestData = entries.get('manifest.json');
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(Buffer.from(manifestData ?? '').toString('utf8')));
  } catch {
    throw damaged('This is not a Medicine Reminder backup (no readable manifest.json of format version 1).');
  }
  for (const [name, expected] of Object.entries(manifest.parts)) {
    const data = entries.get(name);
    if (!data) throw damaged(`The backup is incomplete: ${name} is listed in its manifest but missing.`);
    if (data.length !== expected.bytes || sha256(data) !== expected.sha256) {
      throw damaged(`The backup is damaged: ${name} does not match the SHA-256 in its manifest.`);
    }
  }
  const database = manifest.parts[PART.database] && entries.get(PART.database);
  if (!database) throw damaged('The backup holds no database (pglite.tar).');
  const secrets = manifest.parts[PART.secrets] ? entries.get(PART.secrets) : undefined;
  return { manifest, database, ...(secrets ? { secrets } : {}) };
}

/** Reads a backup file and checks it (unpackBackup); a missing file is the operator's slip, said plainly. */
export async function readBackup(file: string): Promise<BackupContents> {
  const data = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw refused(`Cannot read the backup file ${file} (${error.code ?? error.message}).`);
  });
  return unpackBackup(data);
}
