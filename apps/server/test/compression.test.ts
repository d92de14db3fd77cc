import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from './support/test-database';
import { type TestServer, startTestServer } from './support/test-server';
import { writeWebDist } from './support/web-dist';

const precompressScript = fileURLToPath(new URL('../../web/scripts/precompress.mjs', import.meta.url));

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, not decoded (fetch would decode them). */
  body: Buffer;
}

function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  if (encoding === undefined) return answer.body;
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

const varyAcceptEncoding = (answer: RawAnswer) => String(answer.headers.vary ?? '').toLowerCase();

describe(`compression (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let webDist: string;
  let script: Buffer;
  let shell: Buffer;

  beforeAll(async () => {
    // A built app as `vite build` leaves it, then the build's own precompression step.
    shell = Buffer.from(
      `<!doctype html><title>app shell</title>${'<meta name="x" content="padding the shell">'.repeat(40)}`,
    );
    script = Buffer.from(
      Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i * 7} + "medicine";`).join('\n'),
    );
    webDist = await writeWebDist({
      'index.html': shell,
      'assets/index-abc123.js': script,
      'assets/tiny-abc123.js': 'x',
      'sw.js': `self.addEventListener("push", () => {});\n${'//pad\n'.repeat(300)}`,
    });
    execFileSync(process.execPath, [precompressScript, webDist]);
    server = await startTestServer({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('the build writes brotli and gzip beside each text file, and only where they are smaller', async () => {
    const asset = path.join(webDist, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(await readFile(`${asset}.br`)).equals(script)).toBe(true);
    expect(gunzipSync(await readFile(`${asset}.gz`)).equals(script)).toBe(true);
    await expect(readFile(path.join(webDist, 'assets', 'tiny-abc123.js.br'))).rejects.toThrow(/ENOENT/);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
  ])(
    'sends an asset to "Accept-Encoding: %s" as %s, decoding to the same bytes',
    async (accept, expected) => {
      const answer = await rawGet(`${server.baseUrl}/assets/index-abc123.js`, { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(expected);
      expect(varyAcceptEncoding(answer)).toContain('accept-encoding');
      expect(answer.headers['content-type']).toContain('javascript');
      expect(answer.headers['cache-control']).toContain('immutable');
      expect(answer.body.length).toBeLessThan(script.length / 3);
      expect(decode(answer).equals(script)).toBe(true);
    },
  );

  it('sends the file itself to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const answer = await rawGet(`${server.baseUrl}/assets/index-abc123.js`, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(varyAcceptEncoding(answer)).toContain('accept-encoding');
      expect(answer.body.equals(script)).toBe(true);
    }
  });

  it('keeps the service worker headers when it is sent compressed', async () => {
    const answer = await rawGet(`${server.baseUrl}/sw.js`, { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['service-worker-allowed']).toBe('/');
    expect(decode(answer).toString()).toContain('addEventListener("push"');
  });

  it('sends the app shell of a page URL compressed, under the strict CSP', async () => {
    const answer = await rawGet(`${server.baseUrl}/medication`, { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(decode(answer).equals(shell)).toBe(true);
  });

  it('compresses API JSON above 1 KiB, and leaves small answers as they are', async () => {
    const identity = await rawGet(`${server.baseUrl}/api/docs/json`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    const document: unknown = JSON.parse(identity.body.toString());
    expect(identity.body.length).toBeGreaterThan(1024);

    for (const encoding of ['br', 'gzip']) {
      const answer = await rawGet(`${server.baseUrl}/api/docs/json`, { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(varyAcceptEncoding(answer)).toContain('accept-encoding');
      expect(JSON.parse(decode(answer).toString())).toEqual(document);
    }

    const small = await rawGet(`${server.baseUrl}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ status: 'ok', mail: 'files' });
  });
});
