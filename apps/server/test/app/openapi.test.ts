import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCTOR_REPORT_FILES } from '@medrem/contract';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/plugins/routes/request-context';
import { createOpenApiDocument } from '../../src/trpc/openapi-document';
import { SESSION_COOKIE_NAME } from '../../src/trpc/openapi-security';
import { contractCalls } from '../support/contract-calls';

type Operation = {
  security?: unknown[];
  responses?: Record<string, unknown>;
  description?: string;
  'x-required-scope'?: string;
};

const committedPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../openapi.json');
// Every REST call of the contract (the live stream is tRPC only and has no REST path).
const definitions = contractCalls.map((call) => call.definition);

describe('openapi.json', () => {
  it('is the document generated from the contract, as `npm run openapi` writes it', async () => {
    const committed = await readFile(committedPath, 'utf8');
    expect(committed, 'openapi.json is stale: run `npm run openapi` and commit it').toBe(
      `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`,
    );
  });

  it('lists every call of the contract at its path and method, the file route, and nothing else', async () => {
    const document = JSON.parse(await readFile(committedPath, 'utf8')) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const expected = [
      ...definitions.map((d) => `${d.meta.openapi.method} ${d.meta.openapi.path}`),
      `GET ${DOCTOR_REPORT_FILES.path}`,
      'GET /api/calendar/{file}',
      'GET /metrics',
    ].sort();
    const listed = Object.entries(document.paths)
      .flatMap(([p, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${p}`))
      .sort();
    expect(listed).toEqual(expected);
  });

  it('gives each bearer call the JWT scheme, and the personal-token scheme with its scope unless it is account-only', async () => {
    const document = JSON.parse(await readFile(committedPath, 'utf8')) as {
      paths: Record<string, Record<string, Operation>>;
    };
    for (const definition of definitions) {
      const { method, path: route } = definition.meta.openapi;
      const operation = document.paths[route]?.[method.toLowerCase()];
      expect(operation, `${method} ${route}`).toBeDefined();
      const { access, scope } = definition.meta;
      const expected =
        access === 'session'
          ? [{ SessionCookie: [] }, {}]
          : access !== 'bearer'
            ? []
            : scope === 'account'
              ? [{ BearerJwt: [] }]
              : [{ BearerJwt: [] }, { PersonalAccessToken: [scope] }];
      expect(operation!.security ?? [], `${method} ${route}`).toEqual(expected);
      if (access === 'bearer') expect(operation!['x-required-scope'], `${method} ${route}`).toBe(scope);
      if (scope === 'account')
        expect(operation!.description).toMatch(/Personal access tokens cannot call this/);
    }
    expect(SESSION_COOKIE_NAME).toBe(SESSION_COOKIE);
    expect(document.paths[DOCTOR_REPORT_FILES.path]?.get?.security).toEqual([
      { BearerJwt: [] },
      { PersonalAccessToken: ['read'] },
    ]);
  });

  it("gives each call's errors its own words, and a 409 wherever an idempotencyKey is taken", async () => {
    const document = JSON.parse(await readFile(committedPath, 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    for (const definition of definitions) {
      const { method, path: route, errorResponses } = definition.meta.openapi;
      const responses = document.paths[route]![method.toLowerCase()]!.responses;
      for (const [status, description] of Object.entries(errorResponses ?? {})) {
        // A 429 of its own also names the per-IP limit every call has (decision 272).
        const words = responses[status]?.description ?? '';
        expect(
          status === '429' ? words.slice(0, description.length) : words,
          `${method} ${route} ${status}`,
        ).toBe(description);
      }
      const shape = (definition.input as { shape?: Record<string, unknown> }).shape ?? {};
      if ('idempotencyKey' in shape) {
        expect(responses['409']?.description, `${method} ${route}`).toMatch(
          /idempotencyKey was already used/,
        );
      }
    }
    // Two calls whose 409s mean different things (the generator once gave every 409 the first's words).
    expect(document.paths['/api/user/{userEmail}/settings']!.put!.responses['409']!.description).toBe(
      'A removed time is still used by medicines',
    );
  });

  it('documents the report files with their media types and the format parameter', async () => {
    const document = JSON.parse(await readFile(committedPath, 'utf8')) as {
      paths: Record<string, Record<string, Operation & { parameters: { name: string }[] }>>;
    };
    const operation = document.paths[DOCTOR_REPORT_FILES.path]!.get!;
    // The journal's parts are asked for by name (issue 56): which readings, and the symptoms.
    expect(operation.parameters.map((p) => p.name)).toEqual([
      'userEmail',
      'from',
      'to',
      'measurements',
      'symptoms',
      'format',
    ]);
    const ok = operation.responses!['200'] as { content: Record<string, unknown> };
    expect(Object.keys(ok.content)).toEqual(['application/pdf', 'text/csv', 'application/fhir+json']);
    expect(Object.keys(operation.responses!)).toEqual(['200', '400', '401', '403', '429', '503']);
  });

  it('has an example for every request body, split from the contract’s example (decision 273)', async () => {
    const document = JSON.parse(await readFile(committedPath, 'utf8')) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>
      >;
    };
    const withoutExample = Object.entries(document.paths).flatMap(([route, operations]) =>
      Object.entries(operations)
        .filter(
          ([, operation]) =>
            operation.requestBody && operation.requestBody.content['application/json']?.example === undefined,
        )
        .map(([method]) => `${method} ${route}`),
    );
    expect(withoutExample).toEqual([]);
    const tick =
      document.paths['/api/medicine/{id}/dose']!.put!.requestBody!.content['application/json']!.example;
    // The path's id is a parameter's example, not a body field.
    expect(tick).toEqual(expect.not.objectContaining({ id: expect.anything() }));
    expect(tick).toMatchObject({ slot: 0, taken: true });
  });
});
