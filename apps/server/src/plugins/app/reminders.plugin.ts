import fp from 'fastify-plugin';
import type { PushSender } from '../../features/push/push-sender';
import { type ReminderRuntime, startReminderRuntime } from '../../features/reminders/reminder-runtime';

declare module 'fastify' {
  interface FastifyInstance {
    reminders: ReminderRuntime;
  }
}

/**
 * The reminder engine inside the server: push keys and live fan-out always; the processors too
 * unless REMINDER_WORKER=off (then worker processes run them).
 */
export default fp<{ sender?: PushSender | undefined }>(
  async (app, options) => {
    const runtime = await startReminderRuntime({
      config: app.config,
      db: app.database.db,
      clock: app.clock,
      services: app.services,
      pushSecrets: app.pushSecrets,
      log: app.log,
      consume: app.config.reminders.worker === 'embedded',
      metrics: app.metrics.reminders,
      mailMetrics: app.metrics.mail,
      ...(options.sender ? { sender: options.sender } : {}),
    });
    app.decorate('reminders', runtime);
    app.addHook('onClose', () => runtime.close());
  },
  { name: 'reminders', dependencies: ['database', 'services', 'metrics'] },
);
