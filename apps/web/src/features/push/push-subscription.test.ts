import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerForPush } from './push-subscription';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

interface FakeBrowser {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  subscribe?: () => Promise<unknown>;
  secure?: boolean;
}

function fakeBrowser(browser: FakeBrowser) {
  const requestPermission = vi.fn(async () => {
    browser.permission = browser.answer ?? 'granted';
    return browser.permission;
  });
  const Notification = {
    requestPermission,
    get permission() {
      return browser.permission;
    },
  };
  const subscription = {
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: 'https://push.example/1' }),
  };
  const registration = {
    pushManager: {
      getSubscription: async () => null,
      subscribe: browser.subscribe ?? (async () => subscription),
    },
  };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('isSecureContext', browser.secure ?? true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  return { requestPermission };
}

const deps = () => ({ vapidPublicKey: vi.fn(async () => KEY), saveToken: vi.fn(async () => undefined) });

describe('registerForPush: permission only from a tap, and the true outcome (decision 197)', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('does not ask for permission on page load: the state says a tap is needed', async () => {
    const { requestPermission } = fakeBrowser({ permission: 'default' });
    const d = deps();
    expect(await registerForPush(d, { ask: false })).toBe('not-asked');
    expect(requestPermission).not.toHaveBeenCalled();
    expect(d.saveToken).not.toHaveBeenCalled();
  });

  it('asks on a tap and saves the subscription once granted', async () => {
    const { requestPermission } = fakeBrowser({ permission: 'default', answer: 'granted' });
    const d = deps();
    expect(await registerForPush(d, { ask: true })).toBe('subscribed');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(d.saveToken).toHaveBeenCalledWith(JSON.stringify({ endpoint: 'https://push.example/1' }));
  });

  it('registers quietly on load when the permission was granted before', async () => {
    const { requestPermission } = fakeBrowser({ permission: 'granted' });
    expect(await registerForPush(deps(), { ask: false })).toBe('subscribed');
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('says denied when the user refuses, or the browser blocks the site', async () => {
    fakeBrowser({ permission: 'default', answer: 'denied' });
    expect(await registerForPush(deps(), { ask: true })).toBe('denied');
    fakeBrowser({ permission: 'denied' });
    expect(await registerForPush(deps(), { ask: true })).toBe('denied');
  });

  it('says failed when subscribing fails, not that push is on', async () => {
    fakeBrowser({
      permission: 'granted',
      subscribe: () => Promise.reject(new DOMException('push service unreachable', 'AbortError')),
    });
    const d = deps();
    expect(await registerForPush(d, { ask: false })).toBe('failed');
    expect(d.saveToken).not.toHaveBeenCalled();
  });

  it('says the page is not a secure context (plain HTTP on a LAN address)', async () => {
    const { requestPermission } = fakeBrowser({ permission: 'default', secure: false });
    expect(await registerForPush(deps(), { ask: true })).toBe('insecure');
    expect(requestPermission).not.toHaveBeenCalled();
  });
});
