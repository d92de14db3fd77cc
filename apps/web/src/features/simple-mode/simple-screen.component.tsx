import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Settings } from '@medrem/contract';
import { DEFAULT_TAKE_EARLY_MINUTES, type ZonedNow } from '@medrem/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { slotNameText } from '../../i18n/domain-texts';
import { formatTimeOfDay } from '../../i18n/intl-formats';
import { Spinner } from '../../shared/ui/spinner.component';
import { doseLine } from '../dashboard/dose-slots.model';
import { useTakenToday } from '../dashboard/use-taken-today.hook';
import { useToggleDose } from '../dashboard/use-toggle-dose.hook';
import { useMedicines } from '../medicines/medicines.queries';
import { ReadAloud } from './components/read-aloud.component';
import { SimpleDoseList, doseStateText, shownDoses } from './components/simple-dose-list.component';
import { simpleButtonClass } from './simple-mode.styles';
import { takeSimpleScreenFocus } from './simple-mode-visit';
import { type SimpleSlot, dosesToTake, simpleSlotsOf, simpleViewOf } from './simple-slots.model';
import './simple-screen.css';

/**
 * The simple screen (issue 54, decision 362): large type, one question ("did I take my 8:00
 * medicines?") with big Take buttons, the next slot and its time, and one button to every feature.
 * Its doses come from the dashboard's own queries, rules and write queue, so a tick made here is
 * the dashboard's tick, offline too.
 */
export function SimpleScreen({
  settings,
  now,
  onShowAllFeatures,
}: {
  settings: Settings;
  now: ZonedNow;
  onShowAllFeatures: () => void;
}) {
  const { t } = useLingui();
  const medicines = useMedicines();
  const list = useMemo(() => medicines.data ?? [], [medicines.data]);
  const taken = useTakenToday(list, now.date);
  const { take } = useToggleDose(now.date);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened by a choice (the offer, "Back to the simple screen"): the reader starts at its heading.
  useEffect(() => {
    if (takeSimpleScreenFocus()) heading.current?.focus();
  }, []);

  const slots = simpleSlotsOf({
    medicines: list,
    ...taken,
    today: now.date,
    nowMinutes: now.minutes,
    takeEarlyMinutes: settings.medicineDefaults.takeEarlyMinutes ?? DEFAULT_TAKE_EARLY_MINUTES,
    timeZone: settings.timezone,
    defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
  });
  const { current, lastSettled, next } = simpleViewOf(slots);
  const shown: SimpleSlot | null = current ?? lastSettled;
  const time = shown ? formatTimeOfDay(shown.time) : '';

  const onTake = async (doses: Parameters<typeof take>[0]) => {
    setBusy(true);
    try {
      await take(doses);
    } finally {
      setBusy(false);
      // The pressed button is gone once its dose is taken: the reader goes back to the heading,
      // which now says what is left (or that the slot is done).
      heading.current?.focus();
    }
  };

  if (medicines.isPending || taken.isPending) return <Spinner label={t`Loading your doses...`} />;

  const title = current
    ? t`Your ${time} medicines`
    : lastSettled
      ? t`All done for ${time}`
      : next
        ? t`Nothing to take right now`
        : t`No medicines to take today`;
  const open = current ? current.doses.filter((d) => d.open).length : 0;
  const total = current ? shownDoses(current).length : 0;
  const done = total - open;
  const status = current ? (done === 0 ? t`Not taken yet.` : t`${done} of ${total} taken.`) : '';
  const nextName = next ? slotNameText(next.name) : '';
  const nextTime = next ? formatTimeOfDay(next.time) : '';
  const nextLine = next
    ? t`Next: ${nextName}, ${nextTime}`
    : shown
      ? t`No more medicines today.`
      : t`You can add medicines with all features.`;
  const toTake = current ? dosesToTake(current) : [];
  const speech = [
    title,
    status,
    // A medicine's name and dose are data, its state a whole translated sentence: no text is cut.
    ...(shown
      ? shownDoses(shown).map((d) => `${d.dose.medicine.name}, ${doseLine(d.dose)}. ${doseStateText(d)}`)
      : []),
    nextLine,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section aria-labelledby="simple-title" data-testid="simple-screen" className="simple-screen">
      <h1 id="simple-title" ref={heading} tabIndex={-1} className="simple-title">
        {title}
      </h1>
      {shown ? <p>{slotNameText(shown.name)}</p> : null}
      <p role="status" className="simple-status">
        {status}
      </p>
      {toTake.length > 1 ? (
        <button
          type="button"
          className={`${simpleButtonClass.primary} simple-take-all`}
          disabled={busy}
          onClick={() => void onTake(toTake)}
        >
          {plural(toTake.length, { one: 'Take # medicine', other: 'Take all # medicines' })}
        </button>
      ) : null}
      {shown ? (
        <SimpleDoseList
          slot={shown}
          pendingTicks={taken.pendingTicks}
          busy={busy}
          onTake={(dose) => void onTake([dose])}
        />
      ) : null}
      <p className="simple-next">{nextLine}</p>
      <div className="simple-actions">
        <ReadAloud text={speech} />
        <button type="button" className={simpleButtonClass.secondary} onClick={onShowAllFeatures}>
          {t`Show all features`}
        </button>
      </div>
    </section>
  );
}
