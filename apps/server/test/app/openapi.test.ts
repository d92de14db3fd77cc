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
