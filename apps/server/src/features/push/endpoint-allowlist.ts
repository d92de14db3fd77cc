import { isIP } from 'node:net';

/** The public browser push services: Chrome/Edge (FCM), Firefox, Safari, Windows. */
export const DEFAULT_PUSH_ENDPOINT_ALLOWLIST = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

export interface AllowlistEntry {
  host: string;
  wildcard: boolean;
  port: string | undefined;
}

export function parseEntry(raw: string, setting = 'PUSH_ENDPOINT_ALLOWLIST'): AllowlistEntry {
  const text = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, wildcard: false, port: bracketed[2] };
  const [host, port, extra] = text.split(':');
  if (!host || extra !== undefined || (port !== undefined && !/^\d+$/.test(port))) {
    throw new Error(`${setting}: "${raw}" is not a host or host:port`);
  }
  const wildcard = host.startsWith('*.');
  return { host: wildcard ? host.slice(2) : host, wildcard, port };
}

/**
 * Which push endpoints the server may contact: https on a listed host (a `*.` entry covers its
 * subdomains; an entry without a port means the default port), and plain http only for a loopback
 * host listed with it (local test push services). Nothing else, so a subscription can never make the
 * server reach an arbitrary host.
 */
export class PushEndpointPolicy {
  private readonly entries: AllowlistEntry[];

  constructor(entries: readonly string[] = DEFAULT_PUSH_ENDPOINT_ALLOWLIST) {
    this.entries = entries.filter((e) => e.trim() !== '').map((e) => parseEntry(e));
  }

  static fromEnv(value: string | undefined): PushEndpointPolicy {
    return new PushEndpointPolicy(value ? value.split(',') : DEFAULT_PUSH_ENDPOINT_ALLOWLIST);
  }

  allows(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (url.protocol === 'http:' && !isLoopback(host)) return false;
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    return this.entries.some((e) => {
      const hostMatches = e.wildcard ? host.endsWith(`.${e.host}`) : host === e.host;
      return hostMatches && (e.port ?? '') === url.port;
    });
  }
}
