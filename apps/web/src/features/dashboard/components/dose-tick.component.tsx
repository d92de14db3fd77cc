import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { NOT_YET_AVAILABLE_HINT_MS } from '@medrem/domain';
import { Check, CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';

export const NOT_YET_AVAILABLE_HINT = msg`Available after scheduled time`;

/**
 * The tick of one dose. Before the slot's time it is disabled (aria-disabled, so it still receives
 * the press) and pressing it shows the spec's hint for 2 seconds.
 */
export function DoseTick(props: {
  label: string;
  taken: boolean;
  available: boolean;
  busy: boolean;
  /** Made on this device and not yet on the server (offline): a small mark says so. */
  waiting?: boolean;
  onToggle: () => void;
}) {
  const { t } = useLingui();
  const { label, taken, available, busy, waiting = false, onToggle } = props;
  const [hint, setHint] = useState(false);
  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(false), NOT_YET_AVAILABLE_HINT_MS);
    return () => clearTimeout(timer);
  }, [hint]);

  const disabled = !available || busy;
  return (
    <div className="relative flex items-center gap-2">
      {waiting ? (
        <span
          className="inline-flex items-center gap-1 text-xs font-medium text-amber-800"
          data-testid="waiting-to-sync"
        >
          <CloudOff aria-hidden="true" className="size-4" />
          <Trans>Waiting to sync</Trans>
        </span>
      ) : null}
      <button
        type="button"
        aria-label={label}
        aria-pressed={taken}
        aria-disabled={disabled}
        onClick={() => (available ? !busy && onToggle() : setHint(true))}
        className={`inline-flex size-12 items-center justify-center rounded-full border-2 transition-colors ${
          taken
            ? 'border-green-700 bg-green-700 text-white'
            : available
              ? 'border-brand-700 bg-white text-brand-700 hover:bg-brand-50'
              : 'cursor-not-allowed border-slate-300 bg-slate-100 text-slate-400'
        }`}
      >
        <Check aria-hidden="true" className="size-6" strokeWidth={3} />
      </button>
      <span role="status" className="absolute top-full end-0 z-10 mt-1 whitespace-nowrap">
        {hint ? (
          <span className="rounded-md bg-slate-900 px-2 py-1 text-sm text-white shadow">
            {t(NOT_YET_AVAILABLE_HINT)}
          </span>
        ) : null}
      </span>
    </div>
  );
}
