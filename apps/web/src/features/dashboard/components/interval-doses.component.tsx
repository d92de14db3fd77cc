import type { DoseSlotView, SlotDose } from '../dose-slots.model';
import { DoseSlotCard } from './dose-slot-card.component';

/** Today's every-N-hours doses: one card per dose, ticked like a slot's (its index in the day). */
export function IntervalDoses(props: {
  doses: (DoseSlotView & { clockChanged: boolean })[];
  pendingTicks: ReadonlySet<string>;
  onToggle: (slot: number, dose: SlotDose) => void;
}) {
  if (props.doses.length === 0) return null;
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {props.doses.map((slot) => {
        const medicine = slot.doses[0]!.medicine;
        const hours = medicine.schedule?.kind === 'interval' ? medicine.schedule.everyHours : 0;
        const note = slot.clockChanged
          ? `Every ${hours} hours. The clocks changed: this dose keeps ${hours} real hours from the last, so its time moved.`
          : `Every ${hours} hours.`;
        return (
          <DoseSlotCard
            key={`${medicine.id}-${slot.index}`}
            slot={slot}
            pendingTicks={props.pendingTicks}
            onToggle={(s, d) => props.onToggle(s.index, d)}
            interval={{ key: `${medicine.id}-${slot.index}`, note }}
          />
        );
      })}
    </div>
  );
}
