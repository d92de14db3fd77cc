import { DEFAULT_CARE_PERMISSIONS, DEFAULT_SETTINGS } from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, ApiClient, aMedicine } from '../support/api-client';
import {
  type SignedInUser,
  base64url,
  createMedicine,
  decodeJwt,
  expectJsonError,
  exportSnapshot,
  jwtSecretOf,
  seedNotification,
  setTaken,
  signToken,
  signedInUser,
} from '../support/scenario';
import { passkeys } from '../../src/db/schema';
import { contractCalls, definitionOf, restRequest } from '../support/contract-calls';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';

/** Every call of the contract that needs a bearer token. */
const bearerCalls = contractCalls.filter((call) => call.definition.meta.access === 'bearer');

interface Victim {
  user: SignedInUser;
  medicineId: string;
  notificationId: string;
  /** An open invitation of the victim's, to a third person, and its token. */
  invitationId: string;
  invitationToken: string;
  /** The victim's browser device (issue 53: devices and channels are one list). */
  deviceId: string;
  /** A personal access token of the victim's (issue 59). */
  tokenId: string;
  /** The victim's health journal (issue 56): an own type, a reading, a symptom and an own name. */
  journal: { typeId: string; measurementId: string; symptomId: string; symptomNameId: string };
  /** A passkey of the victim's (issue 57), stored as a registration stores it. */
  passkeyId: string;
  /** A pack of the victim's medicine, and its product number remembered (issue 58). */
  packId: string;
}

/** The product number of the victim's pack (GS1's example GTIN). */
const VICTIM_GTIN = '09506000134352';

/** Everything a caregiver may have: the medicine list, every alert. */
const ALL_CARE = { ...DEFAULT_CARE_PERMISSIONS, canSeeMedicines: true, refillAlerts: true };

/** One attempt of the attacker on the victim's data: the call's path parameters, query and body. */
interface Attempt {
  label?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** 403 for a path or body naming someone else's email; 404 for someone else's id. */
  refusedWith: 403 | 404 | 400;
}

