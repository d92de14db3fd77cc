import { useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES, type Locale, SUPPORTED_LOCALES, isLocale } from '@medrem/contract/locales';

/**
 * A choice of language, each named in itself (someone who cannot read the page's language must
 * find their own). `allowDevice`: a first option for "the device's language" (value null).
 */
export function LanguageSelect({
  id,
  value,
  onChange,
  allowDevice = false,
  className,
  disabled = false,
}: {
  id: string;
  value: Locale | null;
  onChange: (locale: Locale | null) => void;
  allowDevice?: boolean;
  className?: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <select
      id={id}
      className={className}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange(isLocale(event.target.value) ? event.target.value : null)}
    >
      {allowDevice ? <option value="">{t`This device’s language`}</option> : null}
      {SUPPORTED_LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
