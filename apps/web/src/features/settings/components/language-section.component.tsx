import { Trans, useLingui } from '@lingui/react/macro';
import type { ClockChoice, Locale } from '@medrem/contract/locales';
import { useState } from 'react';
import { activateLocale, saveLocaleChoice, startLocale } from '../../../i18n/active-locale';
import { setClockChoice } from '../../../i18n/clock-choice';
import { formatDateTime } from '../../../i18n/intl-formats';
import { LanguageSelect } from '../../../i18n/language-select.component';
import { notify } from '../../../lib/toast';
import { inputClass } from '../../../shared/ui/button.styles';
import { Field } from '../../../shared/ui/field.component';
import { useSettings } from '../settings.queries';
import { useSaveAccountChoice } from '../use-save-account-choice.hook';

/** 8:00 in the morning, to show each clock choice by example. */
const EIGHT_AM = new Date(Date.UTC(2026, 0, 1, 8, 0));

/**
 * Issue 54: the account's language and clock. Saved at once and applied at once (no reload), on
 * every device of the account at its next start.
 */
export function LanguageSection() {
  const { t } = useLingui();
  const { settings } = useSettings();
  const saveChoice = useSaveAccountChoice();
  const [busy, setBusy] = useState(false);
  if (!settings) return null;

  const store = async (change: { locale?: Locale | null; clock?: ClockChoice }) => {
    setBusy(true);
    try {
      const result = await saveChoice(change);
      if (!result) return;
      if (result.saved === false) {
        notify.error(result.message ?? t`Could not save the language.`);
        return;
      }
      if (change.clock) setClockChoice(change.clock);
      if (change.locale !== undefined) {
        saveLocaleChoice(change.locale);
        await activateLocale(change.locale ?? startLocale());
      }
      notify.success(t`Language and time format saved.`);
    } finally {
      setBusy(false);
    }
  };

  const sample = (hourCycle: 'h12' | 'h23') =>
    formatDateTime(EIGHT_AM, {
      hour: hourCycle === 'h23' ? '2-digit' : 'numeric',
      minute: '2-digit',
      hourCycle,
      timeZone: 'UTC',
    });
  return (
    <section aria-labelledby="language-title" className="flex flex-col gap-4 border-t border-slate-200 pt-5">
      <h3 id="language-title" className="text-lg font-semibold text-slate-900">
        <Trans>Language and time format</Trans>
      </h3>
      <Field id="settings-language" label={t`Language`} hint={t`The app uses it on all your devices.`}>
        <LanguageSelect
          id="settings-language"
          value={settings.locale}
          allowDevice
          disabled={busy}
          className={`${inputClass} max-w-md`}
          onChange={(locale) => void store({ locale })}
        />
      </Field>
      <Field id="settings-clock" label={t`Time format`}>
        <select
          id="settings-clock"
          className={`${inputClass} max-w-md`}
          value={settings.clock}
          disabled={busy}
          onChange={(event) => void store({ clock: event.target.value as ClockChoice })}
        >
          <option value="auto">{t`As my language writes it`}</option>
          <option value="12h">{t`12-hour (${sample('h12')})`}</option>
          <option value="24h">{t`24-hour (${sample('h23')})`}</option>
        </select>
      </Field>
    </section>
  );
}
