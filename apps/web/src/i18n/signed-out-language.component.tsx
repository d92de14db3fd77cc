import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Locale } from '@medrem/contract/locales';
import { activateLocale, activeLocale, saveLocaleChoice } from './active-locale';
import { LanguageSelect } from './language-select.component';

/**
 * The language of the signed-out pages, switched in place (no reload) and remembered on this
 * device: a visitor whose browser asks for another language than theirs, or who shares a device,
 * is not stuck with it before they can sign in (issue 54). An account's own setting takes over
 * once signed in. No icon: lucide's icons ride in the signed-in start's chunk, which this must not
 * fetch (a signed-out page fetched all 72 KB of it for one glyph).
 */
export function SignedOutLanguage() {
  const { t } = useLingui();
  const [locale, setLocale] = useState<Locale>(activeLocale());
  const [busy, setBusy] = useState(false);
  const choose = async (next: Locale | null) => {
    if (!next) return;
    setBusy(true);
    try {
      await activateLocale(next);
      saveLocaleChoice(next);
      setLocale(next);
      // The new language's catalogs for the offline page's "Continue" (decision 361).
      void import('../app/warm-offline-cache').then((m) => m.keepLanguageOffline()).catch(() => undefined);
    } catch (error) {
      console.error('Could not load the language', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex items-center justify-center gap-2 text-sm text-slate-600">
      <label htmlFor="signed-out-language" className="sr-only">
        {t`Language`}
      </label>
      <LanguageSelect
        id="signed-out-language"
        value={locale}
        onChange={(next) => void choose(next)}
        disabled={busy}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
      />
    </div>
  );
}
