/**
 * The schemas of packs (pack.contract.ts has the calls). Packs of a medicine and what the cabinet holds (issue 58, decisions 321–326): a pack read from its
 * GS1 code (or typed in by hand) adds its pills as a refill, with its batch, serial and expiry; a
 * product number (GTIN) is remembered per user as one medicine and its pills per pack.
 */
import { toGtin14 } from '@medrem/domain';
import { z } from 'zod';
import { LIMITS } from './constants';
import {
  boundedInt,
  idSchema,
  idempotencyKeySchema,
  isoDateSchema,
  textSchema,
  timestampSchema,
} from './primitives';

/** The longest scanned text accepted: a DataMatrix of a pack holds far less (the reader's own cap). */
export const PACK_CODE_MAX = 512;
/** GS1's batch (AI 10) and serial (AI 21) are at most 20 characters. */
export const PACK_FIELD_MAX = 20;
/** GS1's 82-character set (General Specifications 7.11), what a batch or serial may hold. */
const GS1_CHARACTERS = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;
const GROUP_SEPARATOR_OR_PRINTABLE = /^[^\u0000-\u001c\u001e-\u001f\u007f-\u009f]*$/;

/** A scanned code as the camera or a scanner gives it: FNC1 arrives as ASCII 29, the one control kept. */
export const packCodeSchema = z
  .string({ error: 'The scanned code must be text.' })
  .min(1, 'The scanned code is empty.')
  .max(PACK_CODE_MAX, `The scanned code is too long (at most ${PACK_CODE_MAX} characters).`)
  .refine(
    (code) => GROUP_SEPARATOR_OR_PRINTABLE.test(code),
    'The scanned code may hold no control character but the group separator (ASCII 29).',
  )
  .meta({
    description:
      'The text the scanner read: a GS1 element string (FNC1 as ASCII 29 or "<GS>", or the "(01)…(17)…" form), a GS1 Digital Link URL, or an EAN-13/UPC-A/EAN-8. The server reads it itself (decision 264).',
    example: '(01)09506000134352(17)271231(10)A1B2C3(21)SN12345',
  });

const GTIN_LENGTHS = /^(\d{8}|\d{12}|\d{13}|\d{14})$/;

/** A product number typed in: GTIN-8, -12, -13 or -14 with its check digit; stored as 14 digits. */
export const gtinSchema = textSchema('GTIN')
  .trim()
  .regex(GTIN_LENGTHS, 'A product number (GTIN) is 8, 12, 13 or 14 digits.')
  // Its length refused already says enough; the check digit is told only of a number of a GTIN's length.
  .refine(
    (gtin) => !GTIN_LENGTHS.test(gtin) || toGtin14(gtin) !== null,
    "The product number's check digit does not match: check it.",
  )
  .meta({ description: 'GTIN-8/12/13/14 with its check digit.', example: '09506000134352' });

function gs1Text(label: string) {
  return textSchema(label)
    .trim()
    .min(1, `${label} is empty.`)
    .max(PACK_FIELD_MAX, `${label} is too long (at most ${PACK_FIELD_MAX} characters).`)
    .regex(GS1_CHARACTERS, `${label} may hold letters, digits and !"%&'()*+,-./:;<=>?_ only.`);
}

export const packPills = (label: string) => boundedInt(label, 1, LIMITS.maxPills);

export const PACK_STATES = ['on-hand', 'expired', 'used-up'] as const;
export type PackState = (typeof PACK_STATES)[number];

export const packSchema = z
  .object({
    id: z.uuid(),
    medicineId: z.uuid(),
    gtin: z.string().nullable().meta({ description: '14 digits; null for a pack typed in without one.' }),
    batch: z.string().nullable(),
    serial: z.string().nullable(),
    expiresOn: z.string().nullable().meta({ description: 'The last day it may be used (YYYY-MM-DD).' }),
    pills: z.number().int().meta({ description: 'The pills the pack held when added.' }),
    pillsLeft: z.number().int().meta({
      description:
        'The pills still in it, counting the supply used first-expiring-first (decision 322); 0 once used up.',
    }),
    state: z.enum(PACK_STATES).meta({
      description: 'on-hand; expired (on hand, past its expiry); used-up (finished or thrown away).',
    }),
    daysToExpiry: z.number().int().nullable().meta({
      description: 'Days from today (the saved zone) to its expiry; negative once expired; null without one.',
    }),
    addedAt: timestampSchema,
    usedUpAt: timestampSchema.nullable(),
  })
  .meta({ id: 'Pack' });
