/**
 * GS1 check digits and GTINs (GS1 General Specifications 7.9.1): the mod-10 check digit weights the
 * digits 3, 1, 3, … from the right, excluding the check digit itself.
 */
export function gs1CheckDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const digit = digitsWithoutCheck.charCodeAt(digitsWithoutCheck.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the string is all digits and its last digit is the GS1 check digit of the others. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * A GTIN-8, -12 (UPC-A), -13 (EAN-13) or -14 as the 14 digits GS1 stores them (left-padded with
 * zeros, which keeps the check digit: leading zeros weigh nothing). Null when it is not one.
 */
export function toGtin14(code: string): string | null {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return null;
  const gtin = code.padStart(14, '0');
  return hasValidCheckDigit(gtin) ? gtin : null;
}
