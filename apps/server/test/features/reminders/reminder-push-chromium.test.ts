import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
import { openWorker, pressButton } from './chromium-push.support';
import { RecordingSender, type ReminderServer, createUser, startReminderServer } from './reminder-harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');
const builtApp = path.join(webDir, 'dist');
const builtWorker = path.join(builtApp, 'sw.js');
const appHasHandlers =
  existsSync(builtWorker) && readFileSync(builtWorker, 'utf8').includes('/api/push/action');

if (!existsSync(CHROMIUM))
  console.warn(`!! SKIPPED: the Chromium push tests need ${CHROMIUM} (apt-get install chromium).`);
if (!appHasHandlers) {
  console.warn(
    `!! SKIPPED: the built web app variant — ${builtWorker} is missing or has no push handlers (run npm run build); ` +
      'the service-worker module itself is still tested in a minimal page.',
  );
}

/** A minimal site: a page and a service worker made of the web app's push-handler module only. */
async function handlerOnlySite(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'medrem-sw-'));
  await build({
    stdin: {
      contents:
        "import { registerPushHandlers } from './src/sw/push-handlers';\nregisterPushHandlers(self);\n",
      resolveDir: webDir,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    outfile: path.join(dir, 'sw.js'),
    logLevel: 'silent',
  });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>push test</title><p>push test</p>');
  return dir;
}

for (const variant of ['push-handler module in a minimal page', 'the built web app'] as const) {
  const runnable = existsSync(CHROMIUM) && (variant !== 'the built web app' || appHasHandlers);
  describe.skipIf(!runnable)(
    `Chromium service worker receives a reminder push (${variant}, ${TEST_ENGINE})`,
    () => {
      const sender = new RecordingSender();
      let server: ReminderServer;
      let browser: Browser;
      let site: string | undefined;

      beforeAll(async () => {
        site = variant === 'the built web app' ? undefined : await handlerOnlySite();
        server = await startReminderServer({
          now: '2026-11-21T05:00:00Z',
          sender,
          env: { WEB_DIST_DIR: site ?? builtApp, NODE_ENV: 'production' },
        });
        browser = await chromium.launch({
          executablePath: CHROMIUM,
          headless: true,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        });
      });
      afterAll(async () => {
        await browser?.close();
        await server?.close();
        if (site) await rm(site, { recursive: true, force: true });
      });

      it(
        "shows the notification with both actions, and 'Mark as taken' marks the dose taken through the API",
        { timeout: 60_000 },
        async () => {
          // A reminder fires; its push payload is what the push service would hand the browser.
          const user = await createUser(server, { timezone: 'UTC' });
          const medicine = await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
          const endpoint = `https://push.example.test/chromium-${user.id}`;
          await user.addDevice(endpoint);
          await server.at('2026-11-21T08:00:00Z');
          const [push] = sender.to(endpoint);
          expect(push).toBeDefined();

          const { context, deliver } = await openWorker(browser, server.baseUrl);
          expect(await deliver(push!.message.payload)).toEqual([
            {
              title: 'Time for your Morning dose',
              body: 'Aspirin (500mg)',
              tag: push!.payload.notification.tag,
              actions: ['Mark as taken', 'Snooze 10 min'],
            },
          ]);
          expect(await pressButton(context, 'take')).toEqual({
            body: 'Aspirin marked as taken!',
            tag: push!.payload.notification.tag,
            actions: 0,
          });
          await user.refresh();
          expect(
            (await user.api.get(`/api/medicine/${medicine.id}/taken?date=2026-11-21`)).body,
          ).toMatchObject({
            takenDay: { date: '2026-11-21', taken: '1-0-0' },
          });
          await context.close();
        },
      );

      it(
        "shows one notification for a slot's medicines; 'Take all' records each of them once",
        { timeout: 60_000 },
        async () => {
          // No missed-dose alerts: the clock jumps a day, and only the slot's reminder is sent.
          const user = await createUser(server, {
            timezone: 'UTC',
            notifications: { missedDoseAlerts: false },
          });
          const names = ['Metformin', 'Lisinopril', 'Vitamin D'];
          const medicines = [];
          for (const name of names)
            medicines.push(await user.addMedicine({ name, dosage: '', frequency: '1-0-0' }));
          const endpoint = `https://push.example.test/take-all-${user.id}`;
          await user.addDevice(endpoint);
          await server.at('2026-11-22T08:00:00Z');
          const pushes = sender.to(endpoint);
          expect(pushes).toHaveLength(1);

          const { context, deliver } = await openWorker(browser, server.baseUrl);
          expect(await deliver(pushes[0]!.message.payload)).toEqual([
            {
              title: '3 medicines at 8:00 AM',
              body: 'Metformin, Lisinopril, Vitamin D',
              tag: pushes[0]!.payload.notification.tag,
              actions: ['Take all', 'Snooze 10 min'],
            },
          ]);
          expect(await pressButton(context, 'take')).toMatchObject({
            body: 'Metformin, Lisinopril, Vitamin D marked as taken!',
          });
          await user.refresh();
          for (const medicine of medicines) {
            const day = await user.api.get(`/api/medicine/${medicine.id}/taken?date=2026-11-22`);
            expect([medicine.name, day.body]).toEqual([
              medicine.name,
              { takenDay: expect.objectContaining({ date: '2026-11-22', taken: '1-0-0' }) },
            ]);
            // 400 pills: one dose of each taken, once.
            const full = await user.api.get<{ pillsLeft: number }>(`/api/medicine/${medicine.id}`);
            expect([medicine.name, full.body.pillsLeft]).toEqual([medicine.name, 399]);
          }
          await context.close();
        },
      );
    },
  );
}
