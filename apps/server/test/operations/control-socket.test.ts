import { mkdir, mkdtemp, realpath, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ControlSocket,
  askControlSocket,
  claimControlSocket,
  controlSocketPath,
} from '../../src/operations/control-socket';

/**
 * The control socket is DATA_DIR's lock and the running server's backup door (decision 114). A Unix
 * socket's path holds about 100 bytes, and a DATA_DIR may be deeper than that: the socket then lives
 * in a private folder under the temp dir named after DATA_DIR's real path.
 */
describe('the control socket of DATA_DIR', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  const holder = async (dataDir: string): Promise<ControlSocket> => {
    const socket = await claimControlSocket(dataDir, async (command) => ({ header: { ok: true, command } }));
    cleanup.push(() => socket.close());
    return socket;
  };

  it('lives in DATA_DIR when the path is short enough, mode 0600', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-sock-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    await holder(dataDir);
    expect(controlSocketPath(dataDir)).toBe(path.join(await realpath(dataDir), 'control.sock'));
    expect((await stat(controlSocketPath(dataDir))).mode & 0o777).toBe(0o600);
    expect((await askControlSocket(dataDir, 'ping'))?.header).toMatchObject({ ok: true, command: 'ping' });
  });

  it('serves and locks a DATA_DIR too deep for a socket path, by any path to it', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'medrem-deep-'));
    cleanup.push(() => rm(base, { recursive: true, force: true }));
    const deep = path.join(
      base,
      'a-folder-name-of-forty-characters-long-x',
      'another-folder-of-forty-characters-long',
      'data',
    );
    await mkdir(deep, { recursive: true });
    expect(Buffer.byteLength(path.join(deep, 'control.sock'))).toBeGreaterThan(103);

    await holder(deep);
    const socketPath = controlSocketPath(deep);
    expect(path.dirname(path.dirname(socketPath))).toBe(tmpdir());
    expect((await stat(path.dirname(socketPath))).mode & 0o777).toBe(0o700);
    expect((await stat(socketPath)).mode & 0o777).toBe(0o600);
    expect((await askControlSocket(deep, 'ping'))?.header).toMatchObject({ ok: true });

    // The same folder through a symlink is the same DATA_DIR: a second holder is refused.
    const link = path.join(base, 'link');
    await symlink(deep, link);
    await expect(claimControlSocket(link, async () => ({ header: {} }))).rejects.toThrow(
      /Another process is using DATA_DIR/,
    );
  });
});
