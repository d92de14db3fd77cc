import type { Notification } from '@medrem/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config/config';
import { ManualClock } from '../../../src/lib/clock';
import type { PushMessage, PushResult, PushSender, PushTarget } from '../../../src/features/push/push-sender';
import type { ReminderEngine } from '../../../src/features/reminders/engine/reminder-engine';
import { ApiClient } from '../../support/api-client';
import { type TestDatabase, TEST_ENGINE, createTestDatabase } from '../../support/test-database';
import { TestPushService } from '../../support/test-push-service';
import { DEFAULT_NOTIFICATIONS } from './reminder-seed';

/** A push sender that records what it was asked to send, and can be told to fail. */
export class RecordingSender implements PushSender {
  readonly sent: { target: PushTarget; message: PushMessage; payload: any }[] = [];
  /** Answers to give instead of success, in order, per endpoint. */
  private readonly failures = new Map<string, PushResult[]>();

  failNext(endpoint: string, result: PushResult): void {
    this.failures.set(endpoint, [...(this.failures.get(endpoint) ?? []), result]);
  }

  async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
    const failure = this.failures.get(target.endpoint)?.shift();
    if (failure) return failure;
    this.sent.push({ target, message, payload: JSON.parse(message.payload) });
    return { ok: true };
  }

  to(endpoint: string) {
    return this.sent.filter((s) => s.target.endpoint === endpoint);
  }
}

