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
 */
export async function pressButton(context: BrowserContext, action: string) {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker.evaluate(async (pressed) => {
    const scope = globalThis as unknown as {
      registration: { getNotifications(): Promise<ShownNotification[]> };
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    const Ctor = (globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event })
      .NotificationEvent;
    scope.dispatchEvent(new Ctor('notificationclick', { notification, action: pressed }));
    for (let i = 0; i < 100; i += 1) {
      const shownNow = await scope.registration.getNotifications();
      if (shownNow.length === 1 && shownNow[0]!.body !== notification!.body) {
        return { body: shownNow[0]!.body, tag: shownNow[0]!.tag, actions: shownNow[0]!.actions?.length ?? 0 };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  }, action);
}
