import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainTrpcError } from '../../lib/plain-trpc';
import { noPasskeysHere, passkeyCancelled, passkeyFailure } from './passkey-ceremony';

describe('what a failed passkey ceremony tells the person', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes a closed browser dialog, a timeout or a replaced request as a cancel, not an error', () => {
    for (const error of [
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
      new DOMException('aborted', 'AbortError'),
      Object.assign(new Error('Cancelled'), { code: 'ERROR_CEREMONY_ABORTED' }),
    ]) {
      expect(passkeyCancelled(error)).toBe(true);
      expect(passkeyFailure(error, 'sign-in')).toMatch(/cancelled/);
      expect(passkeyFailure(error, 'add')).toMatch(/No passkey was added/);
    }
    expect(passkeyCancelled(new PlainTrpcError('Refused', 401))).toBe(false);
  });

  it('shows the server’s own words when it refused', () => {
    const refused = new PlainTrpcError('This passkey is not registered on this server.', 401);
    expect(passkeyFailure(refused, 'sign-in')).toBe('This passkey is not registered on this server.');
  });

  it('says the page cannot use passkeys when the browser refuses its address or has no WebAuthn', () => {
    const domain = Object.assign(new Error('invalid domain'), { code: 'ERROR_INVALID_DOMAIN' });
    expect(passkeyFailure(domain, 'add')).toBe(noPasskeysHere());
    vi.stubGlobal('PublicKeyCredential', undefined);
    expect(passkeyFailure(new TypeError('x is undefined'), 'sign-in')).toBe(noPasskeysHere());
  });

  it('names a device that already holds a passkey for the account', () => {
    const again = Object.assign(new Error('x'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' });
    expect(passkeyFailure(again, 'add')).toMatch(/already holds a passkey/);
  });
});