export interface ReminderServer {
  app: FastifyInstance;
  baseUrl: string;
  clock: ManualClock;
  database: TestDatabase;
  dataDir: string;
  /** Absent when REMINDER_WORKER=off (a server that only serves the API and the live stream). */
  engine: ReminderEngine;
  /** Sets the clock and runs everything due then. */
  at(instant: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database with a ManualClock and no automatic tick: a test moves the clock
 * and runs the engine itself, so every rule is checked at exact instants.
 */
export async function startReminderServer(
  options: {
    now: string;
    env?: Record<string, string>;
    sender?: PushSender;
    /** Another test server's database, clock and DATA_DIR: a second server process-alike on them. */
    shareWith?: ReminderServer;
  } = { now: '2026-11-21T00:00:00Z' },
): Promise<ReminderServer> {
  const shared = options.shareWith;
  const database = shared?.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'medrem-reminders-'));
  const clock = shared?.clock ?? new ManualClock(new Date(options.now));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(shared ? { DATA_DIR: shared.dataDir } : {}),
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    REMINDER_TICK_MS: '0',
    PUSH_ENDPOINT_ALLOWLIST: 'push.example.test',
    // As a deployment's `auto` would have it (the database comes in as a handle, not DATABASE_URL):
    // embedded sends on their own thread, PostgreSQL on the engine's (decision 019).
    PUSH_SEND_THREAD: TEST_ENGINE === 'postgres' ? 'off' : 'on',
    ...options.env,
  });
  const app = await buildApp({
    config,
    clock,
    database: database.handle,
    logger: false,
    ...(options.sender ? { pushSender: options.sender } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const engine = app.reminders.engine as ReminderEngine;
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    clock,
    database,
    dataDir: shared?.dataDir ?? dataDir,
    engine,
    async at(instant) {
      clock.set(instant);
      await engine.runUntilIdle();
    },
    async close() {
      await app.close();
      if (!shared) await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a describe block: a local push service that decrypts what it is sent (TestPushService) and a
 * reminder server allowed to send to it, started before the block's tests and stopped after them.
 */
export function withPushService(options: { now: string; env?: Record<string, string> }): {
  pushService: TestPushService;
  readonly server: ReminderServer;
} {
  const pushService = new TestPushService();
  let server: ReminderServer | undefined;
  beforeAll(async () => {
    await pushService.start();
    server = await startReminderServer({
      now: options.now,
      env: { PUSH_ENDPOINT_ALLOWLIST: pushService.host, ...options.env },
    });
  });
  afterAll(async () => {
    await server?.close();
    await pushService.stop();
  });
  return {
    pushService,
    get server() {
      if (!server) throw new Error('the reminder server is not started yet');
      return server;
    },
  };
}

/** What a notification button does: posts the push's action token, as the service worker does. */
export async function actOnPush(server: Pick<ReminderServer, 'baseUrl'>, token: string): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}/api/push/action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return response.json();
}

let sequence = 0;

export interface TestUser {
  api: ApiClient;
  id: string;
  email: string;
  /** A fresh bearer token (the clock may have moved past the last one's hour). */
  refresh(): Promise<void>;
  notifications(): Promise<Notification[]>;
  saveSettings(changes: {
    timezone?: string;
    times?: string[];
    notifications?: Partial<Record<string, unknown>>;
    /** The account's language and clock (decision 361); unchanged when absent. */
    locale?: string | null;
    clock?: string;
  }): Promise<void>;
  addMedicine(fields: Record<string, unknown>): Promise<{ id: string; name: string }>;
  /** Registers a Web Push device at `endpoint` (asserting the save succeeded). */
  addDevice(endpoint: string): Promise<void>;
  /** Saves a device as the browser sends it (`PushSubscription.toJSON()`, e.g. a TestPushService's). */
  saveDevice(tokenForNotification: string): Promise<void>;
}

/** The defaults without follow-ups, which the rule tests start from (reminder-seed.ts). */
export { DEFAULT_NOTIFICATIONS };

/** A registered, signed-in user with settings saved (zone, times, switches). */
export async function createUser(
  server: Pick<ReminderServer, 'baseUrl'>,
  options: { timezone: string; times?: string[]; notifications?: Partial<Record<string, unknown>> },
): Promise<TestUser> {
  sequence += 1;
  const api = new ApiClient(server.baseUrl);
  const email = `rem-${sequence}-${Date.now().toString(36)}@example.com`;
  const user = await api.signUpAndIn({ name: `Patient ${sequence}`, email, password: 'correct-horse-1' });
  let settings: {
    timezone: string;
    times: string[];
    notifications: Record<string, unknown>;
    locale?: string | null;
    clock?: string;
  } = {
    timezone: options.timezone,
    times: options.times ?? ['08:00', '14:00', '20:00'],
    notifications: { ...DEFAULT_NOTIFICATIONS, ...options.notifications },
  };
  const refresh = async () => {
    const jwt = await api.post<{ token: string }>('/jwt', { email });
    if (jwt.status !== 200) throw new Error(`jwt failed: ${JSON.stringify(jwt.body)}`);
    api.token = jwt.body.token;
  };
  const test: TestUser = {
    api,
    id: user.id,
    email,
    refresh,
    async notifications() {
      await refresh();
      const response = await api.get<{ notifications: Notification[] }>(
        `/api/notifications/${email}?limit=100`,
      );
      if (response.status !== 200) throw new Error(`list failed: ${JSON.stringify(response.body)}`);
      return response.body.notifications;
    },
    async saveSettings(changes) {
      settings = {
        timezone: changes.timezone ?? settings.timezone,
        times: changes.times ?? settings.times,
        notifications: { ...settings.notifications, ...changes.notifications },
        ...('locale' in changes ? { locale: changes.locale } : { locale: settings.locale }),
        clock: changes.clock ?? settings.clock,
      };
      await refresh();
      const response = await api.put(`/api/user/${email}/settings`, {
        userEmail: email,
        timezone: settings.timezone,
        notifications: settings.notifications,
        medicineDefaults: {
          defaultDosesPerDay: 1,
          defaultReminderTimes: settings.times,
          defaultDurationDays: 0,
        },
        privacy: { dataSharing: false, analytics: true },
        ...(settings.locale !== undefined ? { locale: settings.locale } : {}),
        ...(settings.clock !== undefined ? { clock: settings.clock } : {}),
      });
      if (response.status !== 200) throw new Error(`settings failed: ${JSON.stringify(response.body)}`);
    },
    async addMedicine(fields) {
      await refresh();
      const response = await api.post<{ id: string; name: string }>('/api/medicine', {
        userEmail: email,
        name: 'Aspirin',
        dosage: '500mg',
        frequency: '1-0-0',
        startDate: '2026-01-01',
        durationDays: 365,
        originalDurationDays: 365,
        totalPills: 400,
        pillsPerDose: 1,
        instructions: '',
        ...fields,
      });
      if (response.status !== 201) throw new Error(`medicine failed: ${JSON.stringify(response.body)}`);
      return response.body;
    },
    addDevice(endpoint) {
      return test.saveDevice(webPushToken(endpoint));
    },
    async saveDevice(tokenForNotification) {
      await refresh();
      const response = await api.post('/api/user/save-fcm-token', { email, tokenForNotification });
      if (response.status !== 200) throw new Error(`device failed: ${JSON.stringify(response.body)}`);
    },
  };
  await test.saveSettings({});
  return test;
}

/**
 * A Berlin user whose one medicine (Aspirin, 500mg) is due at 08:00, with missed-dose alerts off and
 * one Web Push device recorded at `https://push.example.test/{label}-{user id}`.
 */
export async function morningDoseUser(
  server: Pick<ReminderServer, 'baseUrl'>,
  label: string,
): Promise<{ user: TestUser; endpoint: string }> {
  const user = await createUser(server, {
    timezone: 'Europe/Berlin',
    notifications: { missedDoseAlerts: false },
  });
  await user.addMedicine({ name: 'Aspirin', dosage: '500mg', frequency: '1-0-0' });
  const endpoint = `https://push.example.test/${label}-${user.id}`;
  await user.addDevice(endpoint);
  return { user, endpoint };
}

/** A Web Push subscription as a browser serialises it (keys are not used by RecordingSender). */
export function webPushToken(endpoint: string): string {
  return JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  });
}

/** A Redis for the cross-process tests, or the reason there is none (the tests then skip, loudly). */
export async function probeRedis(
  url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  quiet = false,
): Promise<string | undefined> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch (error) {
    if (!quiet) console.warn(`!! SKIPPED (no Redis at ${url}: ${(error as Error).message})`);
    return undefined;
  } finally {
    client.disconnect();
  }
}

/** Removes every key under a test's own prefix (never FLUSHALL a shared Redis). */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    await client.quit();
  }
}

/** Reads a tRPC SSE subscription: each `data:` event's JSON, as it arrives. */
export function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const events: any[] = [];
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const done = (async () => {
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    if (response.status !== 200) throw new Error(`stream answered ${response.status}`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith('event: connected')) connected();
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data && !block.startsWith('event:')) events.push(JSON.parse(data.slice(6)));
      }
    }
  })().catch((error: unknown) => {
    if ((error as Error).name !== 'AbortError') throw error;
  });
  return {
    events,
    ready,
    async waitFor(count: number, timeoutMs = 5000) {
      const end = Date.now() + timeoutMs;
      while (events.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      return events;
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}
