import { PAT_PATTERN, PAT_PREFIX } from '@medrem/contract';
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * A personal token's secret (decision 266): the prefix secret scanners look for, 256 random bits,
 * and a CRC-32 of both, as GitHub's tokens carry: a scanner (or this server) tells a real token from
 * a look-alike without a database, and a mistyped one is refused without a lookup.
 */
const checksumOf = (head: string): string => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(crc32(head));
  return bytes.toString('base64url');
};

export function newPersonalTokenSecret(): string {
  const head = `${PAT_PREFIX}${randomBytes(32).toString('base64url')}`;
  return `${head}${checksumOf(head)}`;
}

/** Whether the bearer has a personal token's form and checksum (not whether it exists). */
export function isWellFormedPersonalToken(secret: string): boolean {
  if (!PAT_PATTERN.test(secret)) return false;
  return checksumOf(secret.slice(0, -6)) === secret.slice(-6);
}

/**
 * SHA-256, not argon2 (decision 266): the secret has 256 random bits, so no guess list or brute
 * force can find it from its hash, and a fast hash keeps a token's check a lookup by index.
 */
export const hashPersonalToken = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');
