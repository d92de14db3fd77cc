import { chmod, mkdir, rename, unlink } from 'node:fs/promises';
import { type Server, createConnection, createServer } from 'node:net';
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

export interface ControlReply {
  header: Record<string, unknown>;
  body?: Uint8Array;
}
export type ControlHandler = (command: string) => Promise<ControlReply>;

export interface ControlSocket {
  close(): Promise<void>;
}

export const controlSocketPath = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

/**
 * Claims DATA_DIR for this process: refuses when another process answers on its control socket,
 * removes a stale socket (a process killed without closing), and listens there until close().
 */
export async function claimControlSocket(dataDir: string, handler: ControlHandler): Promise<ControlSocket> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw refused(
      `DATA_DIR ${dataDir} is too long a path for its control socket (${MAX_SOCKET_PATH - CONTROL_SOCKET.length - 1} bytes at most): move it, or point DATA_DIR at a shorter symlink to it.`,
    );
  }
  if (await askControlSocket(dataDir, 'ping')) {
    throw refused(
      `Another process is using DATA_DIR ${dataDir} (a running server, or a backup, restore or move): stop it first.`,
    );
  }
  await unlink(socketPath).catch(ignoreMissing);
  await mkdir(dataDir, { recursive: true });
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
