import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';

describe(`health and platform (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers ok once migrations have run', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', mail: 'files' });
  });

  // Decision 278: a first embedded start (initdb and every migration) on a small or loaded machine
  // outlasted Fastify's default 10 s per plugin and the server exited.
  it('waits for its plugins however long the database start takes', () => {
    expect(server.app.initialConfig.pluginTimeout).toBe(0);
  });

  it('sends an API answer the security headers that apply to JSON, and no page policies', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    // Nothing may load or frame it, were it ever opened as a page (decision 133).
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Page-only policies and the rate limit's counters (only on a refusal) stay off.
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
  });

  it('sends a page the whole set with a strict CSP', async () => {
    const response = await fetch(`${server.baseUrl}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    // WebAssembly only (the pack scanner's decoder, decision 328): never eval() of JavaScript.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+; includeSubDomains$/);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${server.baseUrl}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining('/api/nope') });
  });

  it('serves the interactive API docs', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/api/medicine/{id}/taken');
  });
});