const WEB_PUSH = JSON.stringify({
  endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/attacker-device',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

/** Valid settings, unlike the victim's in every group. */
const settingsBody = {
  notifications: { ...DEFAULT_SETTINGS.notifications, enabled: false, reminderAdvance: 0 },
  medicineDefaults: {
    ...DEFAULT_SETTINGS.medicineDefaults,
    defaultReminderTimes: ['03:00', '04:00', '05:00'],
  },
  privacy: { dataSharing: true, analytics: false },
  timezone: 'Asia/Tokyo',
};

const { userEmail: _owner, ...medicineFields } = aMedicine('x@example.com', {
  name: 'Hijacked',
  totalPills: 1,
});

/** What the attacker tries, per bearer call of the contract. */
const matrix: Record<string, (victim: Victim, attacker: SignedInUser) => Attempt[]> = {
  // Names no user: it can only sign the caller's own other devices out (session-revocation.test.ts
  // checks the 401 without a token and that a bystander stays signed in).
  'auth.signOutEverywhere': () => [],
  // Issue 57: the roles answer only about the caller; a plain account may not invite (the default)
  // nor call any admin procedure, least of all on the victim's account.
  'signups.roles': () => [],
  'signups.invite': () => [{ body: { email: 'friend-of-attacker@example.com' }, refusedWith: 403 }],
  'admin.accounts': ({ user }) => [{ query: { query: user.email }, refusedWith: 403 }],
  'admin.disable': ({ user }) => [{ params: { id: user.id }, refusedWith: 403 }],
  'admin.enable': ({ user }) => [{ params: { id: user.id }, refusedWith: 403 }],
  'admin.sendPasswordReset': ({ user }) => [{ params: { id: user.id }, refusedWith: 403 }],
  'admin.deleteAccount': ({ user }) => [
    { params: { id: user.id }, body: { confirmEmail: user.email }, refusedWith: 403 },
  ],
  'admin.signups': () => [{ refusedWith: 403 }],
  'admin.setSignups': () => [{ body: { policy: 'closed' }, refusedWith: 403 }],
  'admin.actions': () => [{ refusedWith: 403 }],
  'user.get': ({ user }) => [
    { label: 'by id', params: { id: user.id }, refusedWith: 403 },
    { label: 'by email', params: { id: user.email }, refusedWith: 403 },
    { label: 'by upper-cased email', params: { id: user.email.toUpperCase() }, refusedWith: 403 },
  ],
  'user.update': ({ user }, attacker) => [
    { label: 'path', params: { userEmail: user.email }, body: { name: 'Hacked' }, refusedWith: 403 },
    {
      label: 'body names the victim',
      params: { userEmail: attacker.email },
      body: { name: 'Hacked', email: user.email },
      refusedWith: 400,
    },
  ],
  'user.deleteAccount': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'social.signInMethods': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'social.unlink': ({ user }) => [
    { params: { userEmail: user.email, provider: 'firebase' }, refusedWith: 403 },
  ],
  'user.savePushToken': ({ user }) => [
    { body: { email: user.email, tokenForNotification: WEB_PUSH }, refusedWith: 403 },
  ],
  'user.export': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'settings.get': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'settings.update': ({ user }) => [
    { params: { userEmail: user.email }, body: settingsBody, refusedWith: 403 },
  ],
  'medicine.list': ({ user }) => [
    { params: { userEmail: user.email }, refusedWith: 403 },
    { label: 'upper-cased', params: { userEmail: user.email.toUpperCase() }, refusedWith: 403 },
  ],
  'medicine.get': ({ medicineId }) => [{ params: { id: medicineId }, refusedWith: 404 }],
  'medicine.create': ({ user }) => [{ body: aMedicine(user.email, { name: 'Planted' }), refusedWith: 403 }],
  'medicine.update': ({ medicineId }) => [
    { params: { id: medicineId }, body: medicineFields, refusedWith: 404 },
  ],
  'medicine.delete': ({ medicineId }) => [{ params: { id: medicineId }, refusedWith: 404 }],
  // Issue 58: a medicine's life reaches the victim only through its id, like an edit: 404.
  'medicine.stop': ({ medicineId }) => [
    { params: { id: medicineId }, body: { stoppedOn: '2026-11-20' }, refusedWith: 404 },
  ],
  'medicine.resume': ({ medicineId }) => [{ params: { id: medicineId }, refusedWith: 404 }],
  'medicine.historyOfChanges': ({ medicineId }) => [{ params: { id: medicineId }, refusedWith: 404 }],
  'medicine.getTaken': ({ medicineId }) => [
    { params: { id: medicineId }, query: { date: '2026-11-20' }, refusedWith: 404 },
  ],
  'medicine.setTaken': ({ medicineId }) => [
    { params: { id: medicineId }, body: { date: '2026-11-20', taken: '0-0-0' }, refusedWith: 404 },
  ],
  'medicine.tickDose': ({ medicineId }) => [
    { params: { id: medicineId }, body: { date: '2026-11-20', slot: 0, taken: true }, refusedWith: 404 },
    {
      label: 'replaying a key the victim used is still refused',
      params: { id: medicineId },
      body: { date: '2026-11-20', slot: 2, taken: true, idempotencyKey: VICTIM_KEY },
      refusedWith: 404,
    },
  ],
  'medicine.correctTakenAt': ({ medicineId }) => [
    {
      params: { id: medicineId },
      body: { date: '2026-11-20', slot: 0, takenAt: '2026-11-20T08:05:00Z' },
      refusedWith: 404,
    },
  ],
  'medicine.skipDose': ({ medicineId }) => [
    {
      params: { id: medicineId },
      body: { date: '2026-11-20', slot: 0, skipped: true, reason: 'ran_out' },
      refusedWith: 404,
    },
  ],
  // Decision 316: a dose of the victim's (its caregiver's too: co-read only) is not the attacker's to move.
  'medicine.postponeDose': ({ medicineId }) => [
    {
      body: { medicineId, date: '2026-11-20', plannedTime: '08:00', newTime: '09:00' },
      refusedWith: 404,
    },
    {
      label: 'taking back a postponement',
      body: { medicineId, date: '2026-11-20', plannedTime: '08:00', newTime: null },
      refusedWith: 404,
    },
  ],
  'medicine.history': ({ medicineId }) => [
    { params: { id: medicineId }, query: { from: '2026-01-01', to: '2026-12-31' }, refusedWith: 404 },
  ],
  'medicine.takeAsNeeded': ({ medicineId }) => [
    { params: { id: medicineId }, body: { override: true }, refusedWith: 404 },
  ],
  'medicine.asNeededLog': ({ medicineId }) => [
    { params: { id: medicineId }, query: { from: '2026-11-01', to: '2026-11-30' }, refusedWith: 404 },
  ],
  'medicine.refill': ({ medicineId }) => [
    { label: 'no body', params: { id: medicineId }, refusedWith: 404 },
    { label: 'with pills', params: { id: medicineId }, body: { pills: 1 }, refusedWith: 404 },
  ],
  'medicine.refillReminders': ({ user }) => [{ query: { userEmail: user.email }, refusedWith: 403 }],
  'notification.list': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'report.month': ({ user }) => [
    { params: { userEmail: user.email }, refusedWith: 403 },
    { label: 'of a month', params: { userEmail: user.email }, query: { month: '2026-01' }, refusedWith: 403 },
  ],
  'calendar.status': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'calendar.regenerate': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'calendar.delete': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  // Issue 53: the victim's devices and channels, by their email (403) or by the attacker's own path
  // with the victim's device id (404, like an unknown id).
  'channels.list': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'channels.add': ({ user }) => [
    {
      params: { userEmail: user.email },
      body: { kind: 'ntfy', url: 'https://ntfy.sh/attacker-topic', mode: 'every' },
      refusedWith: 403,
    },
  ],
  'channels.update': ({ user, deviceId }, attacker) => [
    {
      label: 'by email',
      params: { userEmail: user.email, id: deviceId },
      body: { mode: 'fallback' },
      refusedWith: 403,
    },
    {
      label: 'by id',
      params: { userEmail: attacker.email, id: deviceId },
      body: { mode: 'fallback' },
      refusedWith: 404,
    },
  ],
  'channels.remove': ({ user, deviceId }, attacker) => [
    { label: 'by email', params: { userEmail: user.email, id: deviceId }, refusedWith: 403 },
    { label: 'by id', params: { userEmail: attacker.email, id: deviceId }, refusedWith: 404 },
  ],
  'channels.test': ({ user, deviceId }, attacker) => [
    { label: 'by email', params: { userEmail: user.email, id: deviceId }, refusedWith: 403 },
    { label: 'by id', params: { userEmail: attacker.email, id: deviceId }, refusedWith: 404 },
  ],
  'report.doctor': ({ user }) => [
    {
      params: { userEmail: user.email },
      query: { from: '2026-01-01', to: '2026-01-31' },
      refusedWith: 403,
    },
  ],
  // The attacker is the victim's caregiver (with every permission): the care calls of the victim's
  // circle are still the victim's alone, and their invitations open for the invited email only.
  // The victim's password would not help: the path names the victim.
  'email.requestChange': ({ user }) => [
    {
      params: { userEmail: user.email },
      body: { newEmail: 'accomplice@example.com', password: user.password },
      refusedWith: 403,
    },
  ],
  'care.invite': ({ user }) => [
    {
      params: { userEmail: user.email },
      body: { email: 'accomplice@example.com', permissions: ALL_CARE },
      refusedWith: 403,
    },
  ],
  'care.circle': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'care.updateCaregiver': ({ user }, attacker) => [
    {
      label: 'own permissions, through the victim’s path',
      params: { userEmail: user.email, caregiverId: attacker.id },
      body: { permissions: { ...ALL_CARE, missedDoseAlerts: false } },
      refusedWith: 403,
    },
  ],
  'care.removeCaregiver': ({ user }, attacker) => [
    { params: { userEmail: user.email, caregiverId: attacker.id }, refusedWith: 403 },
  ],
  'care.revokeInvitation': ({ user, invitationId }, attacker) => [
    { label: 'victim’s path', params: { userEmail: user.email, id: invitationId }, refusedWith: 403 },
    {
      label: 'own path, victim’s id',
      params: { userEmail: attacker.email, id: invitationId },
      refusedWith: 404,
    },
  ],
  'care.invitation': ({ invitationToken }) => [{ body: { token: invitationToken }, refusedWith: 403 }],
  'care.accept': ({ invitationToken }) => [{ body: { token: invitationToken }, refusedWith: 403 }],
  'care.patients': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'care.leave': ({ user }, attacker) => [
    { label: 'victim’s path', params: { userEmail: user.email, patientId: attacker.id }, refusedWith: 403 },
  ],
  'notification.markRead': ({ notificationId }) => [
    { params: { id: notificationId }, refusedWith: 404 },
    {
      label: 'with the key the victim used',
      params: { id: notificationId },
      body: { idempotencyKey: VICTIM_KEY },
      refusedWith: 404,
    },
  ],
  'notification.markAllRead': ({ user }) => [{ params: { userEmail: user.email }, refusedWith: 403 }],
  'notification.delete': ({ notificationId }) => [{ params: { id: notificationId }, refusedWith: 404 }],
  // The token calls name only the caller's own tokens; another's id is unknown to them.
  'token.list': () => [],
  'token.create': () => [],
  'token.revoke': ({ tokenId }) => [{ params: { id: tokenId }, refusedWith: 404 }],
  // Issue 56. Reads name no one but the caller, or (patientId) a person they care for: the attacker
  // is the victim's caregiver here, who may read the journal (decision 303); a stranger's 404 and a
  // token's 403 are in journal-symptoms.test.ts. Writes reach the victim only through ids: 404.
  'journal.types': () => [],
  'journal.measurements': () => [],
  'journal.symptomNames': () => [],
  'journal.symptoms': () => [],
  'journal.moods': () => [],
  'journal.createType': () => [],
  'journal.addSymptomName': () => [],
  'journal.setMood': () => [],
  'journal.deleteMood': () => [],
  'journal.updateType': ({ journal }) => [
    {
      params: { id: journal.typeId },
      body: { name: 'Mine', unit: 'cm', min: 1, max: 2, decimals: 0 },
      refusedWith: 404,
    },
  ],
  'journal.deleteType': ({ journal }) => [{ params: { id: journal.typeId }, refusedWith: 404 }],
  // Decision 331: a reminder names the caller's own types only; the victim's type is unknown.
  'journal.reminders': () => [],
  'journal.setReminder': ({ journal }) => [
    { params: { type: journal.typeId }, body: { times: ['08:00'], days: null }, refusedWith: 404 },
  ],
  'journal.deleteReminder': ({ journal }) => [{ params: { type: journal.typeId }, refusedWith: 404 }],
  'journal.setPreferences': ({ journal }) => [
    { params: { type: journal.typeId }, body: { displayUnit: 'cm', targets: [] }, refusedWith: 404 },
  ],
  'journal.createMeasurement': ({ journal }) => [
    {
      label: 'of the victim’s own type',
      body: { type: journal.typeId, values: { value: 80 }, unit: 'cm', measuredAt: '2026-11-21T08:00:00Z' },
      refusedWith: 404,
    },
  ],
  'journal.updateMeasurement': ({ journal }) => [
    {
      params: { id: journal.measurementId },
      body: { values: { value: 90 }, unit: 'kg', measuredAt: '2026-11-21T08:00:00Z' },
      refusedWith: 404,
    },
  ],
  'journal.deleteMeasurement': ({ journal }) => [{ params: { id: journal.measurementId }, refusedWith: 404 }],
  'journal.series': ({ medicineId }) => [
    {
      label: 'beside the victim’s medicine',
      query: { type: 'weight', from: '2026-11-01', to: '2026-11-20', medicineId },
      refusedWith: 404,
    },
  ],
  'journal.deleteSymptomName': ({ journal }) => [{ params: { id: journal.symptomNameId }, refusedWith: 404 }],
  'journal.createSymptom': ({ medicineId }) => [
    {
      label: 'suspecting the victim’s medicine',
      body: { symptom: 'Nausea', severity: 2, occurredAt: '2026-11-21T08:00:00Z', medicineId },
      refusedWith: 404,
    },
  ],
  'journal.updateSymptom': ({ journal }) => [
    {
      params: { id: journal.symptomId },
      body: { symptom: 'Nausea', severity: 5, occurredAt: '2026-11-21T08:00:00Z' },
      refusedWith: 404,
    },
  ],
  'journal.deleteSymptom': ({ journal }) => [{ params: { id: journal.symptomId }, refusedWith: 404 }],
  // Issue 58: packs reach the victim only through the medicine's (and the pack's) id: 404. The
  // mappings, the cabinet and reading a code act on the caller's own packs only.
  'pack.list': ({ medicineId }) => [{ params: { id: medicineId }, refusedWith: 404 }],
  'pack.add': ({ medicineId }) => [
    { params: { id: medicineId }, body: { gtin: VICTIM_GTIN, pills: 10 }, refusedWith: 404 },
  ],
  'pack.usedUp': ({ medicineId, packId }) => [{ params: { id: medicineId, packId }, refusedWith: 404 }],
  'pack.remove': ({ medicineId, packId }) => [{ params: { id: medicineId, packId }, refusedWith: 404 }],
  'pack.setMapping': ({ medicineId }) => [
    { params: { gtin: VICTIM_GTIN }, body: { medicineId, pillsPerPack: 5 }, refusedWith: 404 },
  ],
  'pack.read': () => [],
  'pack.cabinet': () => [],
  'pack.mappings': () => [],
  // The victim remembers VICTIM_GTIN; the attacker's own list has no such entry.
  'pack.deleteMapping': () => [{ params: { gtin: VICTIM_GTIN }, refusedWith: 404 }],
  // Passkeys likewise: the calls without an id act on the caller's own account only.
  'passkey.list': () => [],
  // The activity record names no one: it is the caller's own (decision 294).
  'activity.list': () => [],
  'passkey.registrationOptions': () => [],
  'passkey.register': () => [],
  'passkey.rename': ({ passkeyId }) => [
    { params: { id: passkeyId }, body: { name: 'Mine' }, refusedWith: 404 },
  ],
  'passkey.remove': ({ passkeyId }) => [{ params: { id: passkeyId }, refusedWith: 404 }],
  // Issue 57: two-step sign-in names no user; each call acts on the caller's own account only.
  'twoFactor.status': () => [],
  'twoFactor.startSetup': () => [],
  'twoFactor.confirmSetup': () => [],
  'twoFactor.regenerateRecoveryCodes': () => [],
  'twoFactor.disable': () => [],
};

/** Sends an attempt to the call's REST path, built from the contract. */
function sendRest(api: ApiClient, key: string, attempt: Attempt, headers: Record<string, string> = {}) {
  const { method, url } = restRequest(key, attempt.params, attempt.query);
  return api.request(method, url, attempt.body, { headers });
}

/** Sends the same attempt to the tRPC endpoint the web app uses. */
function sendTrpc(api: ApiClient, key: string, attempt: Attempt, headers: Record<string, string> = {}) {
  const input = { ...attempt.params, ...attempt.query, ...(attempt.body as object | undefined) };
  if (definitionOf(key).meta.openapi.method === 'GET') {
    return api.request('GET', `/trpc/${key}?input=${encodeURIComponent(JSON.stringify(input))}`, undefined, {
      headers,
    });
  }
  return api.request('POST', `/trpc/${key}`, input, { headers });
}

const statusOf = (response: ApiResponse) =>
  response.status === 200
    ? 200
    : ((response.body as { error?: { data?: { httpStatus?: number } } })?.error?.data?.httpStatus ??
      response.status);

const VICTIM_KEY = 'victim-key-0001';

describe(`authorization matrix (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let victim: Victim;
  let attacker: SignedInUser;
  let before: Record<string, unknown>;
  let circleBefore: unknown;
  let devicesBefore: unknown;
  let feedBefore: unknown;
  let victimFeedUrl: string;
  let expiredToken: string;

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
    const user = await signedInUser(server, { label: 'victim', name: 'Victim' });
    const medicine = await createMedicine(user, { name: 'Victim Pill', frequency: '1-0-1' });
    await setTaken(user, medicine.id, '2026-11-19', '1-0-1');
    await setTaken(user, medicine.id, '2026-11-20', '1-0-0');
    // A key the victim used: the attacker's replay of it must neither apply nor read the answer.
    const keyed = await user.api.put(`/api/medicine/${medicine.id}/dose`, {
      date: '2026-11-20',
      slot: 2,
      taken: true,
      idempotencyKey: VICTIM_KEY,
    });
    expect(keyed.status, keyed.text).toBe(200);
    await user.api.patch(`/api/medicine/${medicine.id}/refill`, { pills: 50 });
    await user.api.post('/api/user/save-fcm-token', {
      email: user.email,
      tokenForNotification: WEB_PUSH.replace('attacker-device', 'victim-device'),
    });
    const saved = await user.api.put(`/api/user/${user.email}/settings`, {
      ...settingsBody,
      medicineDefaults: {
        ...settingsBody.medicineDefaults,
        defaultReminderTimes: ['07:00', '13:00', '21:00'],
      },
      timezone: 'Europe/Berlin',
    });
    expect(saved.status, saved.text).toBe(200);
    const notification = await seedNotification(server, user.id, { title: 'Victim note' });
    await seedNotification(server, user.id, { title: 'Second note' }, new Date('2026-11-20T10:00:00Z'));
    attacker = await signedInUser(server, { label: 'attacker', name: 'Attacker' });
    const feed = await user.api.post<{ url: string }>(`/api/calendar/${user.email}/feed`);
    expect(feed.status, feed.text).toBe(201);
    victimFeedUrl = feed.body.url;
    feedBefore = await server.app.services.repositories.calendarFeeds.findForUser(user.id);
    // The attacker is the victim's caregiver: a caregiver's token against every other call.
    const invite = async (email: string) => {
      const response = await user.api.post(`/api/care/${user.email}/invitations`, {
        email,
        permissions: ALL_CARE,
      });
      expect(response.status, response.text).toBe(201);
      return response.body as { invitation: { id: string }; token: string };
    };
    const accepted = await attacker.api.post('/api/care/invitation/accept', {
      token: (await invite(attacker.email)).token,
    });
    expect(accepted.status, accepted.text).toBe(200);
    const open = await invite('friend-of-victim@example.com');
    victim = {
      user,
      medicineId: medicine.id,
      notificationId: notification.id,
      invitationId: open.invitation.id,
      invitationToken: open.token,
      deviceId: (await server.app.services.repositories.pushSubscriptions.listForUser(user.id))[0]!.id,
      tokenId: (
        await user.api.post<{ token: { id: string } }>('/api/tokens', { name: 'Victim', scopes: ['read'] })
      ).body.token.id,
      journal: await victimJournal(user),
      packId: (
        await user.api.post<{ pack: { id: string } }>(`/api/medicine/${medicine.id}/packs`, {
          gtin: VICTIM_GTIN,
          serial: 'VICTIM1',
          expiresOn: '2027-06-30',
          pills: 30,
        })
      ).body.pack.id,
      passkeyId: (
        await server.database.handle.db
          .insert(passkeys)
          .values({
            userId: user.id,
            credentialId: randomUUID(),
            publicKey: 'pQECAyYgASFYIA',
            counter: 0,
            transports: 'internal',
            name: 'Victim’s phone',
          })
          .returning()
      )[0]!.id,
    };
    before = await exportSnapshot(user);
    circleBefore = (await user.api.get(`/api/care/${user.email}/caregivers`)).body;
    devicesBefore = await server.app.services.repositories.pushSubscriptions.listForUser(user.id);
    // Correctly signed (the secret is in DATA_DIR) and for the right user, but an hour too old.
    const nowSeconds = Math.floor(server.clock.now().getTime() / 1000);
    expiredToken = await signToken(await jwtSecretOf(server), {
      ...decodeJwt(attacker.api.token!).payload,
      iat: nowSeconds - 7200,
      exp: nowSeconds - 3600,
    });
  });
  afterAll(() => server.close());

  it('has a row for every bearer call of the contract', () => {
    expect(bearerCalls.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(matrix).sort()).toEqual(bearerCalls.map((call) => call.key).sort());
  });

  describe.each(bearerCalls.map((call) => call.key))('%s', (key) => {
    const attempts = () => matrix[key]!(victim, attacker);

    it('answers 401 without a token, with a forged one, and with an expired one (REST and tRPC)', async () => {
      const anonymous = new ApiClient(server.baseUrl);
      const [attackerHeader, , attackerSignature] = attacker.api.token!.split('.') as [
        string,
        string,
        string,
      ];
      const claimsOfVictim = {
        ...decodeJwt(attacker.api.token!).payload,
        sub: victim.user.id,
        email: victim.user.email,
      };
      const forged = {
        'no token': {},
        'garbage token': { authorization: 'Bearer garbage' },
        'victim claims, attacker signature': {
          authorization: `Bearer ${attackerHeader}.${base64url(claimsOfVictim)}.${attackerSignature}`,
        },
        'alg none': { authorization: `Bearer ${base64url({ alg: 'none' })}.${base64url(claimsOfVictim)}.` },
        expired: { authorization: `Bearer ${expiredToken}` },
      };
      for (const attempt of attempts()) {
        for (const [label, headers] of Object.entries(forged)) {
          const rest = await sendRest(anonymous, key, attempt, headers);
          expect(rest.status, `${label} ${attempt.label ?? ''}: ${rest.text}`).toBe(401);
          expectJsonError(rest, 401);
          const trpc = await sendTrpc(anonymous, key, attempt, headers);
          expect(statusOf(trpc), `tRPC ${label}: ${trpc.text}`).toBe(401);
        }
      }
    });

    it('refuses the other user (403 for their email, 404 for their ids, exactly like an unknown id)', async () => {
      for (const attempt of attempts()) {
        const rest = await sendRest(attacker.api, key, attempt);
        expect(rest.status, `${attempt.label ?? ''}: ${rest.text}`).toBe(attempt.refusedWith);
        expectJsonError(rest);
        const trpc = await sendTrpc(attacker.api, key, attempt);
        expect(statusOf(trpc), `tRPC: ${trpc.text}`).toBe(attempt.refusedWith);

        if (attempt.refusedWith === 404) {
          const unknown = await sendRest(attacker.api, key, {
            ...attempt,
            params: { ...attempt.params, id: randomUUID() },
          });
          expect(rest.status).toBe(unknown.status);
          expect(rest.body).toEqual(unknown.body);
        }
      }
    });
  });

  it('leaves the victim’s data byte-for-byte unchanged, and gives the attacker nothing', async () => {
    const after = await exportSnapshot(victim.user);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    // The circle too: the caregiver changed neither their own permissions nor the invitations.
    expect((await victim.user.api.get(`/api/care/${victim.user.email}/caregivers`)).body).toEqual(
      circleBefore,
    );
    expect(await server.app.services.repositories.pushSubscriptions.listForUser(victim.user.id)).toEqual(
      devicesBefore,
    );
    // The victim's calendar link was neither replaced nor turned off.
    expect(await server.app.services.repositories.calendarFeeds.findForUser(victim.user.id)).toEqual(
      feedBefore,
    );
    expect((await fetch(victimFeedUrl)).status).toBe(200);
    // The victim can still sign in with the same password and name.
    const login = await new ApiClient(server.baseUrl).post('/api/auth/login', {
      email: victim.user.email,
      password: victim.user.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.user.name).toBe('Victim');

    const loot = await exportSnapshot(attacker);
    expect(loot.medicines).toEqual([]);
    expect(loot.doseHistory).toEqual([]);
    expect(loot.notifications).toEqual([]);
  });
});

/** The victim's journal rows the attacker aims at (issue 56). */
async function victimJournal(user: SignedInUser): Promise<Victim['journal']> {
  const made = async (path: string, body: unknown) => {
    const response = await user.api.post(path, body);
    expect(response.status, response.text).toBe(201);
    return response.body;
  };
  const type = await made('/api/journal/types', {
    name: 'Waist',
    unit: 'cm',
    min: 30,
    max: 250,
    decimals: 1,
  });
  const reading = { type: 'weight', values: { value: 70 }, unit: 'kg', measuredAt: '2026-11-20T08:00:00Z' };
  const name = await made('/api/journal/symptom-names', { name: 'Dry mouth' });
  const symptom = { symptom: 'Dry mouth', severity: 2, occurredAt: '2026-11-20T09:00:00Z' };
  // A reminder of the own type: the attacker's delete of it must not reach it (decision 331).
  const reminder = await user.api.put(`/api/journal/reminders/${type.type.type}`, {
    times: ['08:00'],
    days: null,
  });
  expect(reminder.status, reminder.text).toBe(200);
  return {
    typeId: type.type.type,
    measurementId: (await made('/api/journal/measurements', reading)).measurement.id,
    symptomId: (await made('/api/journal/symptoms', symptom)).symptom.id,
    symptomNameId: name.name.id,
  };
}
