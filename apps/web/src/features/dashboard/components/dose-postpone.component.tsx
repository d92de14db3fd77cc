import { Trans, useLingui } from '@lingui/react/macro';
import { zonedNow } from '@medrem/domain';
import { Suspense, useState } from 'react';
import { postponedStateText } from '../../../i18n/domain-texts';
import { lazyNamed } from '../../../lib/lazy-named';
import { serverClock } from '../../../lib/server-clock';
import { usePostponeDose } from '../use-postpone-dose.hook';

// The form, its own chunk (decision 350): fetched ahead when the button is pointed at or focused,
// and kept for offline use with every other chunk once the app is first idle (warm-offline-cache).
const DosePostponeEditor = lazyNamed(() => import('./dose-postpone-editor.component'), 'DosePostponeEditor');

/**
 * Decision 317: beside "Skip", "Postpone" moves today's dose to a later time today (+30 min, +1 h,
 * +2 h or a time); a postponed dose reads "Postponed to 9:30 AM" with "Undo". Works offline (the
 * write queue). A taken or skipped dose shows nothing here.
 */
export function DosePostpone(props: {
  medicine: { id: string; name: string };
  /** "Metformin, Morning dose": the control's accessible name says which dose. */
  doseName: string;
  date: string;
  slot: number;
  plannedTime: string;
  settled: boolean;
  postponedTo: string | null;
  timeZone: string;
}) {
  const { t } = useLingui();
  const { medicine, doseName, postponedTo } = props;
  const { postpone, undo } = usePostponeDose({
    medicineId: medicine.id,
    medicineName: medicine.name,
    date: props.date,
    slot: props.slot,
    plannedTime: props.plannedTime,
  });
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (props.settled) return null;
  const now = zonedNow(serverClock.now(), props.timeZone);
  // Only today's doses move, and only while a later time is left today.
  if (props.date !== now.date) return null;
  if (editing) {
    return (
      <Suspense fallback={<p className="text-sm text-slate-600">{t`Loading…`}</p>}>
        <DosePostponeEditor
          doseName={doseName}
          plannedTime={props.plannedTime}
          now={now}
          onPostpone={postpone}
          onClose={() => setEditing(false)}
        />
      </Suspense>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-3 text-sm">
      {postponedTo ? (
        <span className="font-medium text-slate-800" data-testid="dose-postponed">
          {postponedStateText(postponedTo)}
        </span>
      ) : null}
      <button
        type="button"
        className="min-h-11 text-brand-700 underline"
        aria-label={postponedTo ? t`Postpone again ${doseName}` : t`Postpone ${doseName}`}
        onPointerEnter={() => void DosePostponeEditor.load().catch(() => undefined)}
        onFocus={() => void DosePostponeEditor.load().catch(() => undefined)}
        onClick={() => setEditing(true)}
      >
        {postponedTo
          ? t({ message: 'Change', comment: 'Button: choose another time for a postponed dose' })
          : t({ message: 'Postpone', comment: 'Button: move a dose to a later time today' })}
      </button>
      {postponedTo ? (
        <button
          type="button"
          className="min-h-11 text-brand-700 underline"
          aria-label={t`Undo postponing ${doseName}`}
          onClick={() => void undo().then(setError)}
        >
          <Trans>Undo</Trans>
        </button>
      ) : null}
      {error ? (
        <span role="alert" className="block w-full text-red-800">
          {error}
        </span>
      ) : null}
    </p>
  );
}
