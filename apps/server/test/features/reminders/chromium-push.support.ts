import { expect } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';

/** The browser APIs the page scripts use (the server's TypeScript has no DOM library). */
export interface ShownNotification {
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

/** A browser context with notifications allowed and the site's service worker registered. */
export async function openWorker(browser: Browser, baseUrl: string) {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await page.goto(`${baseUrl}/`);
  await page.evaluate(async () => {
    const { serviceWorker } = (globalThis as unknown as BrowserGlobals).navigator;
    await serviceWorker.register('/sw.js', { scope: '/' });
    await serviceWorker.ready;
  });
  const ours = () => registrations.find((r) => r.scopeURL === `${baseUrl}/`);
  await expect.poll(ours, { timeout: 10_000 }).toBeTruthy();
  const { registrationId } = ours()!;

  const shown = () =>
    page.evaluate(async () => {
      const registration = await (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.ready;
      const list = await registration.getNotifications();
      return list.map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        actions: (n.actions ?? []).map((a) => a.title),
      }));
    });

  return {
    context,
    shown,
    /** Delivers a push as the push service would (CDP), and waits until it shows. */
    deliver: async (data: string) => {
      // Delivered again if nothing shows within 10 s: on a loaded CI machine one CDP delivery was
      // seen to vanish (2026-11-26). A repeat cannot show two: the reminder's tag replaces it.
      for (let attempt = 0; attempt < 3 && (await shown()).length === 0; attempt += 1) {
        await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data });
        await expect
          .poll(async () => (await shown()).length, { timeout: 10_000 })
          .toBe(1)
          .catch(() => undefined);
      }
      expect((await shown()).length).toBe(1);
      return shown();
    },
  };
}

/**
 * Presses a button of the notification shown (Chromium has no CDP call to click a notification
 * button, so the worker receives the same notificationclick event a press dispatches) and waits
 * for the worker's answer: the notification replaced (same tag) by the API's message.
 *
 * It waits for the worker's call to the API to be answered, however long a loaded machine takes,
 * and then for the notification; a press that shows nothing fails with what the API answered
 * (stop 65 saw only "null" after a fixed 10 s: the answer, shown at once, had been closed by the
 * pressed notification's late close; the worker now waits for that close).
 */
export async function pressButton(context: BrowserContext, action: string) {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const answered = context.waitForEvent('requestfinished', {
    predicate: (request) => request.url().endsWith('/api/push/action'),
    timeout: 45_000,
  });
  await worker.evaluate(async (pressed) => {
    const scope = globalThis as unknown as {
      registration: { getNotifications(): Promise<ShownNotification[]> };
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    const Ctor = (globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event })
      .NotificationEvent;
    scope.dispatchEvent(new Ctor('notificationclick', { notification, action: pressed }));
  }, action);
  const response = await (await answered).response();
  const apiAnswer = `${response?.status()} ${await response?.text().catch(() => '')}`;
  const replaced = () =>
    worker.evaluate(async () => {
      const scope = globalThis as unknown as {
        registration: { getNotifications(): Promise<ShownNotification[]> };
      };
      return (await scope.registration.getNotifications()).map((n) => ({
        body: n.body,
        tag: n.tag,
        actions: n.actions?.length ?? 0,
      }));
    });
  await expect
    .poll(async () => (await replaced()).length, {
      timeout: 15_000,
      message: `no notification after the press; the API answered ${apiAnswer}`,
    })
    .toBe(1);
  return (await replaced())[0];
}
