import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const secretsFileSchema = z.object({ jwtSecret: z.string().min(32) }).passthrough();
export type Secrets = z.infer<typeof secretsFileSchema>;

/**
 * Secrets come from the environment when given; otherwise they are generated once and kept in
 * DATA_DIR/secrets.json (mode 0600), so tokens survive a restart and no secret is ever committed.
 */
export async function loadSecrets(
  dataDir: string,
  fromEnv: { jwtSecret?: string | undefined },
): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Secrets | undefined;
  try {
    stored = secretsFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`Cannot read ${file}: ${(error as Error).message}`);
    }
  }
  if (fromEnv.jwtSecret) return { ...stored, jwtSecret: fromEnv.jwtSecret };
  if (stored) return stored;
  const generated: Secrets = { jwtSecret: randomBytes(48).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      // Another process created it first: use theirs.
      if (error.code !== 'EEXIST') throw error;
    },
  );
  return secretsFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}
