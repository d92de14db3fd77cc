import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/lib/app-error';
import { relyingPartyFor } from '../../../src/features/passkeys/relying-party';

describe('the site passkeys belong to (decision 292)', () => {
  it('is PUBLIC_URL’s whatever host the request names, behind a proxy or not', () => {
    for (const behindProxy of [true, false]) {
      expect(
        relyingPartyFor(
          { publicUrl: 'https://meds.example.org/app', behindProxy },
          'http://evil.example.net',
        ),
      ).toEqual({ rpID: 'meds.example.org', origin: 'https://meds.example.org' });
    }
  });

  it('is the request’s own origin on the embedded default, port included in the origin only', () => {
    expect(relyingPartyFor({ publicUrl: undefined, behindProxy: false }, 'http://localhost:3000')).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:3000',
    });
  });

  it.each([
    ['behind a proxy without PUBLIC_URL', true, 'https://meds.example.org'],
    ['an IPv4 address', false, 'http://127.0.0.1:3000'],
    ['an IPv6 address', false, 'http://[::1]:3000'],
    ['a host that is no URL', false, 'http://exa mple'],
  ])('is refused with what to do: %s', (_label, behindProxy, origin) => {
    const refuse = () => relyingPartyFor({ publicUrl: undefined, behindProxy }, origin);
    expect(refuse).toThrow(AppError);
    expect(refuse).toThrow(/PUBLIC_URL/);
  });
});
