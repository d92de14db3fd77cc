import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The root postinstall (scripts/patch-dependencies.mjs) guards postgres.js 3.4.9's `nextWrite`
 * against a closed connection (porsager/postgres#1208) and catches the dropped promise of its
 * array-type fetch: unguarded, a PostgreSQL restart can end the whole process (a TypeError from a
 * timer, or an unhandled rejection). This fails when an install skipped the patch, or a new driver version
 * came in without anyone checking whether it still needs it.
 */
const require = createRequire(import.meta.url);
// The CommonJS entry is <root>/cjs/src/index.js (the package exports no package.json).
const driverRoot = path.resolve(path.dirname(require.resolve('postgres')), '../..');

describe('the installed PostgreSQL driver', () => {
  it.each(['src/connection.js', 'cjs/src/connection.js'])(
    '%s guards writes on a closed connection',
    (file) => {
      const source = readFileSync(path.join(driverRoot, file), 'utf8');
      const nextWrite = source.slice(
        source.indexOf('function nextWrite('),
        source.indexOf('function connectTimedOut('),
      );
      expect(nextWrite).toMatch(/if \(!socket\) \{[^}]*CONNECTION_CLOSED/);
      // Both teardowns forget the cancelled flush, so the next write on a reconnected socket re-arms it.
      expect(
        source.match(/\n {4}clearImmediate\(nextWriteTimer\)\n {4}chunk = nextWriteTimer = null/g),
      ).toHaveLength(2);
      // The connection's internal array-type fetch: its dropped promise must not reject unhandled.
      expect(source).toContain('return fetchArrayTypes().catch(() => undefined)');
    },
  );

  describe('its internal queue', () => {
    it.each(['src/queue.js', 'cjs/src/queue.js'])('%s is the bounded one', (file) => {
      const source = readFileSync(path.join(driverRoot, file), 'utf8');
      expect(source).toContain('xs.indexOf(x, head())');
      expect(source).toContain('xs = xs.slice(index)');
    });

    it('still hands out in order, and removes, across the compaction of spent slots', async () => {
      const { default: Queue } = (await import(
        pathToFileURL(path.join(driverRoot, 'src/queue.js')).href
      )) as {
        default: <T>() => { length: number; push(x: T): T; shift(): T; remove(x: T): T | null };
      };
      const queue = Queue<number>();
      const expected: number[] = [];
      // Never empty, as the pool's busy list under steady load: 5,000 in, each shifted in turn.
      let next = 0;
      for (let i = 0; i < 3; i += 1) expected.push(queue.push(next++));
      for (let i = 0; i < 5_000; i += 1) {
        expect(queue.shift()).toBe(expected.shift());
        expected.push(queue.push(next++));
        if (i % 7 === 0) {
          const gone = expected.splice(1, 1)[0]!;
          expect(queue.remove(gone)).toBe(gone);
          expected.push(queue.push(next++));
        }
      }
      expect(queue.remove(-1)).toBeNull();
      expect(queue.length).toBe(expected.length);
      while (expected.length > 0) expect(queue.shift()).toBe(expected.shift());
      expect(queue.length).toBe(0);
    });
  });
});
