import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type SlotStatus } from '@medrem/domain';
import { slotNameText, slotStatusText } from '../../../i18n/domain-texts';
import { formatTimeOfDay } from '../../../i18n/intl-formats';
import { Link } from '@tanstack/react-router';
import { Moon, Sun, Sunrise, Sunset, type LucideIcon } from 'lucide-react';
import { type DoseSlotView, type SlotDose, doseLine } from '../dose-slots.model';
import { pendingTickKey } from '../use-taken-today.hook';
import { DosePostpone } from './dose-postpone.component';
import { DoseSkip } from './dose-skip.component';
import { DoseTick } from './dose-tick.component';
import { DoseTakenAt } from './taken-at.component';

const STATUS_STYLE: Record<SlotStatus, string> = {
  Completed: 'bg-green-100 text-green-800',
  'In Progress': 'bg-blue-100 text-blue-800',
  Due: 'bg-amber-100 text-amber-900',
  Missed: 'bg-red-100 text-red-800',
  // Decision 225: settled on purpose, neither done nor forgotten.
  Skipped: 'bg-violet-100 text-violet-900',
  Upcoming: 'bg-slate-100 text-slate-700',
  'No doses': 'bg-slate-100 text-slate-700',
  // Decision 187: neutral, since nothing was owed.
  'Not due': 'bg-slate-100 text-slate-700',
};
const SLOT_ICON: Record<DoseSlotView['name'], LucideIcon> = {
  Morning: Sunrise,
  Afternoon: Sun,
  Evening: Sunset,
  Night: Moon,
};

/** Decision 187: why a dose before the medicine was added is not due, and that a tick still counts. */
export const BEFORE_ADDED_NOTE = msg`Before you added it: tick it if you took it.`;

export function DoseSlotCard(props: {
  slot: DoseSlotView;
  /** Today in the saved zone: the day a taken time is corrected on (decision 191). */
  date: string;
  timeZone: string;
  /** Ticks made on this device that wait to reach the server (pendingTickKey). */
  pendingTicks: ReadonlySet<string>;
  onToggle: (dose: SlotDose) => void;
  /**
   * An every-N-hours dose's card (decision 120): its own ids and a note instead of the default-time
   * hint, since its time comes from its schedule, not from the settings.
   */
  interval?: { key: string; note: string };
}) {
  const { t } = useLingui();
  const { slot, interval } = props;
  const Icon = SLOT_ICON[slot.name];
  const id = interval ? `interval-${interval.key}` : slot.id;
  const titleId = `${id}-title`;
  // "Metformin, Morning dose": which dose a control is about (the card's time on an every-N-hours card).
  // The domain's name, in the page's language; a title made distinct by its time has it already.
  const title = slot.title === slot.name ? slotNameText(slot.name) : slot.title;
  const when = interval ? formatTimeOfDay(slot.time) : title;
  const doseName = (name: string) =>
    t({ message: `${name}, ${when} dose`, comment: '{when} is a slot name (Morning…) or a time' });
  const tickLabel = (name: string) =>
    t({ message: `${name}, ${when} dose taken`, comment: '{when} is a slot name (Morning…) or a time' });
  return (
    <section
      aria-labelledby={titleId}
      data-testid={interval ? `interval-dose-${interval.key}` : `dose-${slot.id}`}
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-6 text-brand-700" />
          <div>
            <h3 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h3>
            {slot.title === slot.name ? (
              <p className="text-sm text-slate-700">{formatTimeOfDay(slot.time)}</p>
            ) : null}
          </div>
        </div>
        <span
          className={`shrink-0 rounded-full px-2.5 py-1 text-sm font-medium whitespace-nowrap ${STATUS_STYLE[slot.status]}`}
        >
          {slotStatusText(slot.status)}
        </span>
      </header>
      {slot.doses.length === 0 ? (
        <p className="my-4 text-slate-600">
          <Trans>No medicines in this slot.</Trans>
        </p>
      ) : (
        <ul className="my-3 flex flex-col gap-2">
          {slot.doses.map((dose) => (
            <li key={dose.medicine.id} className="rounded-lg bg-slate-50 p-2">
              <div className="flex items-center justify-between gap-3">
                <div>
                  <p className="font-medium text-slate-900">{dose.medicine.name}</p>
                  <p className="text-sm text-slate-700">{doseLine(dose)}</p>
                  {dose.beforeAdded && !dose.taken ? (
                    <p className="text-sm text-slate-600">{t(BEFORE_ADDED_NOTE)}</p>
                  ) : null}
                  {dose.taken && dose.takenAt ? (
                    <DoseTakenAt
                      medicine={dose.medicine}
                      date={props.date}
                      slot={dose.slot}
                      takenAt={dose.takenAt}
                      timeZone={props.timeZone}
                    />
                  ) : null}
                </div>
                <DoseTick
                  label={tickLabel(dose.medicine.name)}
                  taken={dose.taken}
                  available={slot.available}
                  busy={false}
                  waiting={props.pendingTicks.has(pendingTickKey(dose.medicine.id, dose.slot))}
                  onToggle={() => props.onToggle(dose)}
                />
              </div>
              <DosePostpone
                medicine={dose.medicine}
                doseName={doseName(dose.medicine.name)}
                date={props.date}
                slot={dose.slot}
                plannedTime={dose.plannedTime ?? slot.time}
                settled={dose.taken || Boolean(dose.skipped)}
                postponedTo={dose.postponedTo ?? null}
                timeZone={props.timeZone}
              />
              <DoseSkip
                medicine={dose.medicine}
                doseName={doseName(dose.medicine.name)}
                date={props.date}
                slot={dose.slot}
                taken={dose.taken}
                skipped={dose.skipped ?? null}
              />
            </li>
          ))}
        </ul>
      )}
      {interval ? (
        <p className="mt-auto text-sm text-slate-700">{interval.note}</p>
      ) : slot.index < 0 ? (
        <p className="mt-auto text-sm text-slate-700">
          <Trans>A time set for this medicine.</Trans>
        </p>
      ) : (
        <Link
          to="/settings"
          search={{ tab: 'medicineDefaults' }}
          className="mt-auto text-sm text-brand-700 underline"
        >
          <Trans>You can set your default time from settings</Trans>
        </Link>
      )}
    </section>
  );
}
