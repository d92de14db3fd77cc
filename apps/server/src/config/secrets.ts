import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** Every secret a process needs: the access-token key, the Web Push VAPID pair, the action-token key. */
export interface Secrets {
  jwtSecret: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
  actionTokenSecret: string;
}
export type PushSecrets = Pick<Secrets, 'vapidPublicKey' | 'vapidPrivateKey' | 'actionTokenSecret'>;

/** The environment variable (config.ts) that sets each secret instead of DATA_DIR/secrets.json. */
export const SECRET_ENV_NAMES: Record<keyof Secrets, string> = {
  jwtSecret: 'JWT_SECRET',
  vapidPublicKey: 'VAPID_PUBLIC_KEY',
  vapidPrivateKey: 'VAPID_PRIVATE_KEY',
  actionTokenSecret: 'ACTION_TOKEN_SECRET',
};

export type SecretsFromEnv = { [K in keyof Secrets]?: string | undefined };

const secretsSchema = z.object({
  jwtSecret: z.string().min(32),
  vapidPublicKey: z.string().min(80),
  vapidPrivateKey: z.string().min(40),
  actionTokenSecret: z.string().min(32),
});

const LOCK_WAIT_MS = 10_000;

/**
 * Secrets come from the environment when given; otherwise they are generated once and kept in
 * DATA_DIR/secrets.json (mode 0600), so tokens and push subscriptions survive a restart and no secret
 * is ever committed. Generation happens under a lock file and the file is replaced by an atomic
 * rename, so processes starting together agree on one set and never read a half-written file.
 */
export async function loadSecrets(
  dataDir: string,
  fromEnv: SecretsFromEnv,
  generateVapidKeys: () => { publicKey: string; privateKey: string },
): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  const read = async (): Promise<Record<string, unknown>> => {
    try {
      return z.record(z.string(), z.unknown()).parse(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new Error(`Cannot read ${file}: ${(error as Error).message}`);
    }
  };
  const withEnv = (stored: Record<string, unknown>): Secrets | undefined => {
    const merged = { ...stored };
    if (fromEnv.jwtSecret) merged.jwtSecret = fromEnv.jwtSecret;
    // The VAPID pair only counts as given when both halves are.
    if (fromEnv.vapidPublicKey && fromEnv.vapidPrivateKey) {
      merged.vapidPublicKey = fromEnv.vapidPublicKey;
      merged.vapidPrivateKey = fromEnv.vapidPrivateKey;
    }
    if (fromEnv.actionTokenSecret) merged.actionTokenSecret = fromEnv.actionTokenSecret;
    const parsed = secretsSchema.safeParse(merged);
    return parsed.success ? parsed.data : undefined;
  };

  const ready = withEnv(await read());
  if (ready) return ready;

  await mkdir(dataDir, { recursive: true });
  const lock = `${file}.lock`;
  for (let waited = 0; ; waited += 50) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (waited > LOCK_WAIT_MS) {
        throw new Error(`${lock} is held for more than 10 s; remove it if no server is starting`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    // Re-read under the lock: another process may have completed the file meanwhile.
    const stored = await read();
    if (!secretsSchema.safeParse(stored).success) {
      const has = (key: keyof Secrets) => typeof stored[key] === 'string';
      const vapid = has('vapidPublicKey') && has('vapidPrivateKey') ? undefined : generateVapidKeys();
      const next = {
        ...stored,
        jwtSecret: has('jwtSecret') ? stored.jwtSecret : randomBytes(48).toString('base64url'),
        vapidPublicKey: vapid ? vapid.publicKey : stored.vapidPublicKey,
        vapidPrivateKey: vapid ? vapid.privateKey : stored.vapidPrivateKey,
        actionTokenSecret: has('actionTokenSecret')
          ? stored.actionTokenSecret
          : randomBytes(48).toString('base64url'),
      };
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      await rename(temp, file);
    }
  } finally {
    await unlink(lock).catch(() => undefined);
  }
  const secrets = withEnv(await read());
  if (!secrets) throw new Error(`${file} is incomplete after generating the missing secrets`);
  return secrets;
}
