import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The medicine form's number inputs, with the words each shows (translated where shown). */
type NumberField = 'originalDurationDays' | 'durationDays' | 'totalPills' | 'pillsPerDose';
export const NUMBER_FIELDS: { name: NumberField; label: MessageDescriptor; hint?: MessageDescriptor }[] = [
  {
    name: 'originalDurationDays',
    label: msg`Total Duration (days)`,
    hint: msg`How long the whole treatment lasts.`,
  },
  {
    name: 'durationDays',
    label: msg`Supply Duration (days)`,
    hint: msg`Worked out from your pills and doses; change it if your supply lasts otherwise.`,
  },
  { name: 'totalPills', label: msg`Total Pills`, hint: msg`Pills in your current supply.` },
  { name: 'pillsPerDose', label: msg`Pills per Dose` },
];
