import { LIMITS, frequencyForSchedule, medicineFieldsSchema } from '@medrem/contract';
import { z } from 'zod';

const fields = medicineFieldsSchema.shape;

/**
 * An empty number input reaches the schema as NaN: say that the field is required (clearer than
 * the contract's 'must be a whole number'), then apply the contract's own rule.
 */
const requiredNumber = (label: string, rule: z.ZodNumber) =>
  z.number({ error: `${label} is required.` }).pipe(rule);

const numberFields = {
  originalDurationDays: requiredNumber('Total duration', fields.originalDurationDays),
  durationDays: requiredNumber('Supply duration', fields.durationDays),
  totalPills: requiredNumber('Total pills', fields.totalPills),
  pillsPerDose: requiredNumber('Pills per dose', fields.pillsPerDose),
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
      .min(1, 'Dosage is required.')
      .max(LIMITS.dosage, 'Dosage is too long (at most 60 characters).'),
  })
  .superRefine(frequencyForSchedule('daily'));

export type MedicineFormInput = z.input<typeof medicineFieldsSchema>;
export type MedicineFormValues = z.output<typeof medicineFieldsSchema>;
