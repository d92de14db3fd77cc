import { Trans, useLingui } from '@lingui/react/macro';
import type { Medicine } from '@medrem/contract';
import { zonedNow } from '@medrem/domain';
import { formatTimeOfDay } from '../../../i18n/intl-formats';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../../lib/lazy-named';
import { useCorrectTakenAt } from '../use-correct-taken-at.hook';

// The correction's form, its own chunk fetched when "Change" is pressed: a correction needs the
// server, so the offline start (precached, issue 9's 600 KB) need not carry it.
const TakenAtEditor = lazyNamed(() => import('./taken-at-editor.component'), 'TakenAtEditor');

/** A taken dose's "taken at…", wired to the server (decision 191). */
export function DoseTakenAt(props: {
  medicine: Pick<Medicine, 'id' | 'name'>;
  date: string;
  slot: number;
  takenAt: string;
  timeZone: string;
}) {
  const { correct } = useCorrectTakenAt({
    medicineId: props.medicine.id,
    date: props.date,
    slot: props.slot,
    timeZone: props.timeZone,
  });
  return (
    <TakenAt
      medicineName={props.medicine.name}
      takenAt={props.takenAt}
      timeZone={props.timeZone}
      onCorrect={correct}
    />
  );
}

/**
 * When a taken dose was taken, and a small form to correct it: "Taken at 7:32 PM · Change" opens a
 * labelled time field with Save and Cancel; a refusal (`onCorrect` answers its message) is read out
 * where the field is.
 */
export function TakenAt(props: {
  medicineName: string;
  takenAt: string;
  timeZone: string;
  /** Saves a wall time of the dose's day: null when saved, else why not. */
  onCorrect: (time: string) => Promise<string | null>;
}) {
  const { t } = useLingui();
  const { medicineName, takenAt, timeZone, onCorrect } = props;
  const wall = zonedNow(new Date(takenAt), timeZone).time;
  const time = formatTimeOfDay(wall);
  const [editing, setEditing] = useState(false);

  if (!editing) {
    return (
      <p className="text-sm text-green-800">
        <Trans>Taken at {time}</Trans>{' '}
        <button
          type="button"
          className="ms-1 text-brand-700 underline"
          aria-label={t`Change when ${medicineName} was taken (taken at ${time})`}
          onClick={() => setEditing(true)}
        >
          {t({ message: 'Change', comment: 'Button: correct the time a dose was taken' })}
        </button>
      </p>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="text-sm text-slate-600">
          <Trans>Taken at {time}</Trans>
        </p>
      }
    >
      <TakenAtEditor
        medicineName={medicineName}
        wall={wall}
        onCorrect={onCorrect}
        onClose={() => setEditing(false)}
      />
    </Suspense>
  );
}
