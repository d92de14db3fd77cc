import { describe, expect, it } from 'vitest';
import { createAccessTokenSigner } from '../../src/lib/access-token-signer';

const secret = 'a-test-secret-of-at-least-32-characters!';
const claims = { userId: '6f9b7c1e-8a2d-4e5f-9a0b-1c2d3e4f5a6b', email: 'ada@example.com', tokenVersion: 2 };
const at = (iso: string) => new Date(iso);

describe('access tokens, remembered once verified', () => {
  it('accepts a token within its hour, every time, and refuses it from the second it expires', async () => {
    const signer = createAccessTokenSigner(secret);
    const { token } = await signer.sign(claims, at('2026-11-24T10:00:00Z'));
    expect(await signer.verify(token, at('2026-11-24T10:00:00Z'))).toEqual(claims);
    expect(await signer.verify(token, at('2026-11-24T10:59:59.999Z'))).toEqual(claims);
    expect(await signer.verify(token, at('2026-11-24T11:00:00Z'))).toBeNull();
    expect(await signer.verify(token, at('2026-11-24T10:30:00Z'))).toEqual(claims);
  });

  it('refuses a token before its issue time, though it verified before', async () => {
    const signer = createAccessTokenSigner(secret);
    const { token } = await signer.sign(claims, at('2026-11-24T10:00:00Z'));
    expect(await signer.verify(token, at('2026-11-24T10:00:01Z'))).toEqual(claims);
    expect(await signer.verify(token, at('2026-11-24T09:59:58Z'))).toBeNull();
  });

  it('never remembers a forged or foreign token', async () => {
    const signer = createAccessTokenSigner(secret);
    const other = createAccessTokenSigner('another-secret-of-at-least-32-characters');
    const { token } = await other.sign(claims, at('2026-11-24T10:00:00Z'));
    expect(await signer.verify(token, at('2026-11-24T10:00:00Z'))).toBeNull();
    expect(await signer.verify(token, at('2026-11-24T10:00:00Z'))).toBeNull();
    const own = (await signer.sign(claims, at('2026-11-24T10:00:00Z'))).token;
    const [header, , signature] = own.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: claims.userId, tv: 0 })).toString(
      'base64url',
    );
    expect(await signer.verify(`${header}.${payload}.${signature}`, at('2026-11-24T10:00:00Z'))).toBeNull();
  });
});
