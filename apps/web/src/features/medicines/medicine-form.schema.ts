import { LIMITS, medicineFieldsSchema } from '@medrem/contract';
import { z } from 'zod';

/** Spec section 5: on the add form dosage and instructions are optional (the contract's own rules). */
export const addMedicineFormSchema = medicineFieldsSchema;

/** Spec section 5: on the update form dosage is required as well. */
export const updateMedicineFormSchema = medicineFieldsSchema.extend({
  dosage: z
    .string()
    .trim()
    .min(1, 'Dosage is required.')
    .max(LIMITS.dosage, 'Dosage is too long (at most 60 characters).'),
});

export type MedicineFormInput = z.input<typeof medicineFieldsSchema>;
export type MedicineFormValues = z.output<typeof medicineFieldsSchema>;
