import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../../src/lib/api-paths';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';
import { writeWebDist } from '../support/web-dist';

const PER_MINUTE = 5;

/**
 * The per-IP ceiling counts API calls only: one load of the split web app fetches about 40 files,
 * and counting them made a few page loads from one address spend the whole API budget.
 */
describe(`per-IP request ceiling (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = await writeWebDist({
      'index.html': '<!doctype html><title>app</title>',
      'assets/app-1234.js': 'console.log(1);',
    });
    server = await startTestServer({
      env: { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), WEB_DIST_DIR: webDist },
    });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const statuses = async (url: string, times: number) => {
    const out: number[] = [];
    for (let i = 0; i < times; i += 1) out.push((await fetch(`${server.baseUrl}${url}`)).status);
    return out;
  };

  it('serves the web app’s files and page URLs however often they are loaded', async () => {
    expect(await statuses('/assets/app-1234.js', PER_MINUTE * 4)).toEqual(Array(PER_MINUTE * 4).fill(200));
    expect(await statuses('/medication', PER_MINUTE * 2)).toEqual(Array(PER_MINUTE * 2).fill(200));
  });

  it('still refuses API calls above the ceiling, with a readable message', async () => {
    const api = '/api/auth/providers';
    expect(await statuses(api, PER_MINUTE + 2)).toEqual([...Array(PER_MINUTE).fill(200), 429, 429]);
    const refused = await fetch(`${server.baseUrl}${api}`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: /Too many requests/ });
    // The refusal says when to come back; answers under the limit carry no counters (decision 133).
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(PER_MINUTE));
  });

  it('never refuses the health probe, even from an address over its ceiling (decision 013)', async () => {
    // A load balancer's checks come from the address whose traffic it forwards: a 429 would mark a
    // healthy server down just when it is busiest.
    expect((await fetch(`${server.baseUrl}/api/auth/providers`)).status).toBe(429);
    expect(await statuses('/api/health', PER_MINUTE * 3)).toEqual(Array(PER_MINUTE * 3).fill(200));
    // The probes neither reset nor shared the address's count: it is still over its ceiling.
    expect((await fetch(`${server.baseUrl}/api/auth/providers`)).status).toBe(429);
  });

  it('tells API paths from the web app’s by their first segment only', () => {
    for (const api of ['/api', '/api/health', '/trpc/user.get?input=1', '/jwt', '/jwt?x=1']) {
      expect(isApiPath(api), api).toBe(true);
    }
    for (const web of ['/', '/apis', '/api-docs.html', '/assets/api.js', '/jwtx', '/medication']) {
      expect(isApiPath(web), web).toBe(false);
    }
  });
});
