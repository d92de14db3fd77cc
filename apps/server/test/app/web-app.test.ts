import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';

describe(`serving the web app (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'medrem-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>app shell</title>');
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("push", () => {})');
    server = await startTestServer({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/medication', '/update-medicine/7d3c1f0e-6a4e-4a8e-9a43-2f6a1c6d9b10'])(
    'answers the page URL %s with the app shell, under the strict CSP',
    async (url) => {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('app shell');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets as immutable and the service worker as always re-checked', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const worker = await fetch(`${server.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
  });

  it('answers a missing file with 404, never with the app shell', async () => {
    const response = await fetch(`${server.baseUrl}/assets/index-old999.js`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('app shell');
  });

  it('answers unknown API paths with JSON 404s', async () => {
    for (const url of ['/api/nothing', '/trpc', '/jwt/extra']) {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status, url).toBe(404);
      expect(((await response.json()) as { message: string }).message).toContain('No such endpoint');
    }
  });
});
