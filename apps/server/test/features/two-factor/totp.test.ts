import { describe, expect, it } from 'vitest';
import {
  normaliseRecoveryCode,
  newRecoveryCodes,
  recoveryCodeHash,
} from '../../../src/features/two-factor/recovery-codes';
import { SecretBox } from '../../../src/features/two-factor/secret-box';
import { acceptedStep, newTotpSecret, totpCodeAt, totpUri } from '../../../src/features/two-factor/totp';

// RFC 6238 appendix B: SHA-1 with the ASCII seed "12345678901234567890" (base32 below).
const RFC_SEED = new TextEncoder().encode('12345678901234567890');
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP (RFC 6238, decision 287)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the RFC test vector at T=%i', (seconds, code) => {
    expect(totpCodeAt(RFC_SEED, at(seconds), 8)).toBe(code);
    // The 6 digits an app shows are the vector's last six (the same HOTP value, mod 10^6).
    expect(totpCodeAt(RFC_SECRET, at(seconds))).toBe(code.slice(2));
  });

  it('accepts the step before and after, and nothing further (window edges)', () => {
    // Step 1000 runs from 30000 s to 30029.999 s.
    const code = totpCodeAt(RFC_SECRET, at(30_000));
    expect(acceptedStep(RFC_SECRET, code, at(30_000), null)).toBe(1000);
    expect(acceptedStep(RFC_SECRET, code, at(30_059), null)).toBe(1000); // last second of step 1001
    expect(acceptedStep(RFC_SECRET, code, at(30_060), null)).toBeNull(); // first second of step 1002
    expect(acceptedStep(RFC_SECRET, code, at(29_970), null)).toBe(1000); // first second of step 999
    expect(acceptedStep(RFC_SECRET, code, at(29_969), null)).toBeNull(); // last second of step 998
  });

  it('refuses a step once used, and any older one (replay)', () => {
    const code = totpCodeAt(RFC_SECRET, at(30_000));
    expect(acceptedStep(RFC_SECRET, code, at(30_000), 999)).toBe(1000);
    expect(acceptedStep(RFC_SECRET, code, at(30_000), 1000)).toBeNull();
    const previous = totpCodeAt(RFC_SECRET, at(29_999));
    expect(acceptedStep(RFC_SECRET, previous, at(30_000), 1000)).toBeNull();
  });

  it('refuses what is not six digits, a wrong code and a secret it cannot use, without throwing', () => {
    const code = totpCodeAt(RFC_SECRET, at(30_000));
    expect(acceptedStep(RFC_SECRET, `${code}0`, at(30_000), null)).toBeNull();
    expect(acceptedStep(RFC_SECRET, 'abcdef', at(30_000), null)).toBeNull();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(acceptedStep(RFC_SECRET, wrong, at(30_000), null)).toBeNull();
    expect(acceptedStep('', code, at(30_000), null)).toBeNull();
  });

  it('makes a 160-bit secret and the URI authenticator apps scan', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, 'Medicine Reminder', 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Medicine Reminder');
  });
});

describe('recovery codes (decision 288)', () => {
  it('are ten distinct codes, read in any case with or without the dash', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [first] = codes as [string];
    expect(recoveryCodeHash(` ${first.toUpperCase().replace('-', ' ')} `)).toBe(recoveryCodeHash(first));
    expect(normaliseRecoveryCode('AbCdE-fGhJk')).toBe('abcdefghjk');
  });
});

describe('sealed secrets', () => {
  it('open under the same server secret only', () => {
    const sealed = new SecretBox('server-secret-a').seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(new SecretBox('server-secret-a').open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(new SecretBox('server-secret-b').open(sealed)).toBeNull();
    expect(new SecretBox('server-secret-a').open(`${sealed}x`)).toBeNull();
  });
});
