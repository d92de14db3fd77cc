/**
 * The calls of packs, GTIN mappings and the cabinet (issue 58, decisions 321–326); their schemas are
 * in pack-schemas.contract.ts.
 */
import { z } from 'zod';
import { defineProcedure } from './define-procedure';
import { EXAMPLE } from './examples';
import { medicineSchema } from './medicine.contract';
import {
  addPackInputSchema,
  cabinetSchema,
  gtinMappingSchema,
  gtinSchema,
  packCodeSchema,
  packPills,
  packReadingSchema,
  packSchema,
} from './pack-schemas.contract';
import { idSchema, successSchema, timestampSchema } from './primitives';

const packRef = z.object({ id: idSchema, packId: idSchema });
const packAnswer = z.object({ pack: packSchema, medicine: medicineSchema });
const SERIAL_TWICE = 'This serial number of this product was added already (data.reason PACK_SERIAL_KNOWN)';

export const packContract = {
  list: defineProcedure({
    method: 'GET',
    path: '/api/medicine/{id}/packs',
    tag: 'packs',
    summary: 'A medicine’s packs: on hand first-expiring first, then the used-up ones',
    access: 'bearer',
    scope: 'read',
    errors: { 404: 'No such medicine of yours' },
    input: z.object({ id: idSchema }),
    output: z.object({
      packs: z.array(packSchema),
      loosePills: z.number().int().meta({
        description: 'Pills of the supply in no recorded pack (entered, or refilled without a pack).',
      }),
    }),
  }),
  add: defineProcedure({
    method: 'POST',
    path: '/api/medicine/{id}/packs',
    tag: 'packs',
    summary: 'Add a pack: its pills are added to the supply as a refill',
    description:
      'Either code (the scanned text, read by the server with the GS1 reader) or the typed fields. A serial of the same product added before is refused (409, data.reason PACK_SERIAL_KNOWN), as is an expired pack or an unreadable code (400); nothing is stored then. With remember (default) the GTIN is remembered as this medicine and its pills per pack. With inSupply the pills are counted in the supply already and are not added again (decision 342).',
    access: 'bearer',
    scope: 'medicines:write',
    successStatus: 201,
    errors: { 404: 'No such medicine of yours', 409: SERIAL_TWICE },
    example: { id: EXAMPLE.id, code: '(01)09506000134352(17)271231(10)A1B2C3(21)SN12345', pills: 30 },
    input: addPackInputSchema,
    output: packAnswer,
  }),
  usedUp: defineProcedure({
    method: 'POST',
    path: '/api/medicine/{id}/packs/{packId}/used-up',
    tag: 'packs',
    summary: 'Mark a pack finished or thrown away: what is left in it comes off the supply',
    access: 'bearer',
    scope: 'medicines:write',
    errors: { 404: 'No such pack of yours', 409: 'It is used up already' },
    input: packRef,
    output: packAnswer,
  }),
  remove: defineProcedure({
    method: 'DELETE',
    path: '/api/medicine/{id}/packs/{packId}',
    tag: 'packs',
    summary:
      'Remove a pack added by mistake: the pills it added come off the supply (none for a pack recorded inSupply)',
    access: 'bearer',
    scope: 'medicines:write',
    errors: { 404: 'No such pack of yours' },
    input: packRef,
    output: z.object({ medicine: medicineSchema }),
  }),
  read: defineProcedure({
    method: 'POST',
    path: '/api/packs/read',
    tag: 'packs',
    summary: 'Read a scanned code: what it says, which medicine its GTIN is, whether it was added',
    description:
      'Stores nothing. 400 with the reason in words when the code is unreadable, its check digit does not match or its expiry is no date.',
    access: 'bearer',
    scope: 'read',
    example: { code: '(01)09506000134352(17)271231(10)A1B2C3(21)SN12345' },
    input: z.object({ code: packCodeSchema }),
    output: z.object({
      reading: packReadingSchema,
      mapping: gtinMappingSchema.nullable().meta({ description: 'null: the first scan of this GTIN.' }),
      added: z
        .object({
          packId: z.uuid(),
          medicineId: z.uuid(),
          medicineName: z.string(),
          addedAt: timestampSchema,
        })
        .nullable()
        .meta({ description: 'This serial was added already (a rescan).' }),
    }),
  }),
  cabinet: defineProcedure({
    method: 'GET',
    path: '/api/cabinet',
    tag: 'packs',
    summary: 'The medicine cabinet: every pack on hand with its expiry, and what runs out first',
    access: 'bearer',
    scope: 'read',
    input: z.object({}),
    output: cabinetSchema,
  }),
  mappings: defineProcedure({
    method: 'GET',
    path: '/api/gtin-mappings',
    tag: 'packs',
    summary: 'The product numbers (GTINs) remembered as medicines',
    access: 'bearer',
    scope: 'read',
    input: z.object({}),
    output: z.object({ mappings: z.array(gtinMappingSchema) }),
  }),
  setMapping: defineProcedure({
    method: 'PUT',
    path: '/api/gtin-mappings/{gtin}',
    tag: 'packs',
    summary: 'Remember a product number as one of your medicines, with its pills per pack',
    access: 'bearer',
    scope: 'medicines:write',
    errors: { 404: 'No such medicine of yours' },
    example: { gtin: '09506000134352', medicineId: EXAMPLE.id, pillsPerPack: 30 },
    input: z.object({ gtin: gtinSchema, medicineId: idSchema, pillsPerPack: packPills('Pills per pack') }),
    output: gtinMappingSchema,
  }),
  deleteMapping: defineProcedure({
    method: 'DELETE',
    path: '/api/gtin-mappings/{gtin}',
    tag: 'packs',
    summary: 'Forget a product number: its next scan asks again',
    access: 'bearer',
    scope: 'medicines:write',
    errors: { 404: 'No such product number remembered' },
    input: z.object({ gtin: gtinSchema }),
    output: successSchema,
  }),
};
