import { t } from '@lingui/core/macro';
import { type Gs1Pack, type Gs1Problem, parseGs1 } from '@medrem/domain';

/**
 * What one look at a pack gave: its contents, a reason to tell the person, or nothing yet. `code`
 * is the text as decoded, for the server to read again (it trusts no device's reading).
 */
export type PackReading =
  { kind: 'pack'; pack: Gs1Pack; code: string } | { kind: 'refused'; message: string } | { kind: 'none' };

/**
 * The texts a picture decoded to, read with the domain's GS1 reader (decision 264). A picture may
 * hold more than one code (a pack's DataMatrix beside its EAN-13): the first that reads as a pack
 * wins, and a refusal is told only when no code on it reads.
 */
export function readPackCodes(texts: readonly string[], currentYear: number): PackReading {
  let refusal: PackReading = { kind: 'none' };
  for (const text of texts) {
    const result = parseGs1(text, currentYear);
    if (result.ok) return { kind: 'pack', pack: result.pack, code: text };
    if (refusal.kind === 'none') refusal = { kind: 'refused', message: gs1ProblemWords(result.problem) };
  }
  return refusal;
}

/** Why a code is not read as a pack, in the page's language (the domain's gs1ProblemText in English). */
export function gs1ProblemWords(problem: Gs1Problem): string {
  switch (problem.code) {
    case 'notReadable':
      return t`This code is not one a medicine pack carries (a GS1 DataMatrix, GS1 link or EAN/UPC).`;
    case 'badCheckDigit':
      return t`The product number's check digit does not match: the code was misread or is not genuine.`;
    case 'fieldTwice': {
      const ai = problem.ai;
      return t`The code names field (${ai}) twice.`;
    }
    case 'fieldCutShort': {
      const ai = problem.ai;
      return t`The code's field (${ai}) is cut short or too long: scan it again.`;
    }
    case 'noGtin':
      return t`This code has no product number (GTIN).`;
    case 'badExpiry': {
      const value = problem.value;
      return t`The expiry date in the code (${value}) is not a date.`;
    }
    case 'badCharacters':
      return problem.field === 'batch'
        ? t`The batch number in the code holds characters a pack's code cannot.`
        : t`The serial number in the code holds characters a pack's code cannot.`;
    case 'badCount': {
      const value = problem.value;
      return t`The count in the code (${value}) is not a number of items.`;
    }
  }
}

/**
 * A pack whose expiry is before today: the code is read correctly, but the pack must not be
 * counted as stock (an expiry far in the past is as likely a misprint as an old pack).
 */
export function expiredMessage(pack: Gs1Pack, today: string): string | null {
  const expiry = pack.expiry;
  if (!expiry || expiry >= today) return null;
  return t`This pack expired on ${expiry}: it is not added to your supply. Return it to a pharmacy.`;
}

/** The same pack (GTIN and serial) scanned again: every pack is counted once. */
export function alreadyAddedMessage(
  pack: Gs1Pack,
  added: readonly { gtin: string; serial?: string | null | undefined }[],
): string | null {
  const serial = pack.serial;
  if (!serial) return null;
  const twice = added.some((known) => known.gtin === pack.gtin && known.serial === serial);
  return twice ? t`This pack (serial ${serial}) is already added.` : null;
}

/**
 * The pack in words for the person holding it: "Product 09506000134352 · expires 2027-05-31 ·
 * batch A1 · 28 in the pack", each fact a message of its own (any of them may be missing).
 */
export function packSummary(pack: Gs1Pack): string {
  const { gtin, expiry, batch, serial, count } = pack;
  return [
    t`Product ${gtin}`,
    expiry && t({ message: `expires ${expiry}`, comment: 'A scanned pack’s facts, joined by " · "' }),
    batch && t({ message: `batch ${batch}`, comment: 'A scanned pack’s facts, joined by " · "' }),
    serial && t({ message: `serial ${serial}`, comment: 'A scanned pack’s facts, joined by " · "' }),
    count && t({ message: `${count} in the pack`, comment: 'A scanned pack’s facts: its number of pills' }),
  ]
    .filter(Boolean)
    .join(' · ');
}
