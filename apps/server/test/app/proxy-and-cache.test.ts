import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { ApiClient } from '../support/api-client';
import { signedInUser, uniqueEmail } from '../support/scenario';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';

const MAX_PER_IP = 3;

describe(`client address behind a proxy, and caching (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES_PER_IP: String(MAX_PER_IP) },
    });
  });
  afterAll(() => server.close());

  it('reads TRUST_PROXY as hops or addresses, never as "trust every sender" (finding 3)', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(() => trust('true')).toThrow(/TRUST_PROXY/);
    expect(() => trust('1')).toThrow(/TRUST_PROXY/);
    expect(trust('false')).toBe(false);
    expect(trust('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    expect(trust('10.0.0.1, 172.16.0.0/12')).toEqual(['10.0.0.1', '172.16.0.0/12']);
    expect(() => trust('everyone')).toThrow(/TRUST_PROXY/);
  });

  it('does not let a client escape the per-IP sign-in limit by naming its own address (finding 3)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX_PER_IP + 2; i += 1) {
      const response = await new ApiClient(server.baseUrl).post(
        '/api/auth/login',
        { email: uniqueEmail('spoof'), password: 'wrong-password' },
        // What a client sends through one proxy: its own made-up entry, then the proxy's.
        { headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` } },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('does not publish the app and trusts only the proxy in docker-compose.yml (finding 3)', async () => {
    const compose = await readFile(path.resolve(__dirname, '../../../../docker-compose.yml'), 'utf8');
    expect(compose).not.toMatch(/TRUST_PROXY:\s*'?true'?/);
    // Exactly the proxy's fixed address (decision 113; test/infra checks it against the proxy service).
    const trusted = [...compose.matchAll(/TRUST_PROXY:\s*'?([^'\s]+)'?/g)].map((m) => m[1]);
    const proxyAddress = /ipv4_address:\s*'?([\d.]+)'?/.exec(compose)?.[1];
    expect(proxyAddress).toBeDefined();
    expect(trusted).toEqual([proxyAddress]);
    // Only the proxy's port is published; the app's 3000 is reachable only inside the network.
    const published = [...compose.matchAll(/^\s*-\s*'([^']*:\d+)'/gm)].map((m) => m[1]);
    expect(published).toEqual(['8080:8080']);
  });

  it('answers every API call with Cache-Control: no-store, errors included (finding 10)', async () => {
    const user = await signedInUser(server, { label: 'cache' });
    const answers = [
      await user.api.get(`/api/user/${user.id}`),
      await user.api.get('/api/auth/session'),
      await user.api.post('/jwt', { email: user.email }),
      await new ApiClient(server.baseUrl).post('/jwt', { email: user.email }),
      await user.api.get(`/trpc/user.get?input=${encodeURIComponent(JSON.stringify({ id: user.id }))}`),
      await new ApiClient(server.baseUrl).get('/api/no-such-route'),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('cache-control'), answer.text).toBe('no-store');
    }
  });
});
