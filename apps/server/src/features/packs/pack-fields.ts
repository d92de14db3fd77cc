import type { AddPackInput } from '@medrem/contract';
import { addDays, parseGs1, toGtin14 } from '@medrem/domain';
import { badRequest } from '../../lib/app-error';

/** No medicine pack carries an expiry this far ahead: a date so far is a typing or reading error. */
export const MAX_EXPIRY_YEARS = 10;

export interface PackFields {
  gtin: string | null;
  batch: string | null;
  serial: string | null;
  expiresOn: string | null;
  /** Items the code says the pack holds (AI 30). */
  count: number | null;
  source: 'element-string' | 'digital-link' | 'barcode' | 'typed';
}

/**
 * What a scanned code says, read by the server itself with the domain's GS1 reader (decision 264):
 * the client's own reading is never trusted. `today` (the saved zone's) decides the century of the
 * code's two-digit year. Refused (400) in the reader's words.
 */
export function readCode(code: string, today: string): PackFields {
  const result = parseGs1(code, Number(today.slice(0, 4)));
  if (!result.ok) throw badRequest(result.error);
  const { pack } = result;
  return {
    gtin: pack.gtin,
    batch: pack.batch ?? null,
    serial: pack.serial ?? null,
    expiresOn: pack.expiry ?? null,
    count: pack.count ?? null,
    source: result.source,
  };
}

/** The fields of an added pack, from its code or as typed, with an expiry a pack can have. */
export function packFieldsOf(input: Omit<AddPackInput, 'id' | 'remember'>, today: string): PackFields {
  const fields: PackFields = input.code
    ? readCode(input.code, today)
    : {
        gtin: input.gtin ? toGtin14(input.gtin) : null,
        batch: input.batch ?? null,
        serial: input.serial ?? null,
        expiresOn: input.expiresOn ?? null,
        count: null,
        source: 'typed',
      };
  if (fields.expiresOn !== null) {
    if (fields.expiresOn < today) {
      throw badRequest(`This pack expired on ${fields.expiresOn}: it is not added to your supply.`);
    }
    if (fields.expiresOn > addDays(today, MAX_EXPIRY_YEARS * 366)) {
      throw badRequest(
        `An expiry of ${fields.expiresOn} is more than ${MAX_EXPIRY_YEARS} years away: check the date.`,
      );
    }
  }
  return fields;
}
