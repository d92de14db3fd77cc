import { isIP } from 'node:net';
import { badRequest } from '../../lib/app-error';

/** Where passkeys are bound (decision 292). */
export interface RelyingPartySettings {
  /** PUBLIC_URL: the origin people open; it alone names the site when set. */
  publicUrl: string | undefined;
  /** TRUST_PROXY is set: the request's host may come from a forwarded header. */
  behindProxy: boolean;
}

/** The site a passkey belongs to: the RP ID (a host name) and the one origin its answers may carry. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

const UNUSABLE_HERE =
  'Passkeys cannot be used at this address. Open the app at its name (e.g. http://localhost:3000), or ask the administrator to set PUBLIC_URL.';

/**
 * PUBLIC_URL, when set, is the site: whatever Host a request names, passkeys are made and checked for
 * it. Without it (the embedded default), the request's own origin is the site, but only when no proxy
 * can name the host for the client: then the Host header is what the browser itself opened, and the
 * browser refuses any RP ID that is not its own origin's. Behind a proxy without PUBLIC_URL a
 * forwarded host would choose the site, so passkeys are refused with a message saying what to set.
 * Browsers refuse an IP address as RP ID: said here rather than left to a vague browser error.
 */
export function relyingPartyFor(settings: RelyingPartySettings, requestOrigin: string): RelyingParty {
  if (settings.publicUrl) {
    const url = new URL(settings.publicUrl);
    return { rpID: url.hostname, origin: url.origin };
  }
  if (settings.behindProxy) throw badRequest(UNUSABLE_HERE);
  let url: URL;
  try {
    url = new URL(requestOrigin);
  } catch {
    throw badRequest(UNUSABLE_HERE);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '' || isIP(host) !== 0) throw badRequest(UNUSABLE_HERE);
  return { rpID: url.hostname, origin: url.origin };
}
