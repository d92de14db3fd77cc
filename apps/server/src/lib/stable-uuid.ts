import { createHash } from 'node:crypto';

/**
 * A name-based UUID (version 5 layout over SHA-1), the same for the same parts: an id that a second
 * run of the same work writes again instead of a new one (the doctor's report's FHIR resources, a
 * reminder's mail in the outbox).
 */
export function stableUuid(...parts: string[]): string {
  const hex = createHash('sha1').update(parts.join('\u0000')).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
