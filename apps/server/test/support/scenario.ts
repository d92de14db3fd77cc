import type { Medicine, Notification, Settings } from '@medrem/contract';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import type { NewNotification } from '../../src/features/notifications/notification.service';
import { ApiClient, type ApiResponse, aMedicine } from './api-client';
import type { TestServer } from './test-server';

/** What a stack frame of our TypeScript looks like; no answer may contain one. */
export const STACK_TRACE = /at .*\.ts:\d+/;

export const DEFAULT_PASSWORD = 'correct-horse-1';

let sequence = 0;

/** An email no other test (or file sharing the database server) uses. */
export function uniqueEmail(label = 'user'): string {
  sequence += 1;
  return `${label.toLowerCase()}-${sequence}-${randomBytes(3).toString('hex')}@example.com`;
}

export interface SignedInUser {
  api: ApiClient;
  id: string;
  email: string;
  name: string;
  password: string;
}

/** A new account, signed in (session cookie) and holding a bearer token. */
export async function signedInUser(
  server: Pick<TestServer, 'baseUrl'>,
  options: { label?: string; name?: string; password?: string; timezone?: string; locale?: string } = {},
): Promise<SignedInUser> {
  const api = new ApiClient(server.baseUrl);
  const email = uniqueEmail(options.label);
  const name = options.name ?? `User ${sequence}`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const user = await api.signUpAndIn({
    name,
    email,
    password,
    ...(options.timezone ? { timezone: options.timezone } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
  });
  return { api, id: user.id, email, name, password };
}

/** An account made by a provider's sign-in (Google, OpenID Connect): no password. */
export async function insertProviderOnlyUser(
  server: Pick<TestServer, 'app' | 'clock'>,
  options: { label: string; name: string },
): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(options.label);
  const row = await server.app.services.repositories.users.insert({
    name: options.name,
    email,
    passwordHash: null,
    createdAt: server.clock.now(),
  });
  return { id: row!.id, email };
}

/** Creates a medicine through REST and returns it (asserting the 201). */
export async function createMedicine(
  user: Pick<SignedInUser, 'api' | 'email'>,
  overrides: Record<string, unknown> = {},
): Promise<Medicine> {
  const response = await user.api.post<Medicine>('/api/medicine', aMedicine(user.email, overrides));
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** Records a day's taken flags through REST (asserting the 200). */
export async function setTaken(
  user: Pick<SignedInUser, 'api'>,
  medicineId: string,
  date: string,
  taken: string,
) {
  const response = await user.api.put(`/api/medicine/${medicineId}/taken`, { date, taken });
  expect(response.status, response.text).toBe(200);
}

/** Notifications come from the reminder engine, not from an API call: seed them through the service. */
export function seedNotification(
  server: Pick<TestServer, 'app'>,
  userId: string,
  overrides: Partial<NewNotification> = {},
  createdAt?: Date,
): Promise<Notification> {
  return server.app.services.notifications.create(
    userId,
    {
      type: 'reminder',
      title: 'Time for your dose',
      message: 'Take Aspirin now.',
      medicineName: 'Aspirin',
      ...overrides,
    },
    createdAt,
  );
}

/**
 * The user's full export minus what changes by itself: exportDate, and the activity record, which
 * every export and sign-in adds to after answering (decision 294; compared in activity.test.ts).
 */
export async function exportSnapshot(
  user: Pick<SignedInUser, 'api' | 'email'>,
  /** Parts the step under test changes on purpose (the calendar feed it regenerates, say). */
  { except = [] }: { except?: string[] } = {},
): Promise<Record<string, unknown>> {
  const response = await user.api.get<Record<string, unknown>>(`/api/user/${user.email}/export`);
  expect(response.status, response.text).toBe(200);
  const { exportDate: _exportDate, activity: _activity, ...rest } = response.body;
  for (const key of except) delete rest[key];
  return rest;
}

/** An error answer: the status (or any 4xx), JSON with a human-readable message, no stack trace. */
export function expectJsonError(response: ApiResponse, status?: number): void {
  if (status === undefined) {
    expect(response.status, response.text).toBeGreaterThanOrEqual(400);
    expect(response.status, response.text).toBeLessThan(500);
  } else {
    expect(response.status, response.text).toBe(status);
  }
  expect(response.headers.get('content-type') ?? '', response.text).toContain('application/json');
  const message = (response.body as { message?: unknown } | undefined)?.message;
  expect(typeof message, response.text).toBe('string');
  expect((message as string).trim().length, response.text).toBeGreaterThan(0);
  expect(response.text).not.toMatch(STACK_TRACE);
}

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown> & { iat?: number; exp?: number; sub?: string; email?: string };
}

export function decodeJwt(token: string): DecodedJwt {
  const [header, payload] = token.split('.');
  const part = (text: string | undefined) =>
    JSON.parse(Buffer.from(text ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: part(header), payload: part(payload) };
}

export const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The token secret the server generated in its DATA_DIR, to make tokens that differ in one way only. */
export async function jwtSecretOf(server: Pick<TestServer, 'dataDir'>): Promise<string> {
  const file = path.join(server.dataDir, 'secrets.json');
  return (JSON.parse(await readFile(file, 'utf8')) as { jwtSecret: string }).jwtSecret;
}

/** Signs claims as they are (no defaults added), with the given key and algorithm. */
export function signToken(secret: string, claims: Record<string, unknown>, alg = 'HS256'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

/** The user's settings through REST (asserting the 200). */
export async function settingsOf(user: Pick<SignedInUser, 'api' | 'email'>): Promise<Settings> {
  const response = await user.api.get<{ settings: Settings }>(`/api/user/${user.email}/settings`);
  expect(response.status, response.text).toBe(200);
  return response.body.settings;
}

/** Settings with other default reminder times, ready to PUT. */
export const withTimes = (settings: Settings, times: string[]) => ({
  ...settings,
  medicineDefaults: { ...settings.medicineDefaults, defaultReminderTimes: times },
});
