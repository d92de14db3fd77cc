import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILTER_REFUSALS_LIMIT, arbitraryFor } from './schema-arbitrary';

/**
 * The fuzz's generator must always end: fast-check retries filters synchronously, so a schema it
 * cannot satisfy used to spin the test process past every timeout (CI stopped after 40 minutes on
 * the activity cursor, whose 61-character pattern met a default 60-character cap).
 */
describe('the fuzz generator', () => {
  const sample = (schema: object) => fc.sample(arbitraryFor(schema, { root: {} }), { numRuns: 20, seed: 1 });

  it('generates strings of a fixed-length pattern longer than 60 when the schema gives no maxLength', () => {
    const cursor = {
      type: 'string',
      pattern:
        '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    };
    const values = sample(cursor) as string[];
    expect(values).toHaveLength(20);
    for (const value of values) expect(value).toMatch(new RegExp(cursor.pattern));
  });

  it('honours the length bounds of a repeated character class, with * as with +', () => {
    for (const pattern of ['^[A-Za-z0-9_-]*$', '^[A-Za-z0-9._-]+$']) {
      const values = sample({ type: 'string', pattern, minLength: 20, maxLength: 400 }) as string[];
      for (const value of values) {
        expect(value.length).toBeGreaterThanOrEqual(20);
        expect(value.length).toBeLessThanOrEqual(400);
        expect(value).toMatch(new RegExp(pattern));
      }
    }
  });

  it('fails loudly, naming the schema, when no value can meet it, instead of spinning', () => {
    const impossible = { type: 'string', pattern: '^a{70}$', maxLength: 60 };
    expect(() => sample(impossible)).toThrow(
      new RegExp(
        `cannot generate a string of .*a\\{70\\}.*: ${FILTER_REFUSALS_LIMIT} values in a row refused`,
      ),
    );
  });
});
