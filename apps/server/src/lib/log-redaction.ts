import { PAT_PREFIX } from '@medrem/contract/token-scopes';

/**
 * One rule for secrets in URLs (decision 185): whoever reads the logs must not get a credential.
 * A query parameter is secret by its NAME, whatever the route: an invitation link's `token`, an
 * OpenID callback's `code` and `state`, anything holding token, secret, password, key, auth,
 * session, nonce, signature or credential. A tRPC GET carries its input as JSON in `input`: the
 * values of such names inside it are cut the same way. The calendar feed's token is in its PATH
 * (`/api/calendar/<token>.ics`, decision 141). Email addresses in paths become `[email]`.
 * The rule is applied to the access line's URL and to every error message and stack, so a URL
 * quoted by a library's error does not bring the secret back. A personal access token is cut by its
 * VALUE wherever it is (its prefix, decision 266): in a path, a query of any name, a message.
 */
const SECRET_NAME = /token|secret|passw|pwd|key|auth|session|nonce|sig|credential|otp|^code$|^state$/i;
const REDACTED = '[redacted]';

/** `name=value` pairs of a query string (or of any text quoting a URL), up to `&`, `#` or a space. */
const QUERY_PARAM = /([?&;])([^=&?#;\s"'<>]+)=([^&#;\s"'<>]*)/g;
/** `"name": "value"` inside a tRPC input's JSON. */
const JSON_SECRET = /"([^"\\]+)"\s*:\s*"(?:[^"\\]|\\.)*"/g;
const EMAIL_IN_PATH = /[^/?&=\s"']+(@|%40)[^/?&\s"']+/gi;
/** An address masked already (`a***@example.com`, the mail log line of decision 201) stays readable. */
const MASKED_EMAIL = /^[^@\s]\*\*\*(@|%40)/;
/** A personal access token, whatever carries it. */
const PERSONAL_TOKEN = new RegExp(`${PAT_PREFIX}[A-Za-z0-9_%-]+`, 'g');
/** The calendar feed's token, the path segment after /api/calendar/ that ends the path. */
const FEED_TOKEN_IN_PATH = /(\/api\/calendar\/)[^/?#\s"']+(?=[?#\s"']|$)/gi;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function isSecretName(name: string): boolean {
  return SECRET_NAME.test(decoded(name));
}

/** A tRPC input's JSON with the values of secret-named keys cut; the rest kept for debugging. */
function redactedJson(value: string): string {
  const json = decoded(value);
  if (!JSON_SECRET.test(json)) return value;
  JSON_SECRET.lastIndex = 0;
  const cut = json.replace(JSON_SECRET, (pair, name: string) =>
    isSecretName(name) ? `"${name}":"${REDACTED}"` : pair,
  );
  return encodeURIComponent(cut);
}

function redactParam(_match: string, separator: string, name: string, value: string): string {
  if (isSecretName(name)) return `${separator}${name}=${REDACTED}`;
  if (decoded(name) === 'input') return `${separator}${name}=${redactedJson(value)}`;
  return `${separator}${name}=${value}`;
}

/** A URL, or any text that may quote one (an error message), without the secrets in it. */
export function redactSecrets(text: string): string {
  return text
    .replace(PERSONAL_TOKEN, `${PAT_PREFIX}${REDACTED}`)
    .replace(EMAIL_IN_PATH, (address) => (MASKED_EMAIL.test(address) ? address : '[email]'))
    .replace(FEED_TOKEN_IN_PATH, '$1[token]')
    .replace(QUERY_PARAM, redactParam);
}
