/**
 * Writes src/schema.gen.ts, the SDK's types, from the repository's openapi.json (openapi-typescript).
 * `--check` fails (exit 1) when the committed file differs, so CI catches types older than the
 * document, as it catches a document older than the contract.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const documentUrl = new URL('../../../openapi.json', import.meta.url);
const target = fileURLToPath(new URL('../src/schema.gen.ts', import.meta.url));
const HEADER =
  '// Generated from openapi.json by `npm run openapi` (packages/sdk/scripts/generate-schema.ts). Do not edit.\n\n';

const document = JSON.parse(await readFile(documentUrl, 'utf8')) as Parameters<typeof openapiTS>[0];
const text = HEADER + astToString(await openapiTS(document, { alphabetize: false }));

if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== text) {
    console.error('packages/sdk/src/schema.gen.ts is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('The SDK types are up to date.');
} else {
  await writeFile(target, text);
  console.log(`wrote ${target}`);
}
