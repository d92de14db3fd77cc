import type { Locale } from '@medrem/contract/locales';
import { activateLocale, loadAppCatalog } from '../i18n/active-locale';

/**
 * Show the page in `locale` from its real catalogs (start and app), as the app does: a test of a
 * translated text fails if the English leaks through. `inLanguage('en')` goes back to English.
 */
export async function inLanguage(locale: Locale): Promise<void> {
  await loadAppCatalog();
  await activateLocale(locale);
}
