import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@medrem/contract';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * TOTP as every authenticator app reads it (RFC 6238, decision 287): SHA-1, 6 digits, 30-second
 * steps, a code of the step before or after accepted too (a phone's clock a little off, a code
 * typed as it changed). otplib does the arithmetic; this file fixes the parameters and the replay
 * rule, and takes the time from the caller (the server's Clock), so tests set the window's edges.
 */
const PARAMETERS = { algorithm: 'sha1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;
/** ±1 step, in seconds as otplib counts it. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** Looks like a TOTP code (anything else is read as a recovery code). */
export const TOTP_CODE = /^\d{6}$/;

/** A new secret: 20 random bytes (RFC 4226's recommended length for SHA-1), base32. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// URI an app scans: the product as issuer, the account's address as label. */
export const totpUri = (secret: string, issuer: string, account: string): string =>
  generateURI({ issuer, label: account, secret, ...PARAMETERS });

/** The code of `secret` at `at` (tests and the browser test compute codes with it). */
export const totpCodeAt = (secret: string | Uint8Array, at: Date, digits: number = TOTP_DIGITS): string =>
  generateSync({ secret, epoch: Math.floor(at.getTime() / 1000), ...PARAMETERS, digits });

/**
 * The 30-second step `code` belongs to, if it is right at `at` within ±1 step and newer than
 * `afterStep` (the last step used: a code once used is refused, so one seen over a shoulder or in
 * a phishing proxy cannot be replayed); null otherwise.
 */
export function acceptedStep(
  secret: string,
  code: string,
  at: Date,
  afterStep: number | null,
): number | null {
  if (!TOTP_CODE.test(code)) return null;
  let result;
  try {
    result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(at.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
      ...PARAMETERS,
    });
  } catch {
    // A secret otplib refuses (one that could not be unsealed): no code matches it.
    return null;
  }
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
