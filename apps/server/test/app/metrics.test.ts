import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../support/test-database';
import { TestPushService } from '../support/test-push-service';
import { type ReminderServer, createUser, startReminderServer } from '../features/reminders/reminder-harness';

const TOKEN = 'metrics-token-for-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format's samples (no HELP/TYPE lines). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples named so whose labels include `labels`. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe(`GET /metrics (${TEST_ENGINE})`, () => {
  const pushService = new TestPushService();
  let server: ReminderServer;
  const scrape = async () => {
    const response = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };
  beforeAll(async () => {
    await pushService.start();
    server = await startReminderServer({
      now: '2026-11-21T05:00:00Z',
      env: { PUSH_ENDPOINT_ALLOWLIST: pushService.host, METRICS_TOKEN: TOKEN },
    });
  });
  afterAll(async () => {
    await server.close();
    await pushService.stop();
  });

  it('answers only with the token', async () => {
    const none = await fetch(`${server.baseUrl}/metrics`);
    expect(none.status).toBe(401);
    const wrong = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    const basic = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: TOKEN } });
    expect(basic.status).toBe(401);
    expect(await none.text()).not.toContain('medrem_');
  });

  it('labels requests by route pattern and status class, never by id or email', async () => {
    const user = await createUser(server, { timezone: 'Europe/Berlin' });
    const medicine = await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
    const before = valueOf(await scrape(), 'medrem_http_request_duration_seconds_count', {
      route: '/api/medicine/:id',
      method: 'GET',
      status_class: '2xx',
    });
    for (let i = 0; i < 3; i += 1)
      expect((await user.api.get(`/api/medicine/${medicine.id}`)).status).toBe(200);
    expect((await user.api.get(`/api/medicine/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    // No route at all: one request under `unmatched`, and its URL nowhere.
    const unmatchedBefore = valueOf(await scrape(), 'medrem_http_request_duration_seconds_count', {
      route: 'unmatched',
      method: 'GET',
      status_class: '4xx',
    });
    expect((await user.api.get(`/api/no-such-route/${user.email}`)).status).toBe(404);
    const text = await scrape();
    expect(
      valueOf(text, 'medrem_http_request_duration_seconds_count', {
        route: 'unmatched',
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBe(unmatchedBefore + 1);
    expect(text).not.toContain('no-such-route');
    const labels = { route: '/api/medicine/:id', method: 'GET' };
    expect(
      valueOf(text, 'medrem_http_request_duration_seconds_count', { ...labels, status_class: '2xx' }),
    ).toBe(before + 3);
    expect(
      valueOf(text, 'medrem_http_request_duration_seconds_count', { ...labels, status_class: '4xx' }),
    ).toBe(1);
    expect(
      valueOf(text, 'medrem_http_request_duration_seconds_bucket', {
        ...labels,
        status_class: '2xx',
        le: '+Inf',
      }),
    ).toBe(before + 3);
    expect(text).not.toContain(medicine.id);
    expect(text).not.toContain(user.email);
    expect(text).not.toContain('Aspirin');
    // Default process metrics are there, event-loop lag among them.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{role="server"\} /m);
  });

  it('counts a real delivery: due, stored, sent, lateness, a gone device, an empty outbox', async () => {
    const user = await createUser(server, { timezone: 'Europe/Berlin', times: ['08:00', '13:00', '20:00'] });
    await user.addMedicine({ name: 'Ibuprofen', dosage: '200mg', frequency: '1-0-0' });
    const phone = pushService.subscribe();
    const dead = pushService.subscribe();
    pushService.answers.set(dead.id, 410);
    for (const device of [phone, dead]) {
      await user.saveDevice(device.json);
    }
    const before = await scrape();
    await server.at('2026-11-21T07:00:30Z'); // 08:00:30 Berlin: 30 s late
    expect(pushService.received.filter((p) => p.subscription === phone.id)).toHaveLength(1);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('medrem_reminders_due_total')).toBeGreaterThanOrEqual(1);
    expect(moved('medrem_reminders_stored_total')).toBeGreaterThanOrEqual(1);
    expect(moved('medrem_reminders_sent_total')).toBe(1);
    expect(moved('medrem_push_failures_total', { reason: 'gone' })).toBe(1);
    expect(moved('medrem_reminders_failed_total')).toBe(1);
    expect(moved('medrem_reminder_lateness_seconds_count', { stage: 'push' })).toBe(1);
    // The stored stage saw the 30 s: it is not in the 10 s bucket but is in the 30 s one.
    expect(moved('medrem_reminder_lateness_seconds_bucket', { stage: 'stored', le: '10' })).toBe(0);
    expect(
      moved('medrem_reminder_lateness_seconds_bucket', { stage: 'stored', le: '30' }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'medrem_push_outbox_pending')).toBe(0);
    expect(valueOf(after, 'medrem_queue_waiting_jobs')).toBe(0);
    expect(after).toMatch(/^medrem_db_pool_max\{role="server"\} \d+/m);

    // The sample Grafana dashboard asks only for metrics this process serves.
    const dashboard = readFileSync(
      new URL('../../../../infra/grafana/medicine-reminder.dashboard.json', import.meta.url),
      'utf8',
    );
    const asked = new Set([...dashboard.matchAll(/\b(medrem_\w+|nodejs_\w+)/g)].map((m) => m[1]!));
    expect(asked.size).toBeGreaterThan(8);
    // PGlite is one in-process connection: no connection counts to report (decision 110).
    if (TEST_ENGINE !== 'postgres') asked.delete('medrem_db_connections');
    const served = new Set(samples(after).map((sample) => sample.name));
    for (const name of asked) expect(served, name).toContain(name);
  });
});

describe(`GET /metrics without METRICS_TOKEN (${TEST_ENGINE})`, () => {
  let server: ReminderServer;
  beforeAll(async () => {
    server = await startReminderServer({ now: '2026-11-21T05:00:00Z' });
  });
  afterAll(() => server.close());

  it('is off: 404 with or without a token, and no web-app page either', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const response = await fetch(`${server.baseUrl}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('medrem_');
    }
  });
});
