import { useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { notify } from '../../lib/toast';
import { buttonClass, inputClass } from './button.styles';

/**
 * A secret the server gives only once (a webhook's signing secret, a personal access token): a
 * read-only field that selects itself on focus, a Copy button and the note under it. It lives only
 * in the state of the component that shows it; nothing writes it to a cache or to storage.
 * `focusOnShow` moves the focus to it when it appears, so a keyboard or screen-reader user lands on
 * what they have to copy now.
 */
export function SecretOnce(props: {
  label: string;
  secret: string;
  copyLabel: string;
  copied: string;
  focusOnShow?: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const { label, secret, copyLabel, copied, focusOnShow = false, children } = props;
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnShow) field.current?.focus();
  }, [focusOnShow, secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(copied);
    } catch {
      notify.error(t`Could not copy: select the secret and copy it yourself`);
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <label htmlFor={id} className="font-medium text-slate-900">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          ref={field}
          readOnly
          className={`${inputClass} font-mono text-sm`}
          value={secret}
          aria-describedby={`${id}-note`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className={`${buttonClass.secondary} shrink-0`} onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-5" />
          {copyLabel}
        </button>
      </div>
      <div id={`${id}-note`} className="text-sm text-amber-950">
        {children}
      </div>
    </div>
  );
}
