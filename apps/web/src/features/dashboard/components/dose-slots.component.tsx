import type { Settings } from '@medrem/contract';
import type { ZonedNow } from '@medrem/domain';
import { useMemo } from 'react';
import { cardClass } from '../../../shared/ui/button.styles';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useMedicines } from '../../medicines/medicines.queries';
import { buildDoseSlots, buildIntervalDoses } from '../dose-slots.model';
import { useTakenToday } from '../use-taken-today.hook';
import { useToggleDose } from '../use-toggle-dose.hook';
import { AsNeededMedicine } from './as-needed-medicine.component';
import { DoseSlotCard } from './dose-slot-card.component';
import { IntervalDoses } from './interval-doses.component';

/** Today's dose-slot cards (Morning, Afternoon, Evening, Night …), one per default reminder time. */
export function DoseSlots({ settings, now }: { settings: Settings; now: ZonedNow }) {
  const medicines = useMedicines();
  const list = useMemo(() => medicines.data ?? [], [medicines.data]);
  const { takenById, pendingTicks } = useTakenToday(list, now.date);
  const { toggle } = useToggleDose(now.date);
  const slots = buildDoseSlots({
    medicines: list,
    defaultReminderTimes: settings.medicineDefaults.defaultReminderTimes,
    takenById,
    today: now.date,
    nowMinutes: now.minutes,
  });
  const intervalDoses = buildIntervalDoses({
    medicines: list,
    takenById,
    today: now.date,
    nowMinutes: now.minutes,
    timeZone: settings.timezone,
  });
  const asNeeded = list.filter((m) => m.schedule?.kind === 'asNeeded' && m.courseEndDate >= now.date);

  return (
    <section aria-labelledby="today-doses-title" className={cardClass}>
      <h2 id="today-doses-title" className="mb-4 text-xl font-semibold text-slate-900">
        Today&apos;s doses
      </h2>
      {medicines.isPending ? (
        <Spinner label="Loading your doses..." />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {slots.map((slot) => (
            <DoseSlotCard
              key={slot.index}
              slot={slot}
              pendingTicks={pendingTicks}
              onToggle={(s, d) => void toggle(s.index, d)}
            />
          ))}
        </div>
      )}
      <IntervalDoses
        doses={intervalDoses}
        pendingTicks={pendingTicks}
        onToggle={(s, d) => void toggle(s, d)}
      />
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
