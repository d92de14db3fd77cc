import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { chmod, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { type Server, createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OperationError, refused } from './operation-error';

/**
 * PGlite is one process's database: a second process opening DATA_DIR/pglite while a server runs
 * would corrupt it. So whoever has the embedded database open (the server, or a backup, restore or
 * move command) holds DATA_DIR/control.sock, a Unix socket of mode 0600 that only the user owning
 * DATA_DIR can reach. A process that finds it answering keeps out; the server answers `backup` on it
 * with a snapshot of the database it has open (decision 114).
 */
export const CONTROL_SOCKET = 'control.sock';

// sun_path holds 108 bytes on Linux (104 on macOS), the terminating NUL included.
const MAX_SOCKET_PATH = 103;
// The socket is bound as `<path>.<pid>` first (see claimControlSocket): room for a dot and 7 digits.
const PRIVATE_SUFFIX_BYTES = 8;

export interface ControlReply {
  header: Record<string, unknown>;
  body?: Uint8Array;
}
export type ControlHandler = (command: string) => Promise<ControlReply>;

export interface ControlSocket {
  close(): Promise<void>;
}

/**
 * DATA_DIR/control.sock, or, when DATA_DIR is too deep a path for a Unix socket, a socket in a
 * private folder (0700) under the temp dir named after DATA_DIR's real path, so every process that
 * opens the same DATA_DIR, by whatever path, meets the same socket.
 */
export function controlSocketPath(dataDir: string): string {
  // Decided on the real path: a short symlink to a deep DATA_DIR must find the same socket.
  const real = realPath(dataDir);
  const inDataDir = path.join(real, CONTROL_SOCKET);
  if (Buffer.byteLength(inDataDir) + PRIVATE_SUFFIX_BYTES <= MAX_SOCKET_PATH) return inDataDir;
  const id = createHash('sha256').update(real).digest('hex').slice(0, 24);
  return path.join(tmpdir(), `medrem-${id}`, CONTROL_SOCKET);
}

function realPath(dataDir: string): string {
  try {
    return realpathSync(dataDir);
  } catch {
    return path.resolve(dataDir);
  }
}

/** The folder of a socket outside DATA_DIR must be this user's alone, or another user could take it. */
async function privateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const info = await stat(folder);
  if ((process.getuid && info.uid !== process.getuid()) || (info.mode & 0o077) !== 0) {
    throw refused(`${folder} (the control socket's folder) must belong to this user alone, mode 0700.`);
  }
}

/**
 * Claims DATA_DIR for this process: refuses when another process answers on its control socket,
 * removes a stale socket (a process killed without closing), and listens there until close().
 */
export async function claimControlSocket(dataDir: string, handler: ControlHandler): Promise<ControlSocket> {
  await mkdir(dataDir, { recursive: true });
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) + PRIVATE_SUFFIX_BYTES > MAX_SOCKET_PATH) {
    throw refused(
      `Neither DATA_DIR ${dataDir} nor the temp dir ${tmpdir()} is a short enough path for the control socket: set TMPDIR to a shorter one.`,
    );
  }
  if (socketPath !== path.join(realPath(dataDir), CONTROL_SOCKET))
    await privateFolder(path.dirname(socketPath));
  if (await askControlSocket(dataDir, 'ping')) {
    throw refused(
      `Another process is using DATA_DIR ${dataDir} (a running server, or a backup, restore or move): stop it first.`,
    );
  }
  await unlink(socketPath).catch(ignoreMissing);
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    let command = '';
    socket.on('data', (chunk: Buffer) => {
      command += chunk.toString('utf8');
      if (!command.includes('\n') || socket.destroyed) return;
      socket.pause();
      void handler(command.slice(0, command.indexOf('\n')).trim())
        .catch((error: unknown): ControlReply => ({
          header: { ok: false, message: (error as Error).message },
        }))
        .then((reply) => {
          const header = { ...reply.header, bytes: reply.body?.length ?? 0 };
          socket.write(`${JSON.stringify(header)}\n`);
          socket.end(reply.body ?? '');
        });
    });
    socket.on('error', () => undefined);
  });
  // Bound under a private name and made 0600 before it appears as control.sock, so no other local
  // user can slip in between listen and chmod.
  const privatePath = `${socketPath}.${process.pid}`;
  await unlink(privatePath).catch(ignoreMissing);
  await listen(server, privatePath);
  await chmod(privatePath, 0o600);
  await rename(privatePath, socketPath);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(socketPath).catch(ignoreMissing);
    },
  };
}

/**
 * Sends one command to the process holding DATA_DIR; undefined when none does (no socket, or a
 * stale one nobody listens on).
 */
export async function askControlSocket(dataDir: string, command: string): Promise<ControlReply | undefined> {
  const socket = createConnection(controlSocketPath(dataDir));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const outcome = await new Promise<'answered' | 'nobody'>((resolve, reject) => {
    socket.once('connect', () => socket.end(`${command}\n`));
    socket.once('end', () => resolve('answered'));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve('nobody');
      else if (error.code === 'EACCES') {
        reject(
          refused(
            `${controlSocketPath(dataDir)} belongs to another user: run this command as the user that runs the server.`,
          ),
        );
      } else reject(new OperationError(`The control socket in DATA_DIR failed: ${error.message}`));
    });
  });
  if (outcome === 'nobody') return undefined;
  const all = Buffer.concat(chunks);
  const newline = all.indexOf(10);
  const cutOff = new OperationError('The answer on the control socket was cut off; try again.');
  if (newline < 0) throw cutOff;
  const header = JSON.parse(all.subarray(0, newline).toString('utf8')) as Record<string, unknown>;
  const body = all.subarray(newline + 1);
  if (body.length !== header.bytes) throw cutOff;
  return { header, body };
}

function listen(server: Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
