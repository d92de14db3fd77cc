import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';

/** PUSH_SEND_THREAD (decisions 019, 159): on by default, whatever the database. */
describe('PUSH_SEND_THREAD', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/medrem-config-test' };
  const thread = (env: Record<string, string>) => loadConfig({ ...base, ...env }).reminders.sendThread;

  it('auto (the default): on a thread of its own with either database', () => {
    expect(thread({})).toBe(true);
    expect(thread({ PUSH_SEND_THREAD: 'auto' })).toBe(true);
    expect(thread({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/medrem' })).toBe(true);
  });

  it('on and off are followed whatever the database', () => {
    expect(
      thread({ PUSH_SEND_THREAD: 'on', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/medrem' }),
    ).toBe(true);
    expect(thread({ PUSH_SEND_THREAD: 'off' })).toBe(false);
    expect(
      thread({ PUSH_SEND_THREAD: 'off', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/medrem' }),
    ).toBe(false);
  });

  it('anything else is refused with the setting named', () => {
    expect(() => thread({ PUSH_SEND_THREAD: 'yes' })).toThrow(/PUSH_SEND_THREAD/);
  });
});
