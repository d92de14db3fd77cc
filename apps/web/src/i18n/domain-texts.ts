/**
 * The shared domain's words, as the page's language says them (issue 54). The domain package names
 * slots, statuses and greetings in English for the server, the API and the rules; the screens show
 * them through these tables, translated when shown (decision 361).
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Greeting, SlotName, SlotStatus } from '@medrem/domain';

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
