import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port';

export const EMULATOR_PROJECT = 'demo-medrem';
export const EMULATOR_API_KEY = 'demo-api-key';

export interface FirebaseAuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  stop(): Promise<void>;
}

const STARTUP_MS = 90_000;

/**
 * Starts the Firebase Auth emulator from the firebase-tools npm package (no Java, no network) on
 * free ports — its hub and logging ports too — in a throw-away folder, and waits until it answers.
 */
export async function startFirebaseAuthEmulator(
  projectId = EMULATOR_PROJECT,
  /** Fixed ports (the E2E server must know the emulator's before it starts); free ones otherwise. */
  ports?: { auth: number; hub: number; logging: number },
): Promise<FirebaseAuthEmulator> {
  const authPort = ports?.auth ?? (await freePort());
  const hubPort = ports?.hub ?? (await freePort());
  const loggingPort = ports?.logging ?? (await freePort());
  const dir = await mkdtemp(path.join(tmpdir(), 'medrem-firebase-'));
  await writeFile(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
      },
    }),
  );
  const cli = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', 'auth', '--project', projectId],
    {
      cwd: dir,
      env: { ...process.env, HOME: dir, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const host = `127.0.0.1:${authPort}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`http://${host}/`);
      if (response.ok) return { host, projectId, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The Firebase Auth emulator did not start:\n${output}`);
}

/** Google account claims the emulator accepts as a fake Google ID token. */
export interface FakeGoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

/**
 * Signs in to the emulator the way Firebase Auth does after Google's popup, and returns the
 * Firebase ID token (and uid) the web SDK would hand to our server.
 */
export async function emulatorIdToken(
  emulator: Pick<FirebaseAuthEmulator, 'host'>,
  account: FakeGoogleAccount,
): Promise<{ idToken: string; uid: string }> {
  const response = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${EMULATOR_API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(JSON.stringify(account))}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnIdpCredential: true,
        returnSecureToken: true,
      }),
    },
  );
  const body = (await response.json()) as { idToken?: string; localId?: string; error?: unknown };
  if (!response.ok || !body.idToken || !body.localId) {
    throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  }
  return { idToken: body.idToken, uid: body.localId };
}

/** Whether the emulator still has this user (account deletion must remove it). */
export async function emulatorHasUser(emulator: FirebaseAuthEmulator, uid: string): Promise<boolean> {
  const response = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  const body = (await response.json()) as { users?: unknown[] };
  return (body.users?.length ?? 0) > 0;
}
