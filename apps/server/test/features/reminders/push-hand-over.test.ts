import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushResult, PushSender, PushTarget } from '../../../src/features/push/push-sender';
import { TEST_ENGINE } from '../../support/test-database';
import { type ReminderServer, createUser, startReminderServer } from './reminder-harness';

const DEVICES = 5;
const PUSH_CONCURRENCY = 2;

/** A sender whose sends take a moment, counting how many were in flight at once. */
class CountingSender implements PushSender {
  inFlight = 0;
  most = 0;
  sent = 0;

  constructor(private readonly handsOverTo: (target: PushTarget) => boolean) {}

  handsOver(target: PushTarget): boolean {
    return this.handsOverTo(target);
  }

  async send(): Promise<PushResult> {
    this.inFlight += 1;
    this.most = Math.max(this.most, this.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 20));
    this.inFlight -= 1;
    this.sent += 1;
    return { ok: true };
  }
}

/**
 * Decision 151: a job's pushes go to a sender that only hands them to a thread bounding its own
 * connections all at once; any other sender gets PUSH_CONCURRENCY of them at a time, as before.
 * One user with five devices makes one job of five pushes.
 */
describe.each([
  { sender: 'hands every push over', handsOver: () => true, most: DEVICES },
  { sender: 'hands none over', handsOver: () => false, most: PUSH_CONCURRENCY },
  {
    sender: 'hands over all but one device',
    handsOver: (target: PushTarget) => !target.token.includes('/device-0'),
    most: PUSH_CONCURRENCY,
  },
])(`pushes in flight per job when the sender $sender (${TEST_ENGINE})`, ({ handsOver, most }) => {
  const sender = new CountingSender(handsOver);
  let server: ReminderServer;

  beforeAll(async () => {
    server = await startReminderServer({
      now: '2026-11-21T05:00:00Z',
      sender,
      env: { PUSH_CONCURRENCY: String(PUSH_CONCURRENCY) },
    });
  });
  afterAll(() => server.close());

  it(`sends the five pushes with at most ${most} in flight`, async () => {
    const user = await createUser(server, {
      timezone: 'Europe/Berlin',
      notifications: { missedDoseAlerts: false },
    });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    for (let i = 0; i < DEVICES; i += 1) await user.addDevice(`https://push.example.test/device-${i}`);

    await server.at('2026-11-21T07:00:00Z'); // 08:00 in Berlin

    expect(sender.sent).toBe(DEVICES);
    expect(sender.most).toBe(most);
  });
});
