#!/usr/bin/env node
/**
 * Runs after every `npm install` / `npm ci` (root `postinstall`, also in the Docker image): mends a
 * known defect in an installed dependency until its maintainers release the fix. Each patch is an
 * exact text replacement, applied once (a marker says so) and refused loudly when the text it
 * expects is not there, so a new upstream version is looked at, never patched blindly.
 *
 * postgres.js 3.4.9 (porsager/postgres#1154, #1208; fixes proposed in #1168, #1209, unreleased):
 * a small write is flushed on a `setImmediate`; if the connection closes before it fires, `closed()`
 * cancels the timer but leaves it set, and `nextWrite` can later run with `socket === null`. The
 * TypeError is thrown from the timer, outside any query's promise, and ends the whole process: a
 * PostgreSQL restart could take a server or worker down instead of giving 503s until it is back
 * (apps/server/test/faults/postgres-restart.test.ts met it). The guard rejects the waiting queries
 * with CONNECTION_CLOSED, which the app already turns into 503, and the teardowns reset the timer.
 *
 * Same driver, same test (porsager/postgres#1192, #1205, open): a new connection first fetches the
 * array types (`fetchArrayTypes`), and its caller drops the promise of that internal query. When the
 * database goes away during it, the rejection is unhandled, which ends a Node process. Nothing needs its outcome: the
 * connection's own error path reconnects (the fetch is redone) or rejects the user's query, and
 * after a query error the next ReadyForQuery runs the waiting query. So it is caught there.
 *
 * Same driver, its internal queue (`src/queue.js`, unchanged upstream): `shift` leaves an
 * `undefined` behind and resets the array only when the queue is empty, so a queue that never
 * empties (the pool's `busy` connections under steady load) grows by one slot per query for as long
 * as the load lasts, and `remove` (each time a connection changes state) searches it from the start.
 * Under `npm run bench:api`'s write load it was 11 % of the server's busy time after 30 s, and growing
 * (the "degrades under long saturation" issue 10 reports). Patched: `remove` searches from the head
 * only, and `shift` drops the spent slots once they are the larger half.
 *
 * tRPC 11.19 (also 11.25): its build turns every object spread of the procedure call's middleware
 * recursion into babel's `_objectSpread2` helper (keys listed, then defined one by one), two copies
 * of the call's options per middleware level: 15 % of a health check's CPU (decision 138). Patched to
 * native spread, `{ ...a, ...b }`, as tRPC's own source writes it; same semantics (own enumerable
 * keys, defined, an absent object copied as empty). The call path's text also occurs once in
 * `initTRPC.create`, which gets the same replacement (run once, at start-up). Then (decision 155)
 * `callRecursive` builds each level's options as one literal of the fields tRPC's types declare
 * (`MiddlewareFunction`'s options, `ProcedureCallOptions`) instead of copying the caller's object:
 * in a server with many procedures the copies met a new shape at almost every call and took V8's
 * slow generic paths, 14 % of a health check's instructions.
 *
 * PGlite 0.5.16, its protocol reader (a port of pg-protocol's BufferReader): every text field of
 * every row is read by `string(n)`, which decodes `bytes(n)`, and `bytes` copies the field into a
 * new ArrayBuffer (`buffer.slice`) before wrapping it. The copy is thrown away at once; it was the
 * largest single JavaScript function of the embedded reminder engine's due second (6 % of its
 * samples, plus the garbage it makes). Patched: `string` decodes a view of the same bytes, as
 * pg-protocol's own reader does with `buffer.toString`. `bytes` keeps its copy: its callers may keep
 * what it returns.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** One module of postgres.js in each of its builds (ESM, CommonJS, Cloudflare). */
const postgresFiles = (file) =>
  ['src', 'cjs/src', 'cf/src'].map((build) => path.join(root, 'node_modules/postgres', build, file));
const MARKER = '/* medrem: guarded nextWrite (porsager/postgres#1208) */';

