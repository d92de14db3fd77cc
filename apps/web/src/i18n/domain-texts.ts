/**
 * The shared domain's words, as the page's language says them (issue 54). The domain package names
 * slots, statuses and greetings in English for the server, the API and the rules; the screens show
 * them through these tables, translated when shown (decision 361).
 */
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DoseSkip, Greeting, SkipReason, SlotName, SlotStatus } from '@medrem/domain';
import { formatTimeOfDay } from './intl-formats';

const SLOT_NAMES: Record<SlotName, MessageDescriptor> = {
  Morning: msg({ message: 'Morning', comment: 'The doses of the morning (5:00–11:59)' }),
  Afternoon: msg({ message: 'Afternoon', comment: 'The doses of the afternoon (12:00–16:59)' }),
  Evening: msg({ message: 'Evening', comment: 'The doses of the evening (17:00–20:59)' }),
  Night: msg({ message: 'Night', comment: 'The doses of the night (21:00–4:59)' }),
};

const SLOT_STATUSES: Record<SlotStatus, MessageDescriptor> = {
  'No doses': msg({ message: 'No doses', comment: 'Status of a time of day with no medicine' }),
  'Not due': msg({ message: 'Not due', comment: 'Status of doses not due today' }),
  Upcoming: msg({ message: 'Upcoming', comment: 'Status of doses later today' }),
  Due: msg({ message: 'Due', comment: 'Status of doses to take now' }),
  Completed: msg({ message: 'Completed', comment: 'Status: every dose of this time taken' }),
  'In Progress': msg({ message: 'In Progress', comment: 'Status: some doses of this time taken' }),
  Missed: msg({ message: 'Missed', comment: 'Status: the doses of this time were not taken' }),
  Skipped: msg({ message: 'Skipped', comment: 'Status: the doses of this time were skipped' }),
};

const GREETINGS: Record<Greeting, MessageDescriptor> = {
  'Good Morning': msg`Good Morning`,
  'Good Afternoon': msg`Good Afternoon`,
  'Good Evening': msg`Good Evening`,
  'Good Night': msg`Good Night`,
};

const isKey = <K extends string>(table: Record<K, MessageDescriptor>, value: string): value is K =>
  Object.prototype.hasOwnProperty.call(table, value);

/** A slot's name ("Morning"); a name the domain does not know (from a newer server) as it came. */
export function slotNameText(name: string): string {
  return isKey(SLOT_NAMES, name) ? i18n._(SLOT_NAMES[name]) : name;
}

export function slotStatusText(status: string): string {
  return isKey(SLOT_STATUSES, status) ? i18n._(SLOT_STATUSES[status]) : status;
}

export function greetingText(greeting: Greeting): string {
  return i18n._(GREETINGS[greeting]);
}

// A dose's skip and postponement (decisions 225, 316): the domain's skipText and postponedText
// are the server's English; the screens say the same from the skip's reason and the time.
const SKIP_REASONS: Record<SkipReason, MessageDescriptor> = {
  felt_unwell: msg({ message: 'Felt unwell', comment: 'Why a dose was skipped' }),
  doctors_advice: msg({ message: "Doctor's advice", comment: 'Why a dose was skipped' }),
  ran_out: msg({ message: 'Ran out', comment: 'Why a dose was skipped: no pills left' }),
  other: msg({ message: 'Other reason', comment: 'Why a dose was skipped' }),
};

/** A skip's reason in words ("Felt unwell"). */
export function skipReasonText(reason: SkipReason): string {
  return i18n._(SKIP_REASONS[reason]);
}

/** Why a dose was skipped, reason and note: "Felt unwell: Nausea", "Felt unwell", "Nausea"; null if neither. */
export function skipWhyText(skip: Pick<DoseSkip, 'reason' | 'note'>): string | null {
  const reason = skip.reason ? skipReasonText(skip.reason) : null;
  const note = skip.note?.trim() || null;
  if (reason && note)
    return t({ message: `${reason}: ${note}`, comment: 'A skip’s reason and the person’s note' });
  return reason ?? note;
}

/** How a skipped dose reads: "Skipped — Felt unwell" (or just "Skipped"). */
export function skipStateText(skip: Pick<DoseSkip, 'reason' | 'note'>): string {
  const why = skipWhyText(skip);
  return why
    ? t({
        message: `Skipped — ${why}`,
        comment: 'A dose skipped on purpose, and why: "Skipped — Felt unwell"',
      })
    : t({ message: 'Skipped', context: 'a dose’s state', comment: 'One dose skipped on purpose' });
}

/** How a postponed dose reads: "Postponed to 9:30 AM". */
export function postponedStateText(to: string): string {
  const time = formatTimeOfDay(to);
  return t({ message: `Postponed to ${time}`, comment: 'A dose moved to a later time today' });
}
