import { plural, t } from '@lingui/core/macro';
import {
  cardStatus,
  dosePhase,
  dosesOn,
  groupIntoSlots,
  hasOwnTimes,
  intervalDosesOn,
  isDoseDay,
  isTakeable,
  minutesOfDay,
  normaliseTaken,
  parseFrequency,
  slotNameForTime,
  slotsBeforeAdded,
  taperStepOn,
  type SkipReason,
  type SlotName,
  type SlotStatus,
} from '@medrem/domain';
import { slotNameText } from '../../i18n/domain-texts';
import { formatTimeOfDay } from '../../i18n/intl-formats';
import type { Medicine } from '@medrem/contract';

export interface SlotDose {
  medicine: Medicine;
  /** The index its tick records in the medicine's day (its own time's, or the default slot's). */
  slot: number;
  taken: boolean;
  /** The medicine's whole taken string for today, normalised to its frequency's length. */
  takenToday: string;
  /** When this dose was taken (ISO), if it is and the server knows (decision 191). */
  takenAt?: string | null;
  /** Skipped on purpose with its reason (decision 225), when not taken. */
  skipped?: DoseSkipView | null;
  /** The dose's planned time today: which dose a postponement names (decision 316). */
  plannedTime?: string;
  /** Postponed to a later time today (decision 316), while not taken. */
  postponedTo?: string | null;
  /** A taper's step of today (decision 120): what to take, instead of the medicine's dosage. */
  step?: { dose: string; pillsPerDose: number };
  /**
   * Its time came before the medicine was added (decision 187): never Due nor Missed, still
   * tickable by someone who took it before adding the medicine.
   */
  beforeAdded?: boolean;
}

export interface DoseSlotView {
  /** The default slot's index; for a card of own times only (decision 212), -1. */
  index: number;
  /** Unique among the day's cards: 'slot-<index>', 'time-<HHMM>' or an every-N-hours dose's. */
  id: string;
  time: string;
  name: SlotName;
  /** The card's heading: the slot's name, with its time when another card has the same name. */
  title: string;
  status: SlotStatus;
  /** Decision 190: a dose can be ticked from its take-early window on. */
  available: boolean;
  doses: SlotDose[];
}

/** A dose's skip as the API answers it (decision 225). */
export interface DoseSkipView {
  reason: SkipReason | null;
  note?: string | undefined;
}

/** Today's answers the cards are built from, one entry per medicine id. */
export interface TodayInput {
  medicines: readonly Medicine[];
  takenById: ReadonlyMap<string, string | null | undefined>;
  /** Per medicine, per slot: when the dose was taken (decision 191). */
  takenAtById?: ReadonlyMap<string, readonly (string | null)[] | undefined>;
  /** Per medicine, per slot: the dose skipped on purpose (decision 225). */
  skippedById?: ReadonlyMap<string, readonly (DoseSkipView | null)[] | undefined>;
  /** Per medicine, per slot: the time a dose was postponed to (decision 316). */
  postponedById?: ReadonlyMap<string, readonly (string | null)[] | undefined>;
  today: string;
  nowMinutes: number;
  /** Minutes before its time a dose may be ticked (the user's setting, decision 190). */
  takeEarlyMinutes: number;
  /** The saved zone: where the instant a medicine was added falls among today's doses. */
  timeZone: string;
}

/** What a dose's line says under its name: its dose and a proper plural ('1 pill', '2 pills'). */
export function doseLine(dose: SlotDose): string {
  const pills = dose.step?.pillsPerDose ?? dose.medicine.pillsPerDose;
  return [dose.step?.dose ?? dose.medicine.dosage, plural(pills, { one: '# pill', other: '# pills' })]
    .filter(Boolean)
    .join(' · ');
}

