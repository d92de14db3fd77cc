/**
 * The languages the product speaks (issue 54, decision 361), with no dependency: the web app's
 * entry imports this before its first paint, the server when it picks a recipient's language.
 * English is the source language: the spec's texts, byte for byte.
 */
export const SUPPORTED_LOCALES = [
  'en',
  'es',
  'de',
  'fr',
  'pt-BR',
  'it',
  'tr',
  'ar',
  'hi',
  'zh-Hans',
] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const SOURCE_LOCALE: Locale = 'en';

/** Each language named in itself, as a picker shows it to someone who cannot read the others. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  it: 'Italiano',
  tr: 'Türkçe',
  ar: 'العربية',
  hi: 'हिन्दी',
  'zh-Hans': '中文（简体）',
};

/** How times of day are shown: the language's convention, or a 12- or 24-hour clock. */
export const CLOCK_CHOICES = ['auto', '12h', '24h'] as const;
export type ClockChoice = (typeof CLOCK_CHOICES)[number];

/** Languages written right to left: the page is laid out mirrored for them. */
const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The supported language closest to one BCP 47 tag, or undefined. Exact match first (case
 * insensitive), then the language alone: every Portuguese gets Brazil's, every Chinese the
 * simplified script (a Traditional reader reads it better than English), every Arabic region Arabic.
 */
function closest(tag: string): Locale | undefined {
  const wanted = tag.trim().toLowerCase();
  if (wanted === '' || wanted === '*') return undefined;
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split(/[-_]/)[0];
  return SUPPORTED_LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language);
}

/** The first of the preferred tags (best first) that the product speaks; English when none. */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const found = closest(tag);
    if (found) return found;
  }
  return SOURCE_LOCALE;
}

/** An HTTP Accept-Language header's tags, best first (q=0 dropped); at most 20 read. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0 && entry.tag !== '')
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
