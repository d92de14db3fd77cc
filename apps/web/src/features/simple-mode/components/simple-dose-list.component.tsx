import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Check } from 'lucide-react';
import { type SlotDose, doseLine } from '../../dashboard/dose-slots.model';
import { pendingTickKey } from '../../dashboard/use-taken-today.hook';
import { simpleButtonClass } from '../simple-mode.styles';
import type { SimpleDose, SimpleSlot } from '../simple-slots.model';

/** The doses the screen lists: a dose from before the medicine was added, not taken, was never owed. */
export function shownDoses(slot: SimpleSlot): SimpleDose[] {
  return slot.doses.filter((d) => !(d.dose.beforeAdded && !d.dose.taken));
}

/** A dose's state in words (never colour alone), shown and read aloud. */
export function doseStateText(dose: SimpleDose): string {
  if (dose.dose.taken) return t`Taken`;
  if (dose.dose.skipped) return t`Skipped`;
  return dose.available ? t`Not taken yet` : t`Not yet time`;
}

/** One row per medicine of the slot: its name and dose, and a big Take button or its state. */
export function SimpleDoseList(props: {
  slot: SimpleSlot;
  pendingTicks: ReadonlySet<string>;
  busy: boolean;
  onTake: (dose: SlotDose) => void;
}) {
  return (
    <ul className="simple-list">
      {shownDoses(props.slot).map((item) => {
        const { dose } = item;
        const name = dose.medicine.name;
        const waiting = props.pendingTicks.has(pendingTickKey(dose.medicine.id, dose.slot));
        return (
          <li key={`${dose.medicine.id}-${dose.slot}`} className="simple-dose">
            <div>
              <p className="simple-medicine">{name}</p>
              <p>{doseLine(dose)}</p>
              {item.open ? null : (
                <p className="simple-state">
                  {dose.taken ? <Check aria-hidden="true" className="simple-icon" strokeWidth={3} /> : null}
                  {doseStateText(item)}
                  {waiting ? (
                    <span>
                      <Trans>Waiting to sync</Trans>
                    </span>
                  ) : null}
                </p>
              )}
            </div>
            {item.open && item.available ? (
              <button
                type="button"
                className={simpleButtonClass.primary}
                disabled={props.busy}
                onClick={() => props.onTake(dose)}
              >
                <Trans>Take {name}</Trans>
              </button>
            ) : item.open ? (
              <p className="simple-state">{doseStateText(item)}</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
