import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import { createUser, deleteRedisPrefix, probeRedis, withPushService } from './reminder-harness';

const redisUrl = await probeRedis();

/**
 * Decision 139: with BullMQ shared by every worker, the push job of a batch a process fired still
 * runs in that process, where the lease it wrote and the bodies it prepared are in memory. A job
 * in Redis could be taken by another worker, which would read the lease back and encrypt again.
 */
describe.skipIf(!redisUrl)(
  `a fired batch's pushes stay in the process that fired it (BullMQ, ${TEST_ENGINE})`,
  () => {
    const prefix = `medrem-test-${randomBytes(4).toString('hex')}`;
    const setup = withPushService({
      now: '2026-11-21T05:00:00Z',
      env: { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: prefix, REMINDER_PREPARE_SECONDS: '180' },
    });
    afterAll(async () => {
      if (redisUrl) await deleteRedisPrefix(redisUrl, prefix);
    });

    it('sends them from its own queue with the bodies it prepared; only fire jobs go to Redis', async () => {
      const { server, pushService } = setup;
      const shared = server.app.reminders.queue;
      expect(shared?.kind).toBe('bullmq');
      const added = vi.spyOn(shared!, 'add');
      const user = await createUser(server, {
        timezone: 'Europe/Berlin',
        notifications: { missedDoseAlerts: false },
      });
      await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
      const device = pushService.subscribe();
      await user.saveDevice(device.json);
      const before = server.engine.preparation;

      await server.at('2026-11-21T06:58:00Z'); // 07:58 Berlin: prepared
      await server.at('2026-11-21T07:00:00Z');
      const received = pushService.received.filter((r) => r.subscription === device.id);
      expect(received.map((r) => r.payload.notification)).toMatchObject([
        { title: 'Time for your Morning dose' },
      ]);
      expect(server.engine.preparation.used - before.used).toBe(1);
      const jobs = added.mock.calls.map(([name]) => name);
      expect(jobs).toContain('fire');
      expect(jobs).not.toContain('push');
    });
  },
);
