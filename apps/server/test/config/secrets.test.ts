import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecrets } from '../../src/config/secrets';

const generate = () => webpush.generateVAPIDKeys();

describe('secrets: configured, or generated once into DATA_DIR', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-secrets-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('generates every secret once, owner-readable only, and reads the same ones back', async () => {
    const first = await loadSecrets(dataDir, {}, generate);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.vapidPublicKey.length).toBeGreaterThanOrEqual(80);
    expect(first.actionTokenSecret).not.toBe(first.jwtSecret);
    expect((await stat(path.join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    expect(await loadSecrets(dataDir, {}, generate)).toEqual(first);
  });

  it('lets processes starting together agree on one set (lock + atomic replace)', async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => loadSecrets(dataDir, {}, generate)));
    for (const secrets of all) expect(secrets).toEqual(all[0]);
  });

  it('completes an older file without replacing what it holds', async () => {
    const jwtSecret = 'x'.repeat(48);
    await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify({ jwtSecret }), { mode: 0o600 });
    const secrets = await loadSecrets(dataDir, {}, generate);
    expect(secrets.jwtSecret).toBe(jwtSecret);
    const stored = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect(stored.vapidPrivateKey).toBe(secrets.vapidPrivateKey);
  });

  it('prefers the environment, and takes the VAPID pair only whole', async () => {
    const env = { jwtSecret: 'j'.repeat(40), actionTokenSecret: 'a'.repeat(40), vapidPublicKey: 'only-half' };
    const secrets = await loadSecrets(dataDir, env, generate);
    expect(secrets.jwtSecret).toBe(env.jwtSecret);
    expect(secrets.actionTokenSecret).toBe(env.actionTokenSecret);
    expect(secrets.vapidPublicKey).not.toBe('only-half');
  });

  it('refuses a corrupt file instead of silently replacing the keys in it', async () => {
    await writeFile(path.join(dataDir, 'secrets.json'), '{"jwtSecret": ');
    await expect(loadSecrets(dataDir, {}, generate)).rejects.toThrow(/Cannot read/);
  });
});
