import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).operator;

describe('operator settings (issue 57)', () => {
  it('defaults to no administrator, open sign-ups and invitations by administrators only', () => {
    expect(load({})).toEqual({ adminEmails: [], signups: 'open', invitesByUsers: false });
  });

  it('reads ADMIN_EMAILS as trimmed, lower-cased addresses, each once', () => {
    expect(load({ ADMIN_EMAILS: ' Ada@Example.com, bob@example.org ,,ada@example.com' }).adminEmails).toEqual(
      ['ada@example.com', 'bob@example.org'],
    );
  });

  it('refuses an entry that is not an address, a policy it does not know, naming the setting', () => {
    expect(() => load({ ADMIN_EMAILS: 'ada@example.com, root' })).toThrow(
      /ADMIN_EMAILS.*not an address: root/,
    );
    expect(() => load({ SIGNUPS: 'sometimes' })).toThrow(/SIGNUPS must be open, invite or closed/);
    expect(() => load({ SIGNUP_INVITES_BY_USERS: 'yes' })).toThrow(/SIGNUP_INVITES_BY_USERS/);
    expect(load({ SIGNUPS: 'invite', SIGNUP_INVITES_BY_USERS: 'true' })).toMatchObject({
      signups: 'invite',
      invitesByUsers: true,
    });
  });
});
