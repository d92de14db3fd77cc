import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, Download } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { notify } from '../../lib/toast';
import { buttonClass } from '../../shared/ui/button.styles';

/**
 * The recovery codes, shown this once (decision 288): only their hashes are on the server. Copy
 * and Download (a text file made in the browser); they live only in the state of the section.
 */
export function RecoveryCodesOnce({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `${t`Medicine Reminder recovery codes (each works once):`}\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t`Recovery codes copied`);
    } catch {
      notify.error(t`Could not copy: select the codes and copy them yourself`);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'medicine-reminder-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3"
      aria-labelledby={id}
      role="group"
    >
      <h4 id={id} ref={heading} tabIndex={-1} className="font-semibold text-slate-900">
        <Trans>Your recovery codes</Trans>
      </h4>
      <p className="text-sm text-amber-950">
        <Trans>
          Save them now, somewhere other than your phone: you will not see them again. If you lose your phone,
          each code lets you sign in once.
        </Trans>
      </p>
      <ol
        aria-label={t`Recovery codes`}
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-5" />
          <Trans>Copy codes</Trans>
        </button>
        <button type="button" className={buttonClass.secondary} onClick={download}>
          <Download aria-hidden="true" className="size-5" />
          <Trans>Download</Trans>
        </button>
        <button type="button" className={buttonClass.primary} onClick={onDone}>
          <Trans>I saved them</Trans>
        </button>
      </div>
    </div>
  );
}