function slotState(
  time: string,
  doses: readonly SlotDose[],
  input: TodayInput,
): Pick<DoseSlotView, 'status' | 'available'> {
  const phase = dosePhase(time, input.nowMinutes, input.takeEarlyMinutes);
  const cardDoses = (list: readonly SlotDose[]) =>
    list.map((dose) => ({ ...dose, skipped: Boolean(dose.skipped) }));
  // A dose postponed and still open (decision 316) is judged at its new time, apart from the card's.
  const moved = doses.filter((dose) => dose.postponedTo && !dose.taken && !dose.skipped);
  const staying = doses.filter((dose) => !moved.includes(dose));
  let status = cardStatus(cardDoses(staying), phase);
  if (moved.length > 0) {
    const earliest = moved.map((dose) => dose.postponedTo!).sort()[0]!;
    const movedStatus = cardStatus(cardDoses(moved), dosePhase(earliest, input.nowMinutes, 0));
    if (staying.length === 0) status = movedStatus;
    else if (status === 'Completed' || status === 'Skipped' || status === 'Not due') status = 'In Progress';
  }
  return { status, available: isTakeable(phase) };
}

/** A dose not taken that was postponed (decision 316): its new time, and its planned one. */
function postponed(input: TodayInput, medicineId: string, slot: number, taken: boolean, plannedTime: string) {
  const to = taken ? null : (input.postponedById?.get(medicineId)?.[slot] ?? null);
  return { plannedTime, ...(to ? { postponedTo: to } : {}) };
}

function takenAtOf(input: TodayInput, medicineId: string, slot: number): string | null {
  return input.takenAtById?.get(medicineId)?.[slot] ?? null;
}

/** A dose not taken that was skipped (decision 225): its skip, else nothing. */
function skipped(input: TodayInput, medicineId: string, slot: number, taken: boolean) {
  const skip = taken ? null : (input.skippedById?.get(medicineId)?.[slot] ?? null);
  return skip ? { skipped: skip } : {};
}

/**
 * The dashboard's dose-slot cards for today, one per time (decision 212): slot i is default time i
 * and lists each medicine on the default times whose course runs today and whose flag i is 1; a
 * medicine with its own times is listed in the card of each of its times, a default time's card
 * when it has the same time, else a card of that time. Status and availability follow the domain
 * rules, with 'now' in the user's saved zone. A dose before the medicine was added is listed,
 * tickable, marked `beforeAdded` and left out of the status until ticked (decision 187, `cardStatus`).
 */
export function buildDoseSlots(
  input: TodayInput & { defaultReminderTimes: readonly string[] },
): DoseSlotView[] {
  // Only medicines with doses today: a Monday medicine is not listed (nor missed) on a Tuesday.
  const active = input.medicines.filter((m) => isDoseDay(m, input.today));
  const context = { timeZone: input.timeZone, defaultReminderTimes: input.defaultReminderTimes };
  const cards = groupIntoSlots(
    active.filter((m) => !hasOwnTimes(m)),
    input.defaultReminderTimes,
  ).map((slot) => ({
    index: slot.index,
    id: `slot-${slot.index}`,
    time: slot.time,
    name: slot.name,
    doses: slot.medicines.map((medicine) =>
      slotDose(
        input,
        medicine,
        slot.index,
        slotsBeforeAdded(medicine, input.today, context).has(slot.index),
        slot.time,
      ),
    ),
  }));
  for (const medicine of active.filter(hasOwnTimes)) {
    for (const dose of dosesOn(medicine, input.today, context)) {
      let card = cards.find((c) => c.time === dose.time);
      if (!card) {
        card = {
          index: -1,
          id: `time-${dose.time.replace(':', '')}`,
          time: dose.time,
          name: slotNameForTime(dose.time),
          doses: [],
        };
        cards.push(card);
      }
      card.doses.push(slotDose(input, medicine, dose.slot, dose.beforeAdded === true, dose.time));
    }
  }
  return cards.map((card) => ({ ...card, title: card.name, ...slotState(card.time, card.doses, input) }));
}

