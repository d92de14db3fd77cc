import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushOutboxRepository } from '../../../src/features/push/push-outbox.repository';
import { PushSubscriptionRepository } from '../../../src/features/push/push-subscription.repository';
import { TEST_ENGINE } from '../../support/test-database';
import { createUser, withPushService } from './reminder-harness';

/**
 * A batch's push job, in the process that fired it, sends from what fireBatch wrote and read in
 * its transaction: the lease's rows and the users' devices. Reading either back at the due second
 * is a query per push the database pays for nothing (issue 10).
 */
describe(`a fired batch's push job reads nothing back (${TEST_ENGINE})`, () => {
  const setup = withPushService({ now: '2026-11-21T05:00:00Z' });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends to every device of the user without reading the lease or the devices again', async () => {
    const { server, pushService } = setup;
    const user = await createUser(server, {
      timezone: 'Europe/Berlin',
      notifications: { missedDoseAlerts: false },
    });
    await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const devices = [pushService.subscribe(), pushService.subscribe()];
    for (const device of devices) {
      await user.saveDevice(device.json);
    }
    const devicesRead = vi.spyOn(PushSubscriptionRepository.prototype, 'findByIds');
    const leaseRead = vi.spyOn(PushOutboxRepository.prototype, 'readLease');

    await server.at('2026-11-21T07:00:00Z'); // 08:00 Berlin
    for (const device of devices) {
      const received = pushService.received.filter((r) => r.subscription === device.id);
      expect(received.map((r) => r.payload.notification)).toMatchObject([
        { title: 'Time for your Morning dose' },
      ]);
    }
    expect(devicesRead).not.toHaveBeenCalled();
    expect(leaseRead).not.toHaveBeenCalled();
  });
});
