import { createHash, randomBytes } from 'node:crypto';
import { CALENDAR_FEED_TOKEN_PATTERN } from '@medrem/contract';

/** A new feed token: 32 random bytes, base64url (43 characters). */
export function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256 (a leaked table opens no calendar). */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Whether a text has the shape of a feed token (anything else is refused before the database). */
export function isFeedToken(value: string): boolean {
  return CALENDAR_FEED_TOKEN_PATTERN.test(value);
}
