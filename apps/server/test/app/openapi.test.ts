import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCTOR_REPORT_FILES } from '@medrem/contract';
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from '../../src/trpc/openapi-document';
import { contractCalls } from '../support/contract-calls';

type Operation = { security?: unknown[]; responses?: Record<string, unknown> };

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
    ].sort();
    const listed = Object.entries(document.paths)
      .flatMap(([p, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${p}`))
      .sort();
    expect(listed).toEqual(expected);
  });

  it('marks exactly the bearer calls as needing the Authorization scheme', async () => {
    const document = JSON.parse(await readFile(committedPath, 'utf8')) as {
      paths: Record<string, Record<string, Operation>>;
    };
    for (const definition of definitions) {
      const { method, path: route } = definition.meta.openapi;
      const operation = document.paths[route]?.[method.toLowerCase()];
      expect(operation, `${method} ${route}`).toBeDefined();
      const secured = (operation!.security ?? []).length > 0;
      expect(secured, `${method} ${route}`).toBe(definition.meta.access === 'bearer');
    }
    expect(document.paths[DOCTOR_REPORT_FILES.path]?.get?.security).toEqual([{ Authorization: [] }]);
  });

  it("gives each call's errors its own words, and a 409 wherever an idempotencyKey is taken", async () => {
    const document = JSON.parse(await readFile(committedPath, 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    for (const definition of definitions) {
      const { method, path: route, errorResponses } = definition.meta.openapi;
      const responses = document.paths[route]![method.toLowerCase()]!.responses;
      for (const [status, description] of Object.entries(errorResponses ?? {})) {
        expect(responses[status]?.description, `${method} ${route} ${status}`).toBe(description);
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
    expect(operation.parameters.map((p) => p.name)).toEqual(['userEmail', 'from', 'to', 'format']);
    const ok = operation.responses!['200'] as { content: Record<string, unknown> };
    expect(Object.keys(ok.content)).toEqual(['application/pdf', 'text/csv', 'application/fhir+json']);
    expect(Object.keys(operation.responses!)).toEqual(['200', '400', '401', '403']);
  });
});
