import { Trans, useLingui } from '@lingui/react/macro';
import type { Settings } from '@medrem/contract';
import { DEFAULT_TAKE_EARLY_MINUTES, type ZonedNow, lastCourseDay } from '@medrem/domain';
import { useMemo } from 'react';
import { cardClass } from '../../../shared/ui/button.styles';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useMedicines } from '../../medicines/medicines.queries';
import {
  buildDoseSlots,
  buildIntervalDoses,
  intervalNote,
  isIntervalCard,
  orderDoseCards,
} from '../dose-slots.model';
import { useTakenToday } from '../use-taken-today.hook';
import { useToggleDose } from '../use-toggle-dose.hook';
import { AsNeededMedicine } from './as-needed-medicine.component';
import { DoseSlotCard } from './dose-slot-card.component';

/**
 * Today's dose cards: one per default reminder time (Morning, Afternoon, Evening, Night …), one per
 * other time a medicine has of its own (decision 212) and one per every-N-hours dose, all in the
 * order of their time (decision 192).
 */
export function DoseSlots({ settings, now }: { settings: Settings; now: ZonedNow }) {
  const { t } = useLingui();
  const medicines = useMedicines();
  const list = useMemo(() => medicines.data ?? [], [medicines.data]);
  const { takenById, takenAtById, skippedById, postponedById, pendingTicks } = useTakenToday(list, now.date);
  const { toggle } = useToggleDose(now.date);
  const today = {
    medicines: list,
    takenById,
    takenAtById,
    skippedById,
    postponedById,
    today: now.date,
    nowMinutes: now.minutes,
    // A settings copy saved on the device before the window existed has none.
    takeEarlyMinutes: settings.medicineDefaults.takeEarlyMinutes ?? DEFAULT_TAKE_EARLY_MINUTES,
    timeZone: settings.timezone,
  };
  const cards = orderDoseCards([
    ...buildDoseSlots({ ...today, defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes }),
    ...buildIntervalDoses(today),
  ]);
  const asNeeded = list.filter((m) => m.schedule?.kind === 'asNeeded' && lastCourseDay(m) >= now.date);

  return (
    <section aria-labelledby="today-doses-title" className={cardClass}>
      <h2 id="today-doses-title" className="mb-4 text-xl font-semibold text-slate-900">
        <Trans>Today's doses</Trans>
      </h2>
      {medicines.isPending ? (
        <Spinner label={t`Loading your doses...`} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {cards.map((card) => {
            const interval = isIntervalCard(card) ? card : null;
            const key = interval ? `${card.doses[0]!.medicine.id}-${card.index}` : card.id;
            return (
              <DoseSlotCard
                key={key}
                slot={card}
                date={now.date}
                timeZone={settings.timezone}
                pendingTicks={pendingTicks}
                onToggle={(d) => void toggle(d.slot, d)}
                {...(interval ? { interval: { key, note: intervalNote(interval) } } : {})}
              />
            );
          })}
        </div>
      )}
      {asNeeded.length > 0 ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {asNeeded.map((medicine) => (
            <AsNeededMedicine
              key={medicine.id}
              medicine={medicine}
              today={now.date}
              timeZone={settings.timezone}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
