import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { skipStateText } from '../../../i18n/domain-texts';
import { lazyNamed } from '../../../lib/lazy-named';
import type { DoseSkipView } from '../dose-slots.model';
import { useSkipDose } from '../use-skip-dose.hook';

// The skip form, its own chunk fetched when "Skip" is pressed: a skip needs the server, so the
// offline start need not carry it (as the "taken at…" form).
const DoseSkipEditor = lazyNamed(() => import('./dose-skip-editor.component'), 'DoseSkipEditor');

/**
 * Decision 225: beside the tick, "Skip" opens the form that skips the dose with a reason; a skipped
 * dose reads "Skipped — Felt unwell" with "Undo". A taken dose shows nothing here.
 */
export function DoseSkip(props: {
  medicine: { id: string; name: string };
  /** "Metformin, Morning dose": the control's accessible name says which dose. */
  doseName: string;
  date: string;
  slot: number;
  taken: boolean;
  skipped: DoseSkipView | null;
}) {
  const { t } = useLingui();
  const { medicine, doseName, taken, skipped } = props;
  const { skip, unskip } = useSkipDose({
    medicineId: medicine.id,
    medicineName: medicine.name,
    date: props.date,
    slot: props.slot,
  });
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (taken) return null;
  if (skipped) {
    return (
      <p className="text-sm font-medium text-slate-800" data-testid="dose-skipped">
        {skipStateText(skipped)}{' '}
        <button
          type="button"
          className="ms-1 font-normal text-brand-700 underline"
          aria-label={t`Undo skipping ${doseName}`}
          onClick={() => void unskip().then(setError)}
        >
          <Trans>Undo</Trans>
        </button>
        {error ? (
          <span role="alert" className="block font-normal text-red-800">
            {error}
          </span>
        ) : null}
      </p>
    );
  }
  if (!editing) {
    return (
      <button
        type="button"
        className="mt-1 min-h-11 text-sm text-brand-700 underline"
        aria-label={t`Skip ${doseName}`}
        onClick={() => setEditing(true)}
      >
        {t({ message: 'Skip', comment: 'Button: skip a dose on purpose' })}
      </button>
    );
  }
  return (
    <Suspense fallback={<p className="text-sm text-slate-600">{t`Loading…`}</p>}>
      <DoseSkipEditor doseName={doseName} onSkip={skip} onClose={() => setEditing(false)} />
    </Suspense>
  );
}
