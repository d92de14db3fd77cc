import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The root postinstall (scripts/patch-dependencies.mjs) makes PGlite's protocol reader decode each
 * text field from a view of the message instead of a copy of it (decision 011): the copy was the
 * largest JavaScript function of the embedded engine's due second. This fails when an install
 * skipped the patch, and when a field is read from the wrong place (an offset off by one, a view
 * that outlives its message), which would garble or shift every value of a row.
 */
const require = createRequire(import.meta.url);
const distDir = path.dirname(require.resolve('@electric-sql/pglite'));

describe("PGlite's protocol reader", () => {
  it.each(['chunk-Y6PULSM7.js', 'index.cjs'])('%s decodes text fields without a copy', (file) => {
    const source = readFileSync(path.join(distDir, file), 'utf8');
    expect(source).toContain('/* medrem: field text decoded without a copy');
    expect(source).not.toMatch(/string\(t\)\{return \w\(this,\w+\)\.decode\(this\.bytes\(t\)\)\}/);
  });

  describe('reading rows', () => {
    let pg: PGlite;
    beforeAll(async () => {
      pg = await PGlite.create();
    });
    afterAll(async () => {
      await pg.close();
    });

    it('reads every field of many rows exactly: multi-byte text, empty and null values, long text', async () => {
      const names = ['Ibuprofen 400', 'Ünïcødé 💊 Müller', '', '日本語のくすり', 'x'.repeat(5000)];
      const { rows } = await pg.query<{ i: number; name: string | null; tail: string; extra: unknown }>(
        `select g as i,
                case when g % 6 = 5 then null else ($1::text[])[g % 6 + 1] end as name,
                'row ' || g || ' ✓' as tail,
                json_build_object('g', g, 'text', ($1::text[])[g % 5 + 1]) as extra
         from generate_series(0, 1999) as g`,
        [names],
      );
      expect(rows).toHaveLength(2000);
      rows.forEach((row, g) => {
        expect(row.i).toBe(g);
        expect(row.name).toBe(g % 6 === 5 ? null : names[g % 6]);
        expect(row.tail).toBe(`row ${g} ✓`);
        expect(row.extra).toEqual({ g, text: names[g % 5] });
      });
    });

    it('keeps values read earlier intact when later statements reuse the reader', async () => {
      const first = await pg.query<{ t: string }>(`select repeat('a', 300) || 'ä' as t`);
      await pg.query(`select repeat('b', 100000) as t`);
      expect(first.rows[0]!.t).toBe(`${'a'.repeat(300)}ä`);
    });
  });
});
