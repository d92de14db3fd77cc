/**
 * The GS1 Application Identifiers a medicine pack carries, with their data lengths (GS1 General
 * Specifications 3.2). `fixed`: exactly that many characters and never a separator after them (the
 * "predefined length" AIs of figure 7.8.5-2); otherwise up to `max` characters, ended by the group
 * separator (FNC1, ASCII 29) or by the end of the data.
 */
export interface AiDefinition {
  fixed?: number;
  max?: number;
  numeric?: boolean;
}

const DATE: AiDefinition = { fixed: 6, numeric: true };
const TEXT_20: AiDefinition = { max: 20 };
const TEXT_30: AiDefinition = { max: 30 };

const DEFINITIONS: Record<string, AiDefinition> = {
  '00': { fixed: 18, numeric: true }, // SSCC
  '01': { fixed: 14, numeric: true }, // GTIN
  '02': { fixed: 14, numeric: true }, // GTIN of contained trade items
  '10': TEXT_20, // batch or lot
  '11': DATE, // production date
  '12': DATE, // due date
  '13': DATE, // packaging date
  '15': DATE, // best before
  '16': DATE, // sell by
  '17': DATE, // expiration date
  '20': { fixed: 2, numeric: true }, // internal product variant
  '21': TEXT_20, // serial number
  '22': TEXT_20, // consumer product variant
  '30': { max: 8, numeric: true }, // variable count of items
  '37': { max: 8, numeric: true }, // count of trade items
  '235': { max: 28 }, // third-party controlled serialised extension
  '240': TEXT_30, // additional product identification
  '241': TEXT_30, // customer part number
  '242': { max: 6, numeric: true }, // made-to-order variation
  '250': TEXT_30, // secondary serial number
  '251': TEXT_30, // reference to source entity
  '254': TEXT_20, // GLN extension
  '400': TEXT_30, // customer's purchase order number
  // National Healthcare Reimbursement Numbers: 710 Germany (PZN), 711 France (CIP), 712 Spain,
  // 713 Brazil (ANVISA), 714 Portugal (AIM), 715 United States (NDC), 716 Italy (AIC).
  '710': TEXT_20,
  '711': TEXT_20,
  '712': TEXT_20,
  '713': TEXT_20,
  '714': TEXT_20,
  '715': TEXT_20,
  '716': TEXT_20,
  '7003': { fixed: 10, numeric: true }, // expiration date and time
  '7240': TEXT_20, // protocol ID
  '90': TEXT_30, // information agreed between partners
};

/** The AI at the start of `data`, with its definition, or null when none is known. */
export function applicationIdentifierAt(
  data: string,
  at: number,
): { ai: string; definition: AiDefinition } | null {
  for (const length of [4, 3, 2]) {
    const ai = data.slice(at, at + length);
    if (!/^\d+$/.test(ai) || ai.length !== length) continue;
    const known = DEFINITIONS[ai];
    if (known) return { ai, definition: known };
    // Trade measures (310n–369n): a 4-digit AI whose last digit places the decimal point.
    if (length === 4 && /^3[1-6]\d\d$/.test(ai)) return { ai, definition: { fixed: 6, numeric: true } };
    // Company internal information (91–99).
    if (length === 2 && /^9[1-9]$/.test(ai)) return { ai, definition: { max: 90 } };
  }
  return null;
}

/** True for an AI this module knows, by its digits alone (a Digital Link's keys and attributes). */
export function isKnownApplicationIdentifier(ai: string): boolean {
  const found = applicationIdentifierAt(ai, 0);
  return found !== null && found.ai === ai;
}

/** GS1's 82-character set, the characters a batch or serial number may hold (figure 7.11-1). */
export const GS1_CHARACTER_SET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;
