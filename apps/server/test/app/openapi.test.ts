import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

  it('lists every call of the contract at its path and method, and nothing else', async () => {
    const document = JSON.parse(await readFile(committedPath, 'utf8')) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const expected = definitions.map((d) => `${d.meta.openapi.method} ${d.meta.openapi.path}`).sort();
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
  });
});