export type Pack = z.infer<typeof packSchema>;

export const gtinMappingSchema = z
  .object({
    gtin: z.string().meta({ description: '14 digits.' }),
    medicineId: z.uuid(),
    medicineName: z.string(),
    pillsPerPack: z.number().int(),
    updatedAt: timestampSchema,
  })
  .meta({ id: 'GtinMapping', description: 'What a product number is, for this user.' });
export type GtinMapping = z.infer<typeof gtinMappingSchema>;

/** What a scanned code says, before anything is stored (the scanner's question and its answer). */
export const packReadingSchema = z
  .object({
    gtin: z.string(),
    expiresOn: z.string().nullable(),
    batch: z.string().nullable(),
    serial: z.string().nullable(),
    count: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Items in the pack, when the code says (AI 30).' }),
    source: z.enum(['element-string', 'digital-link', 'barcode']),
  })
  .meta({ id: 'PackReading' });
export type PackReading = z.infer<typeof packReadingSchema>;

export const addPackInputSchema = z
  .object({
    id: idSchema.meta({ description: 'The medicine the pack is of.' }),
    code: packCodeSchema.optional(),
    gtin: gtinSchema.optional(),
    batch: gs1Text('Batch').optional(),
    serial: gs1Text('Serial number').optional(),
    expiresOn: isoDateSchema.optional().meta({ description: 'The pack’s expiry, YYYY-MM-DD.' }),
    pills: packPills('Pills in the pack').optional().meta({
      description:
        'How many pills the pack holds; without it, the GTIN’s remembered count, else the code’s count (AI 30).',
    }),
    remember: z.boolean().default(true).meta({
      description: 'Remember this GTIN as this medicine with this many pills per pack (default true).',
    }),
    inSupply: z.boolean().default(false).meta({
      description:
        'The pack’s pills are in the supply already (the first pack of a medicine just added with it as its supply; a pack on hand recorded later): it is recorded with its expiry, batch and serial and adds no pills. Removing it later leaves the supply alone (decision 342).',
    }),
    idempotencyKey: idempotencyKeySchema.optional(),
  })
  .refine((input) => input.code === undefined || input.gtin === undefined, {
    message: 'Send the scanned code or the typed fields (gtin, batch, serial, expiresOn), not both.',
    path: ['code'],
  })
  .refine(
    (input) =>
      input.code === undefined ||
      (input.batch === undefined && input.serial === undefined && input.expiresOn === undefined),
    {
      message: 'Send the scanned code or the typed fields (gtin, batch, serial, expiresOn), not both.',
      path: ['code'],
    },
  )
  .refine((input) => input.serial === undefined || input.gtin !== undefined, {
    message: 'A serial number needs the product number (GTIN) it belongs to.',
    path: ['gtin'],
  });
export type AddPackInput = z.input<typeof addPackInputSchema>;

export const cabinetSchema = z
  .object({
    today: z.string().meta({ description: 'Today in the saved zone, which the days count from.' }),
    packs: z.array(packSchema.extend({ medicineName: z.string() })).meta({
      description: 'Every pack on hand (expired ones included), first-expiring first.',
    }),
    expiredCount: z.number().int(),
    medicines: z
      .array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          pillsLeft: z.number().int(),
          daysLeft: z.number().int(),
          runsOutOn: z
            .string()
            .nullable()
            .meta({ description: 'The day the supply runs out; null if never.' }),
          nextExpiry: z
            .string()
            .nullable()
            .meta({ description: 'The first expiry among its packs on hand.' }),
        }),
      )
      .meta({ description: 'Medicines being taken, the one that runs out first first.' }),
  })
  .meta({ id: 'Cabinet' });
export type Cabinet = z.infer<typeof cabinetSchema>;

/** A pack as the export keeps it: as stored, without the figures of a day (issue 58). */
export const packExportSchema = z.object({
  id: z.uuid(),
  medicineId: z.uuid(),
  gtin: z.string().nullable(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  expiresOn: z.string().nullable(),
  pills: z.number().int(),
  addedAt: timestampSchema,
  usedUpAt: timestampSchema.nullable(),
});

export const gtinMappingExportSchema = z.object({
  gtin: z.string(),
  medicineId: z.uuid(),
  pillsPerPack: z.number().int(),
  updatedAt: timestampSchema,
});
