import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
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

// ─── Reminder engine (issue 4): VAPID keys and the action-token secret ───────────────────────────

export interface PushSecrets {
  vapidPublicKey: string;
  vapidPrivateKey: string;
  actionTokenSecret: string;
}

const pushSecretsSchema = z.object({
  vapidPublicKey: z.string().min(80),
  vapidPrivateKey: z.string().min(40),
  actionTokenSecret: z.string().min(32),
});

/**
 * The Web Push VAPID key pair and the key of notification action tokens: from the environment when
 * given, else generated once into DATA_DIR/secrets.json beside the JWT secret. Adding them to an
 * existing file happens under a lock file, so processes starting together agree on one key pair.
 */
export async function loadPushSecrets(
  dataDir: string,
  fromEnv: {
    vapidPublicKey?: string | undefined;
    vapidPrivateKey?: string | undefined;
    actionTokenSecret?: string | undefined;
  },
  generateVapidKeys: () => { publicKey: string; privateKey: string },
): Promise<PushSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  const read = async (): Promise<Record<string, unknown>> => {
    try {
      return z.record(z.string(), z.unknown()).parse(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new Error(`Cannot read ${file}: ${(error as Error).message}`);
    }
  };
  const withEnv = (stored: Record<string, unknown>): PushSecrets | undefined => {
    const merged = {
      ...stored,
      ...(fromEnv.vapidPublicKey && fromEnv.vapidPrivateKey
        ? { vapidPublicKey: fromEnv.vapidPublicKey, vapidPrivateKey: fromEnv.vapidPrivateKey }
        : {}),
      ...(fromEnv.actionTokenSecret ? { actionTokenSecret: fromEnv.actionTokenSecret } : {}),
    };
    const parsed = pushSecretsSchema.safeParse(merged);
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
      if (waited > 10_000)
        throw new Error(`${lock} is held for more than 10 s; remove it if no server is starting`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    const stored = await read();
    if (!pushSecretsSchema.safeParse(stored).success) {
      const vapid = generateVapidKeys();
      const next = {
        jwtSecret: randomBytes(48).toString('base64url'),
        ...stored,
        vapidPublicKey: stored.vapidPublicKey ?? vapid.publicKey,
        vapidPrivateKey: stored.vapidPrivateKey ?? vapid.privateKey,
        actionTokenSecret: stored.actionTokenSecret ?? randomBytes(48).toString('base64url'),
      };
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      await rename(temp, file);
    }
  } finally {
    await unlink(lock).catch(() => undefined);
  }
  const secrets = withEnv(await read());
  if (!secrets) throw new Error(`${file} lacks the push keys after generating them`);
  return secrets;
}
