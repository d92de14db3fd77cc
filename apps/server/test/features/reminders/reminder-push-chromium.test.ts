import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../support/test-database';
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

/** The browser APIs the page scripts use (the server's TypeScript has no DOM library). */
interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  actions?: { action: string; title: string }[];
}
interface BrowserGlobals {
  navigator: {
    serviceWorker: {
      register(url: string, options: { scope: string }): Promise<unknown>;
      ready: Promise<{ getNotifications(): Promise<ShownNotification[]> }>;
    };
  };
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

          const context = await browser.newContext();
          await context.grantPermissions(['notifications'], { origin: server.baseUrl });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          const registrations: { registrationId: string; scopeURL: string }[] = [];
          cdp.on('ServiceWorker.workerRegistrationUpdated', (event) =>
            registrations.push(...event.registrations),
          );
          await cdp.send('ServiceWorker.enable');
          await page.goto(`${server.baseUrl}/`);
          await page.evaluate(async () => {
            const { serviceWorker } = (globalThis as unknown as BrowserGlobals).navigator;
            await serviceWorker.register('/sw.js', { scope: '/' });
            await serviceWorker.ready;
          });
          await expect
            .poll(() => registrations.find((r) => r.scopeURL === `${server.baseUrl}/`), { timeout: 10_000 })
            .toBeTruthy();
          const registrationId = registrations.find(
            (r) => r.scopeURL === `${server.baseUrl}/`,
          )!.registrationId;

          const shown = () =>
            page.evaluate(async () => {
              const registration = await (globalThis as unknown as BrowserGlobals).navigator.serviceWorker
                .ready;
              const list = await registration.getNotifications();
              return list.map((n) => ({
                title: n.title,
                body: n.body,
                tag: n.tag,
                actions: (n.actions ?? []).map((a) => a.title),
              }));
            });
          // Delivered again if nothing shows within 10 s: on a loaded CI machine one CDP delivery was
          // seen to vanish (2026-11-26). A repeat cannot show two: the reminder's tag replaces it.
          for (let attempt = 0; attempt < 3 && (await shown()).length === 0; attempt += 1) {
            await cdp.send('ServiceWorker.deliverPushMessage', {
              origin: server.baseUrl,
              registrationId,
              data: push!.message.payload,
            });
            await expect
              .poll(async () => (await shown()).length, { timeout: 10_000 })
              .toBe(1)
              .catch(() => undefined);
          }
          expect((await shown()).length).toBe(1);
          expect(await shown()).toEqual([
            {
              title: 'Time for your Morning dose',
              body: 'Aspirin (500mg)',
              tag: push!.payload.tag,
              actions: ['Mark as taken', 'Snooze 10 min'],
            },
          ]);

          // Press 'Mark as taken' (Chromium has no CDP call to click a notification button, so the
          // worker receives the same notificationclick event a press dispatches).
          const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
          const confirmation = await worker.evaluate(async () => {
            const scope = globalThis as unknown as {
              registration: { getNotifications(): Promise<ShownNotification[]> };
              dispatchEvent(event: Event): boolean;
            };
            const [notification] = await scope.registration.getNotifications();
            const Ctor = (
              globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event }
            ).NotificationEvent;
            scope.dispatchEvent(new Ctor('notificationclick', { notification, action: 'take' }));
            // Stay in the worker until its answer is shown: the notification replaced (same tag) by the API's message.
            for (let i = 0; i < 100; i += 1) {
              const shownNow = await scope.registration.getNotifications();
              if (shownNow.length === 1 && shownNow[0]!.body !== notification!.body) {
                return {
                  body: shownNow[0]!.body,
                  tag: shownNow[0]!.tag,
                  actions: shownNow[0]!.actions?.length ?? 0,
                };
              }
              await new Promise((r) => setTimeout(r, 100));
            }
            return null;
          });
          expect(confirmation).toEqual({
            body: 'Aspirin marked as taken!',
            tag: push!.payload.tag,
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
    },
  );
}
