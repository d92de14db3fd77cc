import { describe, expect, it } from 'vitest';
import { ChannelEndpointPolicy, isPrivateAddress } from '../../../src/features/push/channel-endpoints';
import { ntfyTopicOf } from '../../../src/features/push/channels/ntfy.sender';
import { webhookSignature } from '../../../src/features/push/channels/webhook.sender';

/** Decision 236: where a channel may make the server send requests. */
describe('channel URLs', () => {
  const policy = new ChannelEndpointPolicy(['127.0.0.1:8093', 'ntfy.home.lan']);
  const open = new ChannelEndpointPolicy();

  it('tells private and special addresses from public ones', () => {
    for (const address of [
      '10.0.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['1.1.1.1', '159.203.148.75', '172.32.0.1', '2606:4700::1111']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
    expect(isPrivateAddress('ntfy.sh')).toBe(true); // not an address at all: never taken as public
  });

  it('refuses what is not https, private, too long or carries credentials, unless the operator lists the host', () => {
    expect(open.issueOf('https://ntfy.sh/meds')).toBeNull();
    expect(open.issueOf('http://ntfy.sh/meds')).toMatch(/https:\/\//);
    expect(open.issueOf('ftp://ntfy.sh/meds')).toMatch(/https:\/\//);
    expect(open.issueOf('not a url')).toMatch(/not a web address/);
    expect(open.issueOf('https://a:b@ntfy.sh/meds')).toMatch(/user name or password/);
    expect(open.issueOf(`https://ntfy.sh/${'x'.repeat(2000)}`)).toMatch(/too long/);
    for (const url of [
      'https://10.0.0.5/x',
      'https://localhost/x',
      'https://api.localhost/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://127.1/x',
      'https://2130706433/x',
    ]) {
      expect(open.issueOf(url), url).toMatch(/private network/);
    }
    // Listed by the operator: private is fine, and plain http only to a listed loopback host.
    expect(policy.issueOf('http://127.0.0.1:8093/topic')).toBeNull();
    expect(policy.issueOf('http://127.0.0.1:8094/topic')).toMatch(/https:\/\//);
    expect(policy.issueOf('https://ntfy.home.lan/topic')).toBeNull();
    expect(policy.issueOf('http://ntfy.home.lan/topic')).toMatch(/https:\/\//);
  });

  it('refuses a name that resolves to a private address, when added and at connection', async () => {
    expect(await open.resolveIssue('https://localhost/x')).toMatch(/private network/);
    expect(await open.resolveIssue('https://no-such-host.invalid/x')).toMatch(/could not be found/);
    const refused = await new Promise<Error | null>((resolve) =>
      open.lookupFor(new URL('https://localhost/x'))('localhost', {}, (error) => resolve(error)),
    );
    expect(refused?.message).toMatch(/resolves to a private address/);
  });

  it('splits an ntfy topic URL and signs a webhook body as documented', () => {
    expect(ntfyTopicOf('https://ntfy.sh/meds-ada')).toEqual({
      server: 'https://ntfy.sh/',
      topic: 'meds-ada',
    });
    expect(ntfyTopicOf('https://example.org/ntfy/meds_1/')).toEqual({
      server: 'https://example.org/ntfy/',
      topic: 'meds_1',
    });
    expect(ntfyTopicOf('https://ntfy.sh/')).toBeNull();
    expect(ntfyTopicOf('https://ntfy.sh/a?b=c')).toBeNull();
    expect(ntfyTopicOf('https://ntfy.sh/has.dot')).toBeNull();
    // HMAC-SHA256("key", "1700000000.{}") computed independently (openssl dgst -sha256 -hmac key).
    expect(webhookSignature('key', '1700000000', '{}')).toBe(
      'sha256=9d713ed406bb7076d4123f0dc2c39d2df5c654ed4b0cd56b52c8b4c940bd63ae',
    );
    expect(webhookSignature('key', '1700000000', '{}')).not.toBe(webhookSignature('key', '1700000001', '{}'));
  });
});
