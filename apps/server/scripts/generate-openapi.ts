/**
 * Writes openapi.json at the repository root from the contract's procedures.
 * `--check` fails (exit 1) when the committed file differs, so CI catches a stale document.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenApiDocument } from '../src/trpc/openapi-document';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../openapi.json');
const text = `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== text) {
    console.error('openapi.json is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('openapi.json is up to date.');
} else {
  await writeFile(target, text);
  console.log(`wrote ${target}`);
}
