/**
 * Which language the page speaks, and loading its catalogs (decision 361). The choice, best
 * first: the one saved on this device (the account's setting, or a choice made signed out), then
 * the browser's preferred languages, then English. Unknown codes are ignored, never an error.
 */
import { type Locale, isLocale, matchLocale, textDirection } from '@medrem/contract/locales';
import type { Messages } from '@lingui/core';
import { i18n } from './lingui-runtime';

/** The device's saved choice: read before the first paint, before any account is known. */
const CHOSEN_KEY = 'medrem-locale';

export function savedLocale(): Locale | undefined {
  try {
    const saved = localStorage.getItem(CHOSEN_KEY);
    return isLocale(saved) ? saved : undefined;
  } catch {
    return undefined; // storage refused (a private window's policy): the browser's languages decide
  }
}

/** The language to start in: the saved choice, else the browser's (navigator.languages), else English. */
export function startLocale(): Locale {
  return savedLocale() ?? matchLocale(navigator.languages ?? [navigator.language]);
}

/**
 * Remember the choice on this device (null: follow the browser again): in storage for the app's
 * start, and in a cookie for the server, which sends the signed-out page already in that language
 * (decision 361; web-app.plugin.ts reads `medrem-locale`).
 */
export function saveLocaleChoice(locale: Locale | null): void {
  try {
    if (locale) localStorage.setItem(CHOSEN_KEY, locale);
    else localStorage.removeItem(CHOSEN_KEY);
  } catch {
    // Not kept past this page: the account's setting still brings it back after a sign-in.
  }
  document.cookie = locale
    ? `${CHOSEN_KEY}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${CHOSEN_KEY}=; Path=/; Max-Age=0; SameSite=Lax`;
}

type CatalogPart = 'start' | 'app';
type CatalogModule = { messages: Messages };

// Each language's two catalogs, a chunk each, fetched only for the language shown.
const startCatalogs = import.meta.glob<CatalogModule>('../locales/*/start.po');
const appCatalogs = import.meta.glob<CatalogModule>('../locales/*/app.po');

const loaded = new Set<string>();

async function loadPart(locale: Locale, part: CatalogPart): Promise<void> {
  const key = `${locale}/${part}`;
  if (loaded.has(key)) return;
  const load = (part === 'start' ? startCatalogs : appCatalogs)[`../locales/${locale}/${part}.po`];
  if (!load) throw new Error(`No ${part} catalog for ${locale}`);
  const { messages } = await load();
  i18n.load(locale, messages);
  loaded.add(key);
}

/** The parts of the catalog the page needs so far: the start's, and the app's once it loads. */
const wanted = new Set<CatalogPart>(['start']);

/** Load `locale`'s catalogs (the parts wanted so far) and make it the page's language. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((part) => loadPart(locale, part)));
  i18n.activate(locale);
  const html = document.documentElement;
  html.lang = locale;
  html.dir = textDirection(locale);
}

/** The full app's texts, in the active language (loaded beside the full app's chunk). */
export async function loadAppCatalog(): Promise<void> {
  wanted.add('app');
  const locale = isLocale(i18n.locale) ? i18n.locale : startLocale();
  await loadPart(locale, 'app');
}

/** The active language (English before any is activated). */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}
