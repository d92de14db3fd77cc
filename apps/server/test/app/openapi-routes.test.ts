import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_IN_API_DOCUMENT } from '../../src/trpc/openapi-exclusions';
import { loadOpenApi } from '../fuzz/openapi-operations';
import { writeWebDist } from '../support/web-dist';
import { type TestServer, startTestServer } from '../support/test-server';

/**
 * Every route the server really serves is in openapi.json, or in the explicit list of what is not
 * public API (src/trpc/openapi-exclusions.ts, decision 272), and every documented operation is
 * served. The routes are read from the app as it adds them, with every optional part switched on
 * (OpenID Connect sign-in, a built web app), so a route added tomorrow without a document entry fails.
 */
describe('the routes of the app and the API document', () => {
  let server: TestServer;
  let webDist: string;
  const routes = new Set<string>();

  beforeAll(async () => {
    webDist = await writeWebDist({
      'index.html': '<!doctype html><title>app</title>',
      'assets/app-1.js': '',
    });
    server = await startTestServer({
      env: {
        WEB_DIST_DIR: webDist,
        OIDC_ISSUER: 'https://id.example.test',
        OIDC_CLIENT_ID: 'medrem',
        OIDC_CLIENT_SECRET: 'a-client-secret',
        METRICS_TOKEN: 'a-metrics-token-of-some-length',
      },
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          // Fastify adds HEAD beside each GET; the GET is what the document lists.
          if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
        }
      },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const documented = () =>
    new Set(
      Object.entries(loadOpenApi().paths).flatMap(([template, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${template}`),
      ),
    );
  /** Fastify's `:name` as OpenAPI's `{name}`. */
  const asTemplate = (route: string) => route.replace(/:(\w+)/g, '{$1}');

  it('documents every route it serves, except the listed ones', () => {
    const listed = documented();
    const missing = [...routes].filter(
      (route) => !listed.has(asTemplate(route)) && !NOT_IN_API_DOCUMENT.some((rule) => rule.matches(route)),
    );
    expect(missing).toEqual([]);
  });

  it('serves every operation it documents', () => {
    const served = new Set([...routes].map(asTemplate));
    expect([...documented()].filter((operation) => !served.has(operation))).toEqual([]);
  });

  it('excludes nothing it documents, and every exclusion still matches a route (none is stale)', () => {
    for (const rule of NOT_IN_API_DOCUMENT) {
      expect(
        [...routes].some((route) => rule.matches(route)),
        rule.why,
      ).toBe(true);
    }
    const excludedButListed = [...documented()].filter((operation) =>
      NOT_IN_API_DOCUMENT.some((rule) => rule.matches(operation)),
    );
    expect(excludedButListed).toEqual([]);
  });

  it('sees the routes the document leaves out, so the check above reads the whole app', () => {
    expect([...routes]).toEqual(
      expect.arrayContaining([
        'GET /api/auth/oidc/start',
        'GET /api/docs/json',
        'GET /assets/app-1.js',
        'GET /metrics',
      ]),
    );
  });
});
