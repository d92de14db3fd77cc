import type { Settings } from '@medrem/contract';
import { useEffect } from 'react';
import { activateLocale, activeLocale, saveLocaleChoice, startLocale } from './active-locale';
import { setClockChoice } from './clock-choice';

/**
 * The signed-in account's language and clock, applied to the page (issue 54): chosen on one
 * device, every device of the account follows at its next start or settings read. An account with
 * no language chosen leaves the device's own.
 */
export function useAccountLanguage(settings: Pick<Settings, 'locale' | 'clock'> | undefined): void {
  const locale = settings?.locale;
  const clock = settings?.clock;
  useEffect(() => {
    if (clock) setClockChoice(clock);
  }, [clock]);
  useEffect(() => {
    if (locale === undefined) return;
    const wanted = locale ?? startLocale();
    if (locale) saveLocaleChoice(locale);
    if (wanted === activeLocale()) return;
    activateLocale(wanted).catch((error: unknown) => console.error('Could not load the language', error));
  }, [locale]);
}
