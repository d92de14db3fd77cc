import type { Passkey } from '@medrem/contract';
import { type AppError, badRequest, unauthorized } from '../../lib/app-error';
import type { PasskeyRow } from './passkey.repository';

/** A passkey as the API shows it: never its public key or credential id. */
export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export const CHALLENGE_GONE = 'This passkey request expired or was already used. Please try again.';
export const NOT_REGISTERED =
  'This passkey is not registered on this server (it may have been removed). Sign in another way.';
export const BAD_SIGNATURE = 'This passkey’s signature is not valid. Nothing was changed.';
export const COUNTER_REFUSED =
  'This passkey’s signature counter did not increase: it may have been copied. Sign in another way and remove it.';

/**
 * The challenge an answer claims to answer, read from its clientDataJSON before anything is checked:
 * it names the stored challenge to take (decision 291). The library checks the rest of the JSON.
 */
export function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    if (typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return challenge;
  } catch {
    // Not JSON: the same answer as JSON without a challenge.
  }
  throw badRequest('This passkey answer is malformed (its client data names no challenge).');
}

/** The user handle of a discoverable credential is the account id's UTF-8 (registration's userID). */
export const userHandleOf = (userId: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(userId);
export const userIdOfHandle = (handle: string): string => Buffer.from(handle, 'base64url').toString('utf8');

/**
 * A refusal of @simplewebauthn/server, in the product's words. The library says what failed only in
 * its messages; a message it changes falls to the last, still honest, answer (malformed: 400).
 */
export function refusalOf(error: unknown): AppError {
  const text = error instanceof Error ? error.message : '';
  if (/counter/i.test(text)) return unauthorized(COUNTER_REFUSED);
  if (/origin/i.test(text))
    return badRequest('This passkey answer was made for another site: its origin is not this server’s.');
  if (/RP ID/i.test(text))
    return badRequest('This passkey belongs to another site: its RP ID is not this server’s.');
  if (/verif|present/i.test(text))
    return badRequest('The passkey did not confirm it was you (PIN, fingerprint or face). Please try again.');
  if (/alg/i.test(text))
    return badRequest('This passkey uses a signature algorithm this server does not accept.');
  return badRequest('This passkey answer is malformed and could not be checked. Nothing was changed.');
}

export const publicKeyText = (key: Uint8Array): string => Buffer.from(key).toString('base64url');
export const publicKeyBytes = (text: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(text, 'base64url'));
