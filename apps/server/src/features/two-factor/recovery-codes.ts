import { RECOVERY_CODE_COUNT } from '@medrem/contract';
import { createHash, randomInt } from 'node:crypto';

/**
 * Recovery codes (decision 288): ten, each 10 characters from an alphabet without look-alikes
 * (no 0/o, 1/l/i), about 48 bits each: too many to guess under the sign-in limits, so a fast hash
 * (SHA-256) is enough and no argon2 run is spent per try. Shown as two groups of five.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** As typed: any case, dashes and spaces ignored. */
export const normaliseRecoveryCode = (typed: string): string => typed.toLowerCase().replace(/[\s-]/g, '');

export const recoveryCodeHash = (typed: string): string =>
  createHash('sha256').update(normaliseRecoveryCode(typed)).digest('hex');
