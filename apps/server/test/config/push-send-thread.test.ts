import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';

/** PUSH_SEND_THREAD (decision 019): `auto` follows the database the server runs on. */
describe('PUSH_SEND_THREAD', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/medrem-config-test' };
  const thread = (env: Record<string, string>) => loadConfig({ ...base, ...env }).reminders.sendThread;

  it('auto: on a thread of its own with the embedded database, on the engine’s with a server', () => {
    expect(thread({})).toBe(true);
    expect(thread({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/medrem' })).toBe(false);
  });

  it('on and off are followed whatever the database', () => {
    expect(
      thread({ PUSH_SEND_THREAD: 'on', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/medrem' }),
    ).toBe(true);
    expect(thread({ PUSH_SEND_THREAD: 'off' })).toBe(false);
  });

  it('anything else is refused with the setting named', () => {
    expect(() => thread({ PUSH_SEND_THREAD: 'yes' })).toThrow(/PUSH_SEND_THREAD/);
  });
});
