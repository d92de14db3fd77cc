/**
 * Writes dist/pglite-template.tar.gz after the bundle (decisions 298, 358): a new embedded data
 * directory made by initdb with the server's settings and migrated with the migrations copied into
 * dist/, which a first start unpacks instead of running initdb and every migration.
 * Run by `npm run build` (tsup cleans dist/ first, so it comes after); in its own process, so the
 * initdb's memory is given back when it ends.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePgliteTemplate, PGLITE_TEMPLATE_FILE } from '../src/db/pglite-template';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
await makePgliteTemplate(path.join(dist, PGLITE_TEMPLATE_FILE), path.join(dist, 'migrations'));
