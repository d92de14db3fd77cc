import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

/** Waits for a condition the server reaches by itself (the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** One tab's stream: resolves with everything it received once the server ends it. */
function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  let text = '';
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const ended = (async () => {
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
      if (/event: connected|error/.test(text)) connected();
    }
  })().catch((error: unknown) => {
    if ((error as Error).name === 'AbortError') return text;
    throw error;
  });
  return { ready, ended, close: () => controller.abort(), text: () => text };
}

describe(`live notification stream limits (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    server.app.services.live.limits.recheckMs = 100;
  });
  afterAll(() => server.close());
  const url = () => `${server.baseUrl}/trpc/push.notifications`;

  it('refuses a user more open streams than the cap, and only that user (finding 11)', async () => {
    const me = await signedInUser(server, { label: 'tabs' });
    const other = await signedInUser(server, { label: 'other-tabs' });
    const cap = server.app.services.live.limits.perUser;
    const tabs = Array.from({ length: cap }, () => openStream(url(), { cookie: me.api.cookie! }));
    await Promise.all(tabs.map((t) => t.ready));
    // The 'connected' event can come before the server has registered the tab: wait until it has.
    await until(() => server.app.services.live.listenerCount(me.id) === cap);
    const extra = openStream(url(), { cookie: me.api.cookie! });
    await until(() => extra.text().includes('serialized-error'));
    expect(extra.text()).toContain('"httpStatus":429');
    expect(extra.text()).toContain('Too many open notification streams (at most 10)');
    extra.close();
    expect(server.app.services.live.listenerCount(me.id)).toBe(cap);
    const theirs = openStream(url(), { cookie: other.api.cookie! });
    await theirs.ready;
    await until(() => server.app.services.live.listenerCount(other.id) === 1);
    // Closing one tab frees its place.
    tabs[0]!.close();
    await tabs[0]!.ended;
    const again = openStream(url(), { cookie: me.api.cookie! });
    await again.ready;
    await until(() => server.app.services.live.listenerCount(me.id) === cap);
    expect(server.app.services.live.listenerCount(me.id)).toBe(cap);
    for (const t of [...tabs, again, theirs]) t.close();
  });

  it('ends the stream once the account is gone or its sessions are revoked (finding 11)', async () => {
    const deleted = await signedInUser(server, { label: 'gone' });
    const revoked = await signedInUser(server, { label: 'revoked' });
    const tab1 = openStream(url(), { cookie: deleted.api.cookie! });
    const tab2 = openStream(url(), { authorization: `Bearer ${revoked.api.token!}` });
    await Promise.all([tab1.ready, tab2.ready]);
    onTestFinished(() => {
      tab1.close();
      tab2.close();
    });
    expect(
      (await deleted.api.delete(`/api/user/${deleted.email}/account`, { password: deleted.password })).status,
    ).toBe(200);
    expect((await revoked.api.post('/api/auth/sign-out-everywhere', {})).status).toBe(200);
    // Both streams end by themselves (the test would time out otherwise).
    await Promise.all([tab1.ended, tab2.ended]);
    expect(server.app.services.live.listenerCount(deleted.id)).toBe(0);
    expect(server.app.services.live.listenerCount(revoked.id)).toBe(0);
  });
});
