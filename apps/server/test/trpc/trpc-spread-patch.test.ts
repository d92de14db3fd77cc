import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { initTRPC } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * The root postinstall (scripts/patch-dependencies.mjs) makes tRPC's procedure call use native object
 * spread where its build ships babel's `_objectSpread2` helper (decision 138): the helper was 15 % of
 * a health check's CPU. It then builds each middleware level's options as one literal of the fields
 * tRPC declares, instead of a copy of the caller's (decision 155). This fails when an install skipped
 * the patch, when the call path no longer merges context and input as tRPC's source says it does
 * (`{ ...a, ...b }`), and when a middleware at any level misses one of its declared options.
 */
const require = createRequire(import.meta.url);
const distDir = path.dirname(require.resolve('@trpc/server'));

describe("tRPC's procedure call", () => {
  it.each(['initTRPC-B259os3T.mjs', 'initTRPC-B7UdX-c3.cjs'])('%s spreads natively', (file) => {
    const source = readFileSync(path.join(distDir, file), 'utf8');
    const callRecursive = source.slice(
      source.indexOf('async function callRecursive('),
      source.indexOf('function createProcedureCaller('),
    );
    expect(source).toContain('function medremSpread(a, b) {\n\treturn { ...a, ...b };\n}');
    expect(callRecursive).toContain('/* medrem: fixed-shape middleware options');
    expect(callRecursive).not.toContain('medremSpread(opts, {');
    expect(callRecursive).not.toContain('_objectSpread2');
  });

  it('hands every middleware level the options tRPC declares, with the context each level added', async () => {
    const t = initTRPC.context<{ who: string }>().meta<{ tag: string }>().create();
    const seen: Record<string, unknown>[] = [];
    const record = t.middleware((opts) => {
      seen.push({ ...opts });
      return opts.next({ ctx: { [`level${seen.length}`]: true } });
    });
    const procedure = t.procedure
      .meta({ tag: 'probe' })
      .use(record)
      .input(z.object({ n: z.number() }))
      .use(record)
      .query(({ ctx, input, path }) => ({ ctx, input, path }));
    const signal = new AbortController().signal;
    const caller = t.router({ procedure }).createCaller({ who: 'ada' }, { signal });

    const answer = await caller.procedure({ n: 1 });
    expect(seen).toHaveLength(2);
    for (const opts of seen) {
      expect(Object.keys(opts).sort()).toEqual(
        ['batchIndex', 'ctx', 'getRawInput', 'input', 'meta', 'next', 'path', 'signal', 'type'].sort(),
      );
      expect(opts).toMatchObject({ type: 'query', path: 'procedure', meta: { tag: 'probe' }, batchIndex: 0 });
      expect(opts.signal).toBe(signal);
      await expect((opts.getRawInput as () => Promise<unknown>)()).resolves.toEqual({ n: 1 });
    }
    // Before the input parser no input; after it the parsed one. Each level sees the context so far.
    expect(seen[0]!.input).toBeUndefined();
    expect(seen[1]!.input).toEqual({ n: 1 });
    expect(seen[0]!.ctx).toEqual({ who: 'ada' });
    expect(seen[1]!.ctx).toEqual({ who: 'ada', level1: true });
    expect(answer).toEqual({
      ctx: { who: 'ada', level1: true, level2: true },
      input: { n: 1 },
      path: 'procedure',
    });
  });

  it('merges a middleware’s context and stacked inputs as before, and copies `__proto__` as data', async () => {
    const t = initTRPC.context<{ who: string }>().create();
    const procedure = t.procedure
      .use(({ next }) => next({ ctx: { role: 'admin' } }))
      // Parsers that keep every key, `__proto__` too (zod drops it): what the merge itself does.
      .input((raw: unknown) => raw as { a: number })
      .input((raw: unknown) => raw as { b: number })
      .query(({ ctx, input }) => ({ ctx, input, inputPrototype: Object.getPrototypeOf(input) as unknown }));
    const caller = t.router({ procedure }).createCaller({ who: 'ada' });

    const answer = await caller.procedure(JSON.parse('{"a":1,"b":2,"__proto__":{"polluted":true}}'));
    expect(answer.ctx).toEqual({ who: 'ada', role: 'admin' });
    expect(answer.input).toMatchObject({ a: 1, b: 2 });
    // Defined as an own property, never set: the input's prototype stays Object.prototype.
    expect(answer.inputPrototype).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(answer.input, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('still fails a call whose output does not match, with the output spread in place', async () => {
    const t = initTRPC.create();
    const procedure = t.procedure.output(z.object({ n: z.number() })).query(() => ({ n: 'one' }) as never);
    await expect(t.router({ procedure }).createCaller({}).procedure()).rejects.toThrow(/Output validation/);
  });
});