const postgresPatch = {
  name: 'postgres.js: writes and the type fetch on a closed connection',
  files: postgresFiles('connection.js'),
  replacements: [
    [
      '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
      `  function nextWrite(fn) {\n    ${MARKER}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
    ],
    // terminate() and closed(): cancel the pending flush and forget it, so a later write re-arms it.
    [
      '    clearImmediate(nextWriteTimer)\n',
      '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n',
    ],
    [
      '        return fetchArrayTypes()\n',
      '        return fetchArrayTypes().catch(() => undefined) /* medrem: dropped promise, see patch-dependencies.mjs */\n',
    ],
  ],
};

const QUEUE_MARKER = '/* medrem: bounded queue, see patch-dependencies.mjs */';
const postgresQueuePatch = {
  name: 'postgres.js: a queue that does not grow under steady load',
  files: postgresFiles('queue.js'),
  replacements: [
    [
      '    remove: (x) => {\n      const index = xs.indexOf(x)\n',
      `    remove: (x) => {\n      ${QUEUE_MARKER}\n      const index = xs.indexOf(x, head())\n`,
    ],
    [
      '      } else {\n        xs[index - 1] = undefined\n      }\n',
      '      } else {\n        xs[index - 1] = undefined\n        if (index >= 1024 && index * 2 >= xs.length) {\n          xs = xs.slice(index)\n          index = 0\n        }\n      }\n',
    ],
    ['  let index = 0\n\n  return {\n', '  let index = 0\n  const head = () => index\n\n  return {\n'],
  ],
};

const SPREAD_MARKER = '/* medrem: native object spread on the call path, see patch-dependencies.mjs */';
const FIXED_SHAPE_MARKER = '/* medrem: fixed-shape middleware options, see patch-dependencies.mjs */';
/** tRPC's procedure-call module, ESM and CommonJS, with the name each gives babel's spread helper. */
const trpcCallFiles = [
  ['initTRPC-B259os3T.mjs', '_objectSpread2'],
  ['initTRPC-B7UdX-c3.cjs', 'require_getErrorShape._objectSpread2'],
];
const trpcSpreadPatches = trpcCallFiles.map(([file, helper]) => ({
  name: 'tRPC: native object spread when a procedure is called',
  files: [path.join(root, 'node_modules/@trpc/server/dist', file)],
  // Its build names files by content hash: a new version has other names, and must be looked at.
  required: true,
  replacements: [
    [
      'async function callRecursive(index, _def, opts) {\n',
      `${SPREAD_MARKER}\nfunction medremSpread(a, b) {\n\treturn { ...a, ...b };\n}\nasync function callRecursive(index, _def, opts) {\n`,
    ],
    [`${helper}(${helper}({}, opts), {}, {`, 'medremSpread(opts, {'],
    [`${helper}(${helper}({}, opts.ctx), nextOpts.ctx)`, 'medremSpread(opts.ctx, nextOpts.ctx)'],
    [`${helper}(${helper}({}, opts.input), parsedInput)`, 'medremSpread(opts.input, parsedInput)'],
    [`${helper}(${helper}({}, result), {}, { data })`, 'medremSpread(result, { data })'],
    // Then each level's options as one literal of the fields tRPC declares (decision 155).
    [
      'return await middleware(medremSpread(opts, {\n\t\t\tmeta: _def.meta,\n\t\t\tinput: opts.input,\n',
      `${FIXED_SHAPE_MARKER}\n\t\treturn await middleware({\n\t\t\tctx: opts.ctx,\n\t\t\ttype: opts.type,\n\t\t\tpath: opts.path,\n\t\t\tgetRawInput: opts.getRawInput,\n\t\t\tsignal: opts.signal,\n\t\t\tbatchIndex: opts.batchIndex,\n\t\t\tmeta: _def.meta,\n\t\t\tinput: opts.input,\n`,
    ],
    [
      'return callRecursive(index + 1, _def, medremSpread(opts, {\n',
      'return callRecursive(index + 1, _def, {\n\t\t\t\t\ttype: opts.type,\n\t\t\t\t\tpath: opts.path,\n\t\t\t\t\tsignal: opts.signal,\n\t\t\t\t\tbatchIndex: opts.batchIndex,\n',
    ],
    [
      '\t\t\t\t}));\n\t\t\t}\n\t\t}));\n\t} catch (cause) {',
      '\t\t\t\t});\n\t\t\t}\n\t\t});\n\t} catch (cause) {',
    ],
  ],
}));

const PGLITE_MARKER = '/* medrem: field text decoded without a copy, see patch-dependencies.mjs */';
/**
 * PGlite's builds that hold the protocol reader, with the names each minified build gives its
 * private-field getter and setter and the reader's decoder, view and offset fields.
 */
const pgliteReaderBuilds = [
  { file: 'chunk-Y6PULSM7.js', get: 'r', set: 'd', decoder: 'le', view: 'x', offset: 'w' },
  { file: 'index.cjs', get: 'c', set: 'y', decoder: 'vr', view: 'he', offset: 'j' },
];
const pglitePatches = pgliteReaderBuilds.map(({ file, get, set, decoder, view, offset }) => {
  const at = `${get}(this,${offset})`;
  return {
    name: 'PGlite: text fields decoded without a copy',
    files: [path.join(root, 'node_modules/@electric-sql/pglite/dist', file)],
    // Its build names chunks by content hash: a new version has other names, and must be looked at.
    required: true,
    replacements: [
      [
        `string(t){return ${get}(this,${decoder}).decode(this.bytes(t))}`,
        `string(t){${PGLITE_MARKER}let medremView=new Uint8Array(${get}(this,${view}).buffer,${at},t);` +
          `return ${set}(this,${offset},${at}+t),${get}(this,${decoder}).decode(medremView)}`,
      ],
    ],
  };
});

const PGLITE_SYNC_MARKER = '/* medrem: NODEFS syncs to disk, see patch-dependencies.mjs */';
/**
 * PGlite's Emscripten file system for Node (NODEFS) has no `fsync`, and its `fdatasync` system call
 * only checks the descriptor: with PostgreSQL's fsync on, a commit would still reach only the page
 * cache. These give NODEFS's streams both, and make the system call use them (decision 014). A
 * stream of another file system (MEMFS, in-memory databases) has neither and stays a no-op.
 */
const pgliteSyncPatches = ['chunk-XZUEO4BZ.js', 'index.cjs'].map((file) => ({
  name: 'PGlite: NODEFS flushes to disk when PostgreSQL syncs',
  files: [path.join(root, 'node_modules/@electric-sql/pglite/dist', file)],
  required: true,
  replacements: [
    [
      'dup(e){e.shared.refcount++},',
      `dup(e){e.shared.refcount++},fsync(e){${PGLITE_SYNC_MARKER}NODEFS.tryFSOperation(()=>fs.fsyncSync(e.nfd))},` +
        'fdatasync(e){NODEFS.tryFSOperation(()=>fs.fdatasyncSync(e.nfd))},',
    ],
    [
      'function ___syscall_fdatasync(e){try{return SYSCALLS.getStreamFromFD(e),0}',
      'function ___syscall_fdatasync(e){try{var medremStream=SYSCALLS.getStreamFromFD(e);' +
        'return medremStream.stream_ops?.fdatasync?.(medremStream),0}',
    ],
  ],
}));

function apply(patch) {
  let patched = 0;
  for (const file of patch.files) {
    if (!existsSync(file)) {
      if (patch.required) {
        throw new Error(
          `${patch.name}: ${path.relative(root, file)} is missing. The dependency changed: check whether it ` +
            'still needs this patch, then update scripts/patch-dependencies.mjs.',
        );
      }
      continue;
    }
    const original = readFileSync(file, 'utf8');
    let text = original;
    // Each replacement once: an install patched by an earlier version of this script gets the rest.
    for (const [from, to] of patch.replacements) {
      if (text.includes(to)) continue;
      if (!text.includes(from)) {
        throw new Error(
          `${patch.name}: ${path.relative(root, file)} does not contain the expected text. ` +
            'The dependency changed: check whether it still needs this patch, then update scripts/patch-dependencies.mjs.',
        );
      }
      text = text.split(from).join(to);
    }
    if (text === original) continue;
    writeFileSync(file, text);
    patched += 1;
  }
  return patched;
}

for (const patch of [
  postgresPatch,
  postgresQueuePatch,
  ...trpcSpreadPatches,
  ...pglitePatches,
  ...pgliteSyncPatches,
]) {
  const count = apply(patch);
  if (count > 0) console.log(`patch-dependencies: ${patch.name} (${count} files)`);
}
