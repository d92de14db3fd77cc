/** The medicine form's number inputs, with the words each shows. */
type NumberField = 'originalDurationDays' | 'durationDays' | 'totalPills' | 'pillsPerDose';
export const NUMBER_FIELDS: { name: NumberField; label: string; hint?: string }[] = [
  {
    name: 'originalDurationDays',
    label: 'Total Duration (days)',
    hint: 'How long the whole treatment lasts.',
  },
  {
    name: 'durationDays',
    label: 'Supply Duration (days)',
    hint: 'Worked out from your pills and doses; change it if your supply lasts otherwise.',
  },
  { name: 'totalPills', label: 'Total Pills', hint: 'Pills in your current supply.' },
  { name: 'pillsPerDose', label: 'Pills per Dose' },
];