/** One medicine's dose in a card: its tick's slot, whether taken and when, a taper's step. */
function slotDose(
  input: TodayInput,
  medicine: Medicine,
  slot: number,
  beforeAdded: boolean,
  plannedTime: string,
): SlotDose {
  const takenToday = normaliseTaken(
    input.takenById.get(medicine.id),
    parseFrequency(medicine.frequency).length,
  );
  const step =
    medicine.schedule?.kind === 'taper'
      ? taperStepOn(medicine.schedule.steps, medicine.startDate, input.today)
      : null;
  const taken = takenToday.split('-')[slot] === '1';
  const takenAt = taken ? takenAtOf(input, medicine.id, slot) : null;
  const dose: SlotDose = {
    medicine,
    slot,
    takenToday,
    taken,
    takenAt,
    ...skipped(input, medicine.id, slot, taken),
    ...postponed(input, medicine.id, slot, taken, plannedTime),
  };
  if (beforeAdded) dose.beforeAdded = true;
  return step ? { ...dose, step: { dose: step.dose, pillsPerDose: step.pillsPerDose } } : dose;
}

export type IntervalDoseView = DoseSlotView & { clockChanged: boolean };

/** An every-N-hours dose's card (as opposed to a default time's). */
export function isIntervalCard(card: DoseSlotView): card is IntervalDoseView {
  return 'clockChanged' in card;
}

/**
 * Today's every-N-hours doses (decision 120), one card per dose: slot k is the k-th dose of the day
 * (the index its tick records), at the wall time the saved zone shows for it.
 */
export function buildIntervalDoses(input: TodayInput): IntervalDoseView[] {
  return input.medicines.flatMap((medicine) => {
    const doses = intervalDosesOn(medicine, input.today, input.timeZone);
    const takenToday = normaliseTaken(input.takenById.get(medicine.id), doses.length);
    return doses.map((dose) => {
      const taken = takenToday.split('-')[dose.slot] === '1';
      const takenAt = taken ? takenAtOf(input, medicine.id, dose.slot) : null;
      const slotDoses: SlotDose[] = [
        {
          medicine,
          slot: dose.slot,
          taken,
          takenToday,
          takenAt,
          ...skipped(input, medicine.id, dose.slot, taken),
          ...postponed(input, medicine.id, dose.slot, taken, dose.time),
          ...(dose.beforeAdded ? { beforeAdded: true } : {}),
        },
      ];
      return {
        index: dose.slot,
        id: `interval-${medicine.id}-${dose.slot}`,
        time: dose.time,
        name: slotNameForTime(dose.time),
        title: slotNameForTime(dose.time),
        ...slotState(dose.time, slotDoses, input),
        doses: slotDoses,
        clockChanged: dose.clockChanged === true,
      };
    });
  });
}

/**
 * Decision 192: every card of the day in the order of its time (a default time added late, or an
 * every-N-hours dose, is not listed after a later one), and a name two cards share made distinct
 * by its time ("Evening · 7:00 PM"), so no two cards read the same.
 */
export function orderDoseCards<C extends DoseSlotView>(cards: readonly C[]): C[] {
  const named = new Map<string, number>();
  for (const card of cards) named.set(card.name, (named.get(card.name) ?? 0) + 1);
  return cards
    .map((card) =>
      (named.get(card.name) ?? 0) > 1
        ? { ...card, title: `${slotNameText(card.name)} · ${formatTimeOfDay(card.time)}` }
        : card,
    )
    .sort((a, b) => minutesOfDay(a.time) - minutesOfDay(b.time));
}

/** The note under an every-N-hours dose's card: its spacing in hours, as the user entered it. */
export function intervalNote(card: IntervalDoseView): string {
  const schedule = card.doses[0]?.medicine.schedule;
  const hours = schedule?.kind === 'interval' ? schedule.everyHours : 0;
  return card.clockChanged
    ? t`Every ${plural(hours, { one: '# hour', other: '# hours' })}. The clocks changed: this dose keeps ${plural(hours, { one: '# real hour', other: '# real hours' })} from the last, so its time moved.`
    : t`Every ${plural(hours, { one: '# hour', other: '# hours' })}.`;
}
