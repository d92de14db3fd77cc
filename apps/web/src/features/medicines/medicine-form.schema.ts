import { t } from '@lingui/core/macro';
import { LIMITS, frequencyForSchedule, medicineFieldsSchema } from '@medrem/contract';
import { z } from 'zod';

const fields = medicineFieldsSchema.shape;

/**
 * An empty number input reaches the schema as NaN: say that the field is required (clearer than
 * the contract's 'must be a whole number'), then apply the contract's own rule. The words are
 * looked up when a value is checked, in the page's language then (the schema is built at import).
 */
const requiredNumber = (required: () => string, rule: z.ZodNumber) =>
  z.number({ error: required }).pipe(rule);

const numberFields = {
  originalDurationDays: requiredNumber(() => t`Total duration is required.`, fields.originalDurationDays),
  durationDays: requiredNumber(() => t`Supply duration is required.`, fields.durationDays),
  totalPills: requiredNumber(() => t`Total pills is required.`, fields.totalPills),
  pillsPerDose: requiredNumber(() => t`Pills per dose is required.`, fields.pillsPerDose),
};

const formFields = medicineFieldsSchema.extend(numberFields);

/**
 * Spec section 5: on the add form dosage and instructions are optional (the contract's own rules).
 * The flags need a dose unless the schedule has no slots: the contract's rule (decision 184).
 */
export const addMedicineFormSchema = formFields.superRefine(frequencyForSchedule('daily'));

/** Spec section 5: on the update form dosage is required as well. */
export const updateMedicineFormSchema = formFields
  .extend({
    dosage: z
      .string()
      .trim()
      .min(1, { error: () => t`Dosage is required.` })
      .max(LIMITS.dosage, { error: () => t`Dosage is too long (at most 60 characters).` }),
  })
  .superRefine(frequencyForSchedule('daily'));

export type MedicineFormInput = z.input<typeof medicineFieldsSchema>;
export type MedicineFormValues = z.output<typeof medicineFieldsSchema>;
