/**
 * The JSON in a base64url segment (a token's claims), or null when it is not readable. Read, never
 * trusted: the server verifies every token it is given.
 */
export function base64UrlJson(segment: string): unknown {
  try {
    return JSON.parse(atob(segment.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
  } catch {
    return null;
  }
}
