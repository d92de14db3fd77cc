// @vitest-environment node
/**
 * Decision 363: Arabic lays the screens out mirrored by itself only when every side is a logical one
 * (start/end, not left/right). A physical margin, padding, position, border, corner or text
 * alignment stays on its side in right to left; this fails on any in the web app's styles: Tailwind
 * classes in the code and properties in its CSS.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(__dirname, '../..');

/**
 * Tailwind's physical utilities, with any variants (`sm:`, `focus:`) and a negative sign:
 * ml-2, -right-0.5, pl-[3px], rounded-tl-lg, border-r, text-left, float-right…
 */
const PHYSICAL_CLASS =
  /(?<![\w-])(?:[\w-]+:)*-?(?:(?:m[lr]|p[lr]|left|right|scroll-[mp][lr])-(?:\d|px\b|auto\b|full\b|\[)|(?:rounded|border)-(?:[lr]|[tb][lr])(?!\w)|(?:text|float|clear)-(?:left|right)(?![\w-]))/g;

/** The same in CSS: margin-left, padding-right, border-left…, left:, right:, text-align: left. */
const PHYSICAL_CSS =
  /(?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right)\b|(?<![\w-])(?:left|right)\s*:|text-align\s*:\s*(?:left|right)\b|float\s*:\s*(?:left|right)\b/g;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Each match as `file:line: text`, comments left out (they may well speak of left and right). */
function physicalSides(file: string, source: string, pattern: RegExp): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, index) => {
    const code = line.replace(/\/\/.*$|\/\*.*?(\*\/|$)|^\s*\*.*$|{\/\*.*?\*\/}/g, '');
    for (const match of code.matchAll(pattern)) found.push(`${file}:${index + 1}: ${match[0]}`);
  });
  return found;
}

describe('the styles name sides logically, so Arabic mirrors them (decision 363)', () => {
  it('finds the physical sides it is meant to find', () => {
    const classes = 'ml-2 sm:mr-auto -right-0.5 pl-[3px] focus:left-2 rounded-tl-lg border-r text-left';
    expect(physicalSides('x.tsx', `<p className="${classes}" />`, PHYSICAL_CLASS)).toHaveLength(8);
    const logical = 'ms-2 me-auto -end-0.5 ps-3 start-2 rounded-ss-lg border-e text-start inset-x-0';
    expect(physicalSides('x.tsx', `<p className="${logical}" />`, PHYSICAL_CLASS)).toEqual([]);
    // Words in texts and comments are not classes.
    expect(
      physicalSides('x.tsx', '// move it to the right-hand side\nconst a = "the left eye";', PHYSICAL_CLASS),
    ).toEqual([]);
    expect(
      physicalSides('x.css', 'a { margin-left: 1rem; right: 0; text-align: left }', PHYSICAL_CSS),
    ).toHaveLength(3);
    expect(physicalSides('x.css', '.Toastify__toast-container--top-right { top: 0 }', PHYSICAL_CSS)).toEqual(
      [],
    );
  });

  it('has none in the code and the CSS of apps/web', () => {
    const found = webSources().flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const name = path.relative(webRoot, file);
      return [
        ...physicalSides(name, source, PHYSICAL_CLASS),
        ...(/\.(css|html)$/.test(file) ? physicalSides(name, source, PHYSICAL_CSS) : []),
      ];
    });
    expect(found).toEqual([]);
  });

  it('mirrors the icons that point a way (chevrons, arrows, sign-out, send) in right to left', () => {
    const icons = webSources().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(DIRECTIONAL_ICON)].map((m) => ({
        where: `${path.relative(webRoot, file)}: ${m[1]}`,
        flipped: m[0].includes('rtl:-scale-x-100'),
      })),
    );
    expect(icons.length, "the report's month arrows at least").toBeGreaterThanOrEqual(2);
    expect(icons.filter((icon) => !icon.flipped).map((icon) => icon.where)).toEqual([]);
  });
});

/** Lucide's icons with a direction, as JSX elements (up to their end). */
const DIRECTIONAL_ICON =
  /<(Chevron(?:Left|Right|sLeft|sRight)|Arrow(?:Left|Right)\w*|(?:Log|Sign)(?:In|Out)|Send|Reply|Undo2?|Redo2?)\b[^>]*>/g;

function webSources(): string[] {
  return [...filesUnder(path.join(webRoot, 'src')), path.join(webRoot, 'index.html')].filter(
    (file) => /\.(tsx?|css|html)$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
}
