import { lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { type AllowlistEntry, isLoopback, parseEntry } from './endpoint-allowlist';

/** The longest ntfy or webhook URL accepted (the contract refuses longer ones first). */
export const CHANNEL_URL_MAX_LENGTH = 2000;

/**
 * Addresses no channel may reach unless the operator lists the host (decision 236): this machine,
 * private and shared networks, link-local (cloud metadata at 169.254.169.254), documentation,
 * benchmarking, multicast and reserved ranges, and IPv4 written inside IPv6.
 */
// Two lists: one BlockList holding both families matches every IPv4 address against the IPv4-mapped
// IPv6 range (::ffff:0:0/96), which would make the whole internet private.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** True for an address on a private or special network (or for anything that is not an address). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return NOT_PUBLIC_V4.check(address, 'ipv4');
  if (version === 6) return NOT_PUBLIC_V6.check(address, 'ipv6');
  return true;
}

const PRIVATE_MESSAGE =
  'This address points at a private network. Reminders can only be sent to servers on the internet.';

/** Raised at send time when a channel's host resolves to a private address (DNS may change). */
export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private address`);
  }
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Where a channel (ntfy, webhook) may make this server send requests (decision 236): https to any
 * host on the internet. A private address (a literal, or what the name resolves to, checked again
 * at every connection) only on a host the operator lists in CHANNEL_PRIVATE_HOSTS (same syntax as
 * PUSH_ENDPOINT_ALLOWLIST), and plain http only to a listed loopback host (local test sinks).
 */
export class ChannelEndpointPolicy {
  private readonly listed: AllowlistEntry[];

  constructor(privateHosts: readonly string[] = []) {
    this.listed = privateHosts
      .filter((e) => e.trim() !== '')
      .map((e) => parseEntry(e, 'CHANNEL_PRIVATE_HOSTS'));
  }

  static fromEnv(value: string | undefined): ChannelEndpointPolicy {
    return new ChannelEndpointPolicy(value ? value.split(',') : []);
  }

  private isListed(host: string, port: string): boolean {
    return this.listed.some((e) => {
      const hostMatches = e.wildcard ? host.endsWith(`.${e.host}`) : host === e.host;
      return hostMatches && (e.port ?? '') === port;
    });
  }

  /** What is wrong with a channel URL, in words for the person; null when nothing is (no DNS asked). */
  issueOf(raw: string): string | null {
    if (raw.length > CHANNEL_URL_MAX_LENGTH) {
      return `This address is too long (at most ${CHANNEL_URL_MAX_LENGTH} characters).`;
    }
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'This is not a web address. It must start with https://.';
    }
    if (url.username || url.password) return 'The address must not contain a user name or password.';
    const host = bare(url.hostname);
    const listed = this.isListed(host, url.port);
    if (url.protocol === 'http:' && listed && isLoopback(host)) return null;
    if (url.protocol !== 'https:') return 'The address must start with https://.';
    if (listed) return null;
    if (isLoopback(host) || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host))) {
      return PRIVATE_MESSAGE;
    }
    return null;
  }

  /**
   * The DNS lookup a channel request connects through: a name on an unlisted host that resolves to
   * a private address fails the connection, so a public name later pointed at this network (DNS
   * rebinding) is refused when it is used, not only when the channel was added.
   */
  lookupFor(url: URL) {
    const host = bare(url.hostname);
    const listed = this.isListed(host, url.port);
    return (
      hostname: string,
      options: { all?: boolean; family?: number },
      callback: (
        error: NodeJS.ErrnoException | null,
        address: string | { address: string; family: number }[],
        family?: number,
      ) => void,
    ) => {
      lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
        if (error) return callback(error, []);
        if (!listed && addresses.some((a) => isPrivateAddress(a.address))) {
          return callback(new PrivateAddressError(hostname), []);
        }
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        if (!first) return callback(new Error(`${hostname} has no address`), []);
        return callback(null, first.address, first.family);
      });
    };
  }

  /** Checked when a channel is added: the name must resolve, and only to public addresses. */
  async resolveIssue(raw: string): Promise<string | null> {
    const url = new URL(raw);
    const host = bare(url.hostname);
    if (isIP(host) !== 0 || this.isListed(host, url.port)) return null;
    return new Promise((resolve) => {
      this.lookupFor(url)(host, { all: true }, (error) => {
        if (error instanceof PrivateAddressError) resolve(PRIVATE_MESSAGE);
        else if (error) resolve(`The server ${host} could not be found. Please check the address.`);
        else resolve(null);
      });
    });
  }
}
