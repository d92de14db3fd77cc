import { DEFAULT_CARE_PERMISSIONS, DEFAULT_SETTINGS, STOP_REASON_MAX } from '@medrem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMedicine } from '../support/api-client';
import {
  type SignedInUser,
  createMedicine,
  expectJsonError,
  exportSnapshot,
  seedNotification,
  setTaken,
  signedInUser,
  uniqueEmail,
} from '../support/scenario';
import { contractCalls as allCalls, definitionOf, restRequest } from '../support/contract-calls';
import { controlCharacterCases } from '../support/control-character-cases';
import { type JournalWorld, journalBadInput, journalWorld } from './journal-bad-input';
import { packBadInput } from './pack-bad-input';
import { mailedLink } from '../support/outbox-links';
import { SmtpCatcher } from '../support/smtp-catcher';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';

type Json = Record<string, unknown>;

/** One user's world: what a valid request of each call refers to. */
interface World {
  user: SignedInUser;
  medicineId: string;
  /** An as-needed medicine without limits: its baseline intake is always allowed. */
  asNeededId: string;
  notificationId: string;
  /** The care circle around the user (decision 140). */
  care: {
    /** Someone the user cares for. */
    patientId: string;
    /** Someone who cares for the user. */
    caregiverId: string;
    /** An open invitation the user sent. */
    invitationId: string;
    /** An invitation to the user, not yet accepted. */
    token: string;
  };
  /** The user's verification link and a change of address they asked for, both unused (issue 52). */
  links: { verification: string; emailChange: string; newEmail: string };
  /** An ntfy channel of the user's (issue 53), on the loopback sink address the server allows. */
  channelId: string;
  /** A personal access token of the user's (issue 59). */
  tokenId: string;
  /** The user's health journal (issue 56). */
  journal: JournalWorld;
}

/** A valid request of a call; a bad case changes one thing of it. */
interface Baseline {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Json;
  /** The status of the valid request (checked by the control test). */
  ok: number;
}

interface BadCase {
  label: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Merged over the baseline body. */
  patch?: Json;
  /** Replaces the body entirely. */
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  status?: number;
  /** Words the message must contain (which field was wrong). */
  mentions?: string;
}

const settingsBody = (): Json => structuredClone(DEFAULT_SETTINGS);
const withNotifications = (change: Json) => ({
  notifications: { ...(settingsBody().notifications as Json), ...change },
});
const withTimes = (times: unknown) => ({
  medicineDefaults: { ...(settingsBody().medicineDefaults as Json), defaultReminderTimes: times },
});
const withDefaults = (change: Json) => ({
  medicineDefaults: { ...(settingsBody().medicineDefaults as Json), ...change },
});

const LONG = 'x'.repeat(10_000);
/** Where the world's ntfy channels point: a loopback port nobody answers on, allowed by the server. */
const CHANNEL_SINK = '127.0.0.1:9';
const NOT_UUIDS = ['not-a-uuid', '12345', '9f1c-0000', "1' OR '1'='1", 'a'.repeat(280)];
const NINE_FLAGS = '1-0-0-0-0-0-0-0-0';

/** Bad values of the medicine fields, shared by create and update. */
const medicineFieldCases: BadCase[] = [
  { label: 'name of 10 000 characters', patch: { name: LONG }, mentions: 'name' },
  { label: 'name of 121 characters', patch: { name: 'n'.repeat(121) }, mentions: 'name' },
  { label: 'blank name', patch: { name: '   ' }, mentions: 'name' },
  { label: 'name null', patch: { name: null }, mentions: 'name' },
  { label: 'dosage of 61 characters', patch: { dosage: 'd'.repeat(61) }, mentions: 'dosage' },
  { label: 'name with a line break', patch: { name: 'Asp\nirin' }, mentions: 'control characters' },
  {
    label: 'a taper step’s dose holding NUL',
    patch: { schedule: { kind: 'taper', steps: [{ days: 5, dose: '10\u0000 mg', pillsPerDose: 1 }] } },
    mentions: 'schedule.steps.0.dose',
  },
  {
    label: 'instructions of 1001 characters',
    patch: { instructions: 'i'.repeat(1001) },
    mentions: 'instructions',
  },
  { label: 'totalPills as a string', patch: { totalPills: '60' }, mentions: 'totalPills' },
  { label: 'totalPills true', patch: { totalPills: true }, mentions: 'totalPills' },
  { label: 'totalPills 0', patch: { totalPills: 0 }, mentions: 'totalPills' },
  { label: 'totalPills −1', patch: { totalPills: -1 }, mentions: 'totalPills' },
  { label: 'totalPills 1.5', patch: { totalPills: 1.5 }, mentions: 'totalPills' },
  { label: 'totalPills 100 001', patch: { totalPills: 100_001 }, mentions: 'totalPills' },
  { label: 'totalPills 2^53 + 2', patch: { totalPills: 2 ** 53 + 2 }, mentions: 'totalPills' },
  { label: 'pillsPerDose 101', patch: { pillsPerDose: 101 }, mentions: 'pillsPerDose' },
  { label: 'pillsPerDose 0', patch: { pillsPerDose: 0 }, mentions: 'pillsPerDose' },
  { label: 'durationDays 3651', patch: { durationDays: 3651 }, mentions: 'durationDays' },
  { label: 'durationDays "false"', patch: { durationDays: 'false' }, mentions: 'durationDays' },
  { label: 'originalDurationDays 0', patch: { originalDurationDays: 0 }, mentions: 'originalDurationDays' },
  {
    label: 'originalDurationDays missing',
    patch: { originalDurationDays: undefined },
    mentions: 'originalDurationDays',
  },
  { label: 'frequency 2-0', patch: { frequency: '2-0' }, mentions: 'frequency' },
  { label: 'frequency 0-0-0', patch: { frequency: '0-0-0' }, mentions: 'frequency' },
  { label: 'frequency with nine flags', patch: { frequency: NINE_FLAGS }, mentions: 'frequency' },
  { label: 'frequency 1,0,1', patch: { frequency: '1,0,1' }, mentions: 'frequency' },
  { label: 'frequency 1--0', patch: { frequency: '1--0' }, mentions: 'frequency' },
  { label: 'frequency empty', patch: { frequency: '' }, mentions: 'frequency' },
  { label: 'frequency as a number', patch: { frequency: 101 }, mentions: 'frequency' },
  { label: 'startDate 2025-02-30', patch: { startDate: '2025-02-30' }, mentions: 'startDate' },
  { label: 'startDate 2025/01/01', patch: { startDate: '2025/01/01' }, mentions: 'startDate' },
  { label: 'startDate 2025-1-1', patch: { startDate: '2025-1-1' }, mentions: 'startDate' },
  { label: 'startDate as a timestamp', patch: { startDate: '2025-01-01T00:00:00Z' }, mentions: 'startDate' },
  { label: 'scheduledTimes with 25:00', patch: { scheduledTimes: ['25:00'] }, mentions: 'scheduledTimes' },
  { label: 'scheduledTimes as a string', patch: { scheduledTimes: '08:00' }, mentions: 'scheduledTimes' },
  {
    label: 'a number that overflows to Infinity',
    rawBody: JSON.stringify(aMedicine('someone@example.com')).replace(
      '"totalPills":60',
      '"totalPills":1e400',
    ),
    mentions: 'totalPills',
  },
];

const emailParamCases = (param: 'userEmail'): BadCase[] => [
  { label: 'an email that is not one', params: { [param]: 'not-an-email' }, mentions: param },
  {
    label: 'an email of 300 characters',
    params: { [param]: `${'a'.repeat(288)}@example.com` },
    mentions: param,
  },
];
const idCases = (param: string): BadCase[] =>
  NOT_UUIDS.map((id) => ({
    label: `${param} ${id.length > 20 ? `${id.slice(0, 10)}… (${id.length} chars)` : JSON.stringify(id)}`,
    params: { [param]: encodeURIComponent(id) },
  }));
const idParamCases = idCases('id');

const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const PASSKEY_CREDENTIAL = {
  id: 'hT4qv0R1Qm2h8kG4sX2p0w',
  rawId: 'hT4qv0R1Qm2h8kG4sX2p0w',
  type: 'public-key',
};
const PASSKEY_REGISTRATION = {
  name: 'Phone',
  response: { ...PASSKEY_CREDENTIAL, response: { clientDataJSON: 'e30', attestationObject: 'oA' } },
};
const PASSKEY_ASSERTION = {
  ...PASSKEY_CREDENTIAL,
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};

/** A WebAuthn answer's own shape: each field typed and bounded before any check of its bytes. */
function passkeyAnswerCases(bytesField: string): BadCase[] {
  const answer = bytesField === 'signature' ? PASSKEY_ASSERTION : PASSKEY_REGISTRATION.response;
  const wrap = (response: unknown) =>
    bytesField === 'signature' ? { response } : { name: 'Phone', response };
  return [
    { label: 'type not public-key', patch: wrap({ ...answer, type: 'password' }), mentions: 'public-key' },
    { label: 'id not base64url', patch: wrap({ ...answer, id: 'a+b/c=' }), mentions: 'base64url' },
    {
      label: `${bytesField} of 100 kB`,
      patch: wrap({ ...answer, response: { ...answer.response, [bytesField]: 'A'.repeat(99_000) } }),
      mentions: 'too long',
    },
    {
      label: 'clientDataJSON a number',
      patch: wrap({ ...answer, response: { ...answer.response, clientDataJSON: 7 } }),
      mentions: 'clientDataJSON',
    },
  ];
}

const carePermissionCases: BadCase[] = [
  { label: 'no permissions', patch: { permissions: undefined }, mentions: 'permissions' },
  ...(
    [
      ['missedDelayMinutes 14', { missedDelayMinutes: 14 }, '15 to 720'],
      ['missedDelayMinutes 721', { missedDelayMinutes: 721 }, '15 to 720'],
      ['missedDelayMinutes 1.5', { missedDelayMinutes: 1.5 }, 'whole number'],
      ['missedDelayMinutes "60"', { missedDelayMinutes: '60' }, 'missedDelayMinutes'],
      ['canSeeMedicines "yes"', { canSeeMedicines: 'yes' }, 'canSeeMedicines'],
      ['refillAlerts null', { refillAlerts: null }, 'refillAlerts'],
    ] as const
  ).map(([label, change, mentions]) => ({
    label,
    patch: { permissions: { ...DEFAULT_CARE_PERMISSIONS, ...change } },
    mentions,
  })),
];
const careTokenCases: BadCase[] = [
  { label: 'no token', body: {}, mentions: 'token' },
  { label: 'token too short', patch: { token: 'v1.abc' }, mentions: 'not valid' },
  { label: 'token with markup', patch: { token: `v1.${'a'.repeat(40)}<script>` }, mentions: 'not valid' },
  { label: 'token as a number', patch: { token: 42 }, mentions: 'token' },
  { label: 'token of 401 characters', patch: { token: 'a'.repeat(401) }, mentions: 'not valid' },
];

const resetTokenCases: BadCase[] = [
  { label: 'no token', patch: { token: undefined }, mentions: 'incomplete' },
  { label: 'token empty', patch: { token: '' }, mentions: 'incomplete' },
  { label: 'token of 129 characters', patch: { token: 'a'.repeat(129) }, mentions: 'not valid' },
  { label: 'token as a number', patch: { token: 42 }, mentions: 'incomplete' },
];

const accountLinkCases: BadCase[] = [
  { label: 'no token', body: {}, mentions: 'token' },
  { label: 'empty token', patch: { token: '' }, mentions: 'no token' },
  { label: 'token cut short', patch: { token: 'abc' }, mentions: 'already used' },
  { label: 'token with markup', patch: { token: `${'a'.repeat(40)}<b>` }, mentions: 'already used' },
  { label: 'token as a number', patch: { token: 42 }, mentions: 'token' },
  { label: 'token of 201 characters', patch: { token: 'a'.repeat(201) }, mentions: 'too long' },
];

/** Per call: a valid baseline and the bad cases. Every call of the contract has an entry. */
const twoFactorCodeCases: BadCase[] = [
  { label: 'code missing', patch: { code: undefined }, mentions: 'code' },
  { label: 'code empty', patch: { code: '  ' }, mentions: 'code' },
  { label: 'code of 10 000 characters', patch: { code: LONG }, mentions: 'too long' },
  { label: 'code as a number', patch: { code: 123456 }, mentions: 'code' },
];

const table: Record<string, { baseline: (w: World) => Baseline; cases: BadCase[] }> = {
  'auth.register': {
    baseline: () => ({ body: { name: 'New', email: uniqueEmail('reg'), password: 'secret-1' }, ok: 201 }),
    cases: [
      { label: 'name of 10 000 characters', patch: { name: LONG }, mentions: 'name' },
      { label: 'name as a number', patch: { name: 42 }, mentions: 'name' },
      { label: 'email that is not one', patch: { email: 'ada-at-example.com' }, mentions: 'valid email' },
      { label: 'email of 10 000 characters', patch: { email: `${LONG}@example.com` }, mentions: 'email' },
      { label: 'password of 5 characters', patch: { password: '12345' }, mentions: 'at least 6 characters' },
      { label: 'password of 129 characters', patch: { password: 'p'.repeat(129) }, mentions: 'password' },
      { label: 'password as a number', patch: { password: 123456 }, mentions: 'password' },
      { label: 'unknown time zone', patch: { timezone: 'Mars/Olympus_Mons' }, mentions: 'timezone' },
      { label: 'invitation as a number', patch: { invitation: 42 }, mentions: 'invitation' },
      {
        label: 'invitation of 129 characters',
        patch: { invitation: 'i'.repeat(129) },
        mentions: 'invitation',
      },
      { label: 'no fields', body: {} },
    ],
  },
  'auth.login': {
    baseline: (w) => ({ body: { email: w.user.email, password: w.user.password }, ok: 200 }),
    cases: [
      { label: 'email missing', patch: { email: undefined }, mentions: 'email' },
      { label: 'password empty', patch: { password: '' }, mentions: 'password' },
      { label: 'password of 129 characters', patch: { password: 'p'.repeat(129) }, mentions: 'password' },
      { label: 'password true', patch: { password: true }, mentions: 'password' },
      { label: 'email as an array', patch: { email: ['a@example.com'] }, mentions: 'email' },
    ],
  },
  'auth.logout': { baseline: () => ({ ok: 200 }), cases: [] },
  'auth.session': { baseline: () => ({ ok: 200 }), cases: [] },
  // Takes no input; the optional-body cases below still apply.
  'auth.signOutEverywhere': { baseline: () => ({ ok: 200 }), cases: [] },
  'auth.token': {
    baseline: (w) => ({ body: { email: w.user.email }, ok: 200 }),
    cases: [
      { label: 'email that is not one', patch: { email: 'nobody' }, mentions: 'email' },
      { label: 'password as a number', patch: { password: 123456 }, mentions: 'password' },
      { label: 'password of 200 characters', patch: { password: 'p'.repeat(200) }, mentions: 'password' },
    ],
  },
  'passwordReset.request': {
    baseline: () => ({ body: { email: uniqueEmail('reset') }, ok: 202 }),
    cases: [
      { label: 'email that is not one', patch: { email: 'ada-at-example.com' }, mentions: 'valid email' },
      { label: 'email of 10 000 characters', patch: { email: `${LONG}@example.com` }, mentions: 'email' },
      { label: 'email missing', body: {}, mentions: 'email' },
      { label: 'email as a number', patch: { email: 42 }, mentions: 'email' },
    ],
  },
  'passwordReset.check': {
    baseline: () => ({ body: { token: 'a'.repeat(43) }, ok: 200 }),
    cases: resetTokenCases,
  },
  'passwordReset.confirm': {
    // No link was mailed for this token: a well-formed request is refused as "not valid" (400); each
    // case below names its own field instead.
    baseline: () => ({ body: { token: 'a'.repeat(43), password: 'a-new-secret-1' }, ok: 400 }),
    cases: [
      ...resetTokenCases,
      { label: 'password of 5 characters', patch: { password: '12345' }, mentions: 'at least 6 characters' },
      { label: 'password of 129 characters', patch: { password: 'p'.repeat(129) }, mentions: 'password' },
      { label: 'password missing', patch: { password: undefined }, mentions: 'password' },
    ],
  },
  'system.health': { baseline: () => ({ ok: 200 }), cases: [] },
  'push.vapidPublicKey': { baseline: () => ({ ok: 200 }), cases: [] },
  'social.providers': { baseline: () => ({ ok: 200 }), cases: [] },
  'social.signInMethods': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 200 }),
    cases: emailParamCases('userEmail'),
  },
  'social.unlink': {
    // Nothing is linked to this account: a valid request is a 404, each case below a 400.
    baseline: (w) => ({ params: { userEmail: w.user.email, provider: 'firebase' }, ok: 404 }),
    cases: [
      { label: 'a provider that does not exist', params: { provider: 'myspace' }, mentions: 'provider' },
      ...emailParamCases('userEmail'),
    ],
  },
  'push.action': {
    // Well-formed but unsigned: it passes validation and is refused by the token check (401), so
    // each case below is refused by validation alone.
    baseline: () => ({ body: { token: `${'a'.repeat(40)}.${'b'.repeat(43)}` }, ok: 401 }),
    cases: [
      { label: 'token missing', body: {}, mentions: 'token' },
      { label: 'token of 19 characters', patch: { token: 't'.repeat(19) }, mentions: 'token' },
      { label: 'token of 2001 characters', patch: { token: 't'.repeat(2001) }, mentions: 'token' },
      { label: 'token as a number', patch: { token: 12345678901234567890 }, mentions: 'token' },
      { label: 'token null', patch: { token: null }, mentions: 'token' },
      { label: 'an action that does not exist', patch: { action: 'delete' }, mentions: 'action' },
    ],
  },
  'push.dose': {
    // Well-formed but unsigned: validation passes and the link is refused as expired (401).
    baseline: () => ({ query: { token: `${'a'.repeat(40)}.${'b'.repeat(43)}` }, ok: 401 }),
    cases: [
      { label: 'token missing', query: {}, mentions: 'token' },
      { label: 'token of 19 characters', query: { token: 't'.repeat(19) }, mentions: 'token' },
      { label: 'token of 2001 characters', query: { token: 't'.repeat(2001) }, mentions: 'token' },
    ],
  },

  'user.get': {
    baseline: (w) => ({ params: { id: w.user.id }, ok: 200 }),
    cases: [{ label: 'id of 255 characters', params: { id: 'a'.repeat(255) } }],
  },
  'user.update': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, body: { name: w.user.name }, ok: 200 }),
    cases: [
      ...emailParamCases('userEmail'),
      { label: 'name of 10 000 characters', patch: { name: LONG }, mentions: 'name' },
      { label: 'blank name', patch: { name: '  ' }, mentions: 'name' },
      { label: 'name as a number', patch: { name: 7 }, mentions: 'name' },
      {
        label: 'password of 3 characters',
        patch: { password: 'abc', currentPassword: 'whatever' },
        mentions: 'password',
      },
      {
        label: 'currentPassword of 200 characters',
        patch: { password: 'abcdef', currentPassword: 'c'.repeat(200) },
      },
      { label: 'email that is not one', patch: { email: 'nope' }, mentions: 'email' },
    ],
  },
  'user.deleteAccount': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, body: { password: w.user.password }, ok: 200 }),
    cases: [
      ...emailParamCases('userEmail'),
      { label: 'a password of 200 characters', patch: { password: 'p'.repeat(200) }, mentions: 'password' },
      { label: 'a password that is not a string', patch: { password: 12345678 }, mentions: 'password' },
    ],
  },
  // Without a verified Firebase ID token (none is configured here) a valid body is refused (401);
  // social-sign-in.test.ts signs in for real. Bad input is still a 400 before any token check.
  'user.socialLogin': {
    baseline: (w) => ({
      body: { email: w.user.email, name: w.user.name, tokenForNotification: null },
      ok: 401,
    }),
    cases: [
      { label: 'name of 10 000 characters', patch: { name: LONG }, mentions: 'name' },
      { label: 'email that is not one', patch: { email: 'nope' }, mentions: 'email' },
      {
        label: 'token of 5000 characters',
        patch: { tokenForNotification: 't'.repeat(5000) },
        mentions: 'tokenForNotification',
      },
      {
        label: 'token as a number',
        patch: { tokenForNotification: 12345 },
        mentions: 'tokenForNotification',
      },
      { label: 'ID token of 9000 characters', patch: { idToken: 'x'.repeat(9000) }, mentions: 'idToken' },
      { label: 'ID token as a number', patch: { idToken: 42 }, mentions: 'idToken' },
    ],
  },
  'user.savePushToken': {
    baseline: (w) => ({ body: { email: w.user.email, tokenForNotification: null }, ok: 200 }),
    cases: [
      {
        label: 'token missing',
        patch: { tokenForNotification: undefined },
        mentions: 'tokenForNotification',
      },
      {
        label: 'token as an object',
        patch: { tokenForNotification: { endpoint: 'https://x' } },
        mentions: 'tokenForNotification',
      },
      {
        label: 'token of 5000 characters',
        patch: { tokenForNotification: 't'.repeat(5000) },
        mentions: 'tokenForNotification',
      },
      {
        label: 'token with spaces',
        patch: { tokenForNotification: 'not a push token at all' },
        mentions: 'tokenForNotification',
      },
      {
        label: 'subscription with an ftp endpoint',
        patch: {
          tokenForNotification: JSON.stringify({
            endpoint: 'ftp://x.example',
            keys: { p256dh: 'a', auth: 'b' },
          }),
        },
        mentions: 'Web Push',
      },
    ],
  },
  'user.export': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 200 }),
    cases: emailParamCases('userEmail'),
  },

  'settings.get': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 200 }),
    cases: emailParamCases('userEmail'),
  },
  'settings.update': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, body: settingsBody(), ok: 200 }),
    cases: [
      ...emailParamCases('userEmail'),
      {
        label: 'enabled "false"',
        patch: withNotifications({ enabled: 'false' }),
        mentions: 'notifications.enabled',
      },
      { label: 'enabled 0', patch: withNotifications({ enabled: 0 }), mentions: 'notifications.enabled' },
      {
        label: 'reminderAdvance "30"',
        patch: withNotifications({ reminderAdvance: '30' }),
        mentions: 'reminderAdvance',
      },
      {
        label: 'reminderAdvance true',
        patch: withNotifications({ reminderAdvance: true }),
        mentions: 'reminderAdvance',
      },
      {
        label: 'reminderAdvance −1',
        patch: withNotifications({ reminderAdvance: -1 }),
        mentions: 'reminderAdvance',
      },
      {
        label: 'reminderAdvance 1441',
        patch: withNotifications({ reminderAdvance: 1441 }),
        mentions: 'reminderAdvance',
      },
      // Decisions 227, 228: follow-ups and quiet hours.
      {
        label: 'follow-ups every 4 minutes',
        patch: withNotifications({ followUps: { everyMinutes: 4, times: 3 } }),
        mentions: 'followUps.everyMinutes',
      },
      {
        label: 'follow-ups every 61 minutes',
        patch: withNotifications({ followUps: { everyMinutes: 61, times: 3 } }),
        mentions: 'followUps.everyMinutes',
      },
      {
        label: 'follow-ups 7 times',
        patch: withNotifications({ followUps: { everyMinutes: 10, times: 7 } }),
        mentions: 'followUps.times',
      },
      {
        label: 'follow-ups −1 times',
        patch: withNotifications({ followUps: { everyMinutes: 10, times: -1 } }),
        mentions: 'followUps.times',
      },
      {
        label: 'follow-ups "3" times',
        patch: withNotifications({ followUps: { everyMinutes: 10, times: '3' } }),
        mentions: 'followUps.times',
      },
      {
        label: 'quiet hours 25:00',
        patch: withNotifications({ quietHours: { enabled: true, start: '25:00', end: '07:00' } }),
        mentions: 'quietHours.start',
      },
      {
        label: 'quiet hours 7:00',
        patch: withNotifications({ quietHours: { enabled: true, start: '22:00', end: '7:00' } }),
        mentions: 'quietHours.end',
      },
      {
        label: 'quiet hours starting when they end',
        patch: withNotifications({ quietHours: { enabled: true, start: '22:00', end: '22:00' } }),
        mentions: 'quietHours.end',
      },
      {
        label: 'quiet hours enabled "yes"',
        patch: withNotifications({ quietHours: { enabled: 'yes', start: '22:00', end: '07:00' } }),
        mentions: 'quietHours.enabled',
      },
      { label: 'time 25:00', patch: withTimes(['08:00', '25:00']), mentions: 'defaultReminderTimes' },
      { label: 'time 8:00', patch: withTimes(['8:00']), mentions: 'defaultReminderTimes' },
      { label: 'time 08:60', patch: withTimes(['08:60']), mentions: 'defaultReminderTimes' },
      {
        label: 'the same time twice',
        patch: withTimes(['08:00', '08:00']),
        mentions: 'defaultReminderTimes',
      },
      {
        label: 'nine times',
        patch: withTimes(['01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00', '08:00', '09:00']),
        mentions: 'defaultReminderTimes',
      },
      { label: 'no times', patch: withTimes([]), mentions: 'defaultReminderTimes' },
      { label: 'times as a string', patch: withTimes('08:00'), mentions: 'defaultReminderTimes' },
      {
        label: 'defaultDosesPerDay 0',
        patch: withDefaults({ defaultDosesPerDay: 0 }),
        mentions: 'defaultDosesPerDay',
      },
      {
        label: 'defaultDurationDays 1e9',
        patch: withDefaults({ defaultDurationDays: 1e9 }),
        mentions: 'defaultDurationDays',
      },
      { label: 'unknown time zone', patch: { timezone: 'Mars/Olympus_Mons' }, mentions: 'timezone' },
      { label: 'time zone as a number', patch: { timezone: 2 }, mentions: 'timezone' },
      { label: 'privacy missing', patch: { privacy: undefined }, mentions: 'privacy' },
      {
        label: 'analytics "yes"',
        patch: { privacy: { dataSharing: false, analytics: 'yes' } },
        mentions: 'analytics',
      },
    ],
  },

  'medicine.list': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 200 }),
    cases: emailParamCases('userEmail'),
  },
  'medicine.get': { baseline: (w) => ({ params: { id: w.medicineId }, ok: 200 }), cases: idParamCases },
  'medicine.create': {
    baseline: (w) => ({ body: aMedicine(w.user.email), ok: 201 }),
    cases: [
      ...medicineFieldCases,
      { label: 'userEmail that is not one', patch: { userEmail: 'nope' }, mentions: 'userEmail' },
      { label: 'an unknown schedule kind', patch: { schedule: { kind: 'sometimes' } }, mentions: 'schedule' },
      {
        label: 'every half hour (below 1, decision 196)',
        patch: { schedule: { kind: 'interval', everyHours: 0.5, startTime: '08:00' } },
        mentions: 'Hours between doses',
      },
      {
        label: 'no weekday chosen',
        patch: { schedule: { kind: 'weekdays', days: [] } },
        mentions: 'at least one day',
      },
      {
        label: 'a taper step without its dose',
        patch: { schedule: { kind: 'taper', steps: [{ days: 3, dose: '', pillsPerDose: 1 }] } },
        mentions: 'dose',
      },
      { label: 'userEmail missing', patch: { userEmail: undefined }, mentions: 'userEmail' },
    ],
  },
  'medicine.update': {
    baseline: (w) => {
      const { userEmail: _owner, ...fields } = aMedicine(w.user.email);
      return { params: { id: w.medicineId }, body: fields, ok: 200 };
    },
    cases: [...idParamCases, ...medicineFieldCases],
  },
  'medicine.delete': { baseline: (w) => ({ params: { id: w.medicineId }, ok: 200 }), cases: idParamCases },
  'medicine.getTaken': {
    baseline: (w) => ({ params: { id: w.medicineId }, query: { date: '2026-11-20' }, ok: 200 }),
    cases: [
      ...idParamCases,
      { label: 'date 2025-02-30', query: { date: '2025-02-30' }, mentions: 'date' },
      { label: 'date 2025/01/01', query: { date: '2025/01/01' }, mentions: 'date' },
      { label: 'date 2026-13-01', query: { date: '2026-13-01' }, mentions: 'date' },
      { label: 'no date', query: {}, mentions: 'date' },
    ],
  },
  'medicine.setTaken': {
    baseline: (w) => ({
      params: { id: w.medicineId },
      body: { date: '2026-11-20', taken: '1-0-1' },
      ok: 200,
    }),
    cases: [
      ...idParamCases,
      { label: 'taken 2-0-0', patch: { taken: '2-0-0' }, mentions: 'taken' },
      { label: 'taken with nine flags', patch: { taken: NINE_FLAGS }, mentions: 'taken' },
      { label: 'taken with too few flags', patch: { taken: '1-0' } },
      { label: 'taken for an unscheduled slot', patch: { taken: '0-1-0' } },
      { label: 'taken as a number', patch: { taken: 101 }, mentions: 'taken' },
      { label: 'taken true', patch: { taken: true }, mentions: 'taken' },
      { label: 'taken missing', patch: { taken: undefined }, mentions: 'taken' },
      { label: 'date 2025-02-30', patch: { date: '2025-02-30' }, mentions: 'date' },
      { label: 'date 2025/01/01', patch: { date: '2025/01/01' }, mentions: 'date' },
      { label: 'a future date', patch: { date: '2030-01-01' }, mentions: 'future' },
    ],
  },
  // The world's medicine has 2026-11-19 taken '1-0-1' (makeWorld): slot 0 can be corrected.
  'medicine.correctTakenAt': {
    baseline: (w) => ({
      params: { id: w.medicineId },
      body: { date: '2026-11-19', slot: 0, takenAt: '2026-11-19T08:05:00Z' },
      ok: 200,
    }),
    cases: [
      ...idParamCases,
      { label: 'slot -1', patch: { slot: -1 }, mentions: 'slot' },
      { label: 'slot 1.5', patch: { slot: 1.5 }, mentions: 'slot' },
      { label: 'slot "0"', patch: { slot: '0' }, mentions: 'slot' },
      { label: 'a slot not taken that day', patch: { slot: 1 } },
      { label: 'date not a date', patch: { date: '19/11/2026' }, mentions: 'date' },
      { label: 'takenAt not a timestamp', patch: { takenAt: 'this morning' }, mentions: 'takenAt' },
      { label: 'takenAt missing', patch: { takenAt: undefined }, mentions: 'takenAt' },
      { label: 'takenAt in the future', patch: { takenAt: '2999-01-01T08:00:00Z' } },
      { label: 'takenAt days before the dose', patch: { takenAt: '2026-11-01T08:00:00Z' } },
    ],
  },
  'medicine.tickDose': {
    baseline: (w) => ({
      params: { id: w.medicineId },
      body: { date: '2026-11-20', slot: 2, taken: true },
      ok: 200,
    }),
    cases: [
      ...idParamCases,
      { label: 'slot -1', patch: { slot: -1 }, mentions: 'slot' },
      { label: 'slot 8', patch: { slot: 8 }, mentions: 'slot' },
      { label: 'slot 1.5', patch: { slot: 1.5 }, mentions: 'slot' },
      { label: 'slot "0"', patch: { slot: '0' }, mentions: 'slot' },
      { label: 'slot 3 of a three-slot medicine', patch: { slot: 3 }, mentions: 'slot' },
      { label: 'taken for an unscheduled slot', patch: { slot: 1 }, mentions: 'scheduled' },
      { label: 'taken "1"', patch: { taken: '1' }, mentions: 'taken' },
      { label: 'taken missing', patch: { taken: undefined }, mentions: 'taken' },
      { label: 'a future date', patch: { date: '2030-01-01' }, mentions: 'future' },
      { label: 'tickedAt not a timestamp', patch: { tickedAt: 'yesterday' }, mentions: 'tickedAt' },
      { label: 'idempotencyKey too short', patch: { idempotencyKey: 'abc' }, mentions: 'idempotencyKey' },
      {
        label: 'idempotencyKey with spaces',
        patch: { idempotencyKey: 'a key with spaces' },
        mentions: 'idempotencyKey',
      },
    ],
  },
  // Decision 225: the world's medicine is '1-0-1'; slot 2 of 2026-11-20 can be skipped.
  'medicine.skipDose': {
    baseline: (w) => ({
      params: { id: w.medicineId },
      body: { date: '2026-11-20', slot: 2, skipped: true, reason: 'felt_unwell' },
      ok: 200,
    }),
    cases: [
      ...idParamCases,
      { label: 'an unknown reason', patch: { reason: 'bored' }, mentions: 'reason' },
      { label: 'reason as a number', patch: { reason: 1 }, mentions: 'reason' },
      { label: 'skipped "true"', patch: { skipped: 'true' }, mentions: 'skipped' },
      { label: 'skipped missing', patch: { skipped: undefined }, mentions: 'skipped' },
      { label: 'slot 8', patch: { slot: 8 }, mentions: 'slot' },
      { label: 'an unscheduled slot', patch: { slot: 1 }, mentions: 'scheduled' },
      { label: 'a future date', patch: { date: '2030-01-01' }, mentions: 'future' },
      { label: 'a note with NUL', patch: { note: 'a\u0000b' }, mentions: 'note' },
      { label: 'a note too long', patch: { note: 'x'.repeat(201) }, mentions: 'note' },
    ],
  },
  // Decision 316: the world's medicine is '1-0-1' at 10:00 UTC: today's 20:00 dose can move to 21:00.
  'medicine.postponeDose': {
    baseline: (w) => ({
      body: { medicineId: w.medicineId, date: '2026-11-21', plannedTime: '20:00', newTime: '21:00' },
      ok: 200,
    }),
    cases: [
      { label: 'medicineId not a UUID', patch: { medicineId: 'abc' }, mentions: 'id' },
      { label: 'into another day: tomorrow', patch: { date: '2026-11-22' }, mentions: 'today' },
      { label: 'into another day: past midnight', patch: { newTime: '00:30' }, mentions: 'planned time' },
      { label: 'a past day', patch: { date: '2026-11-20' }, mentions: 'today' },
      { label: 'newTime 24:00', patch: { newTime: '24:00' }, mentions: 'newTime' },
      {
        label: 'newTime earlier than now',
        patch: { plannedTime: '08:00', newTime: '09:00' },
        mentions: 'now',
      },
      { label: 'no dose at plannedTime', patch: { plannedTime: '14:00' }, mentions: 'no dose' },
      { label: 'plannedTime as a number', patch: { plannedTime: 800 }, mentions: 'plannedTime' },
      { label: 'newTime missing', patch: { newTime: undefined }, mentions: 'newTime' },
      { label: 'date 2026-02-30', patch: { date: '2026-02-30' }, mentions: 'date' },
      { label: 'idempotencyKey too short', patch: { idempotencyKey: 'abc' }, mentions: 'idempotencyKey' },
    ],
  },
  'medicine.history': {
    baseline: (w) => ({
      params: { id: w.medicineId },
      query: { from: '2026-11-01', to: '2026-11-30' },
      ok: 200,
    }),
    cases: [
      ...idParamCases,
      { label: 'from 2025/01/01', query: { from: '2025/01/01', to: '2025-01-31' }, mentions: 'from' },
      { label: 'to 2025-02-30', query: { from: '2025-02-01', to: '2025-02-30' }, mentions: 'to' },
      { label: 'to missing', query: { from: '2025-02-01' }, mentions: 'to' },
      { label: 'a range of 367 days', query: { from: '2025-01-01', to: '2026-01-02' }, mentions: '366' },
      { label: 'to before from', query: { from: '2026-11-30', to: '2026-11-01' } },
    ],
  },
  'medicine.takeAsNeeded': {
    baseline: (w) => ({ params: { id: w.asNeededId }, body: {}, ok: 201 }),
    cases: [
      ...idParamCases,
      { label: 'takenAt not a timestamp', patch: { takenAt: 'this morning' }, mentions: 'takenAt' },
      { label: 'override not a boolean', patch: { override: 'yes' }, mentions: 'override' },
    ],
  },
  'medicine.asNeededLog': {
    baseline: (w) => ({
      params: { id: w.asNeededId },
      query: { from: '2026-11-01', to: '2026-11-30' },
      ok: 200,
    }),
    cases: [
      ...idParamCases,
      { label: 'to missing', query: { from: '2026-11-01' }, mentions: 'to' },
      { label: 'a range of 367 days', query: { from: '2025-01-01', to: '2026-01-02' }, mentions: '366' },
    ],
  },
  'medicine.refill': {
    baseline: (w) => ({ params: { id: w.medicineId }, body: { pills: 30 }, ok: 200 }),
    cases: [
      ...idParamCases,
      { label: 'pills 0', patch: { pills: 0 }, mentions: 'pills' },
      { label: 'pills −5', patch: { pills: -5 }, mentions: 'pills' },
      { label: 'pills "30"', patch: { pills: '30' }, mentions: 'pills' },
      { label: 'pills true', patch: { pills: true }, mentions: 'pills' },
      { label: 'pills 2.5', patch: { pills: 2.5 }, mentions: 'pills' },
      { label: 'pills 1e12', patch: { pills: 1e12 }, mentions: 'pills' },
    ],
  },
  'medicine.refillReminders': {
    baseline: (w) => ({ query: { userEmail: w.user.email }, ok: 200 }),
    cases: [
      { label: 'no userEmail', query: {}, mentions: 'userEmail' },
      { label: 'userEmail that is not one', query: { userEmail: 'nope' }, mentions: 'userEmail' },
    ],
  },

  'report.month': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, query: { month: '2026-01' }, ok: 200 }),
    cases: [
      ...emailParamCases('userEmail'),
      { label: 'month abc', query: { month: 'abc' }, mentions: 'YYYY-MM' },
      { label: 'month 13', query: { month: '2026-13' }, mentions: 'YYYY-MM' },
      { label: 'a whole date', query: { month: '2026-01-05' }, mentions: 'YYYY-MM' },
      { label: 'year 0000', query: { month: '0000-01' }, mentions: '1900-01' },
      { label: 'a month after this one', query: { month: '2999-01' }, mentions: 'after this month' },
    ],
  },
  'calendar.status': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 200 }),
    cases: emailParamCases('userEmail'),
  },
  'calendar.regenerate': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 201 }),
    cases: emailParamCases('userEmail'),
  },
  'calendar.delete': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 200 }),
    cases: emailParamCases('userEmail'),
  },
  'report.doctor': {
    baseline: (w) => ({
      params: { userEmail: w.user.email },
      query: { from: '2026-01-01', to: '2026-01-31' },
      ok: 200,
    }),
    cases: [
      ...emailParamCases('userEmail'),
      { label: 'no from', query: { to: '2026-01-31' }, mentions: 'from' },
      { label: 'no to', query: { from: '2026-01-01' }, mentions: 'to' },
      { label: 'from abc', query: { from: 'abc', to: '2026-01-31' }, mentions: 'YYYY-MM-DD' },
      { label: 'to 31 February', query: { from: '2026-01-01', to: '2026-02-31' }, mentions: 'real calendar' },
      { label: 'from after to', query: { from: '2026-02-01', to: '2026-01-31' }, mentions: 'after the end' },
      { label: '367 days', query: { from: '2025-01-30', to: '2026-01-31' }, mentions: '366 days' },
      { label: 'to after today', query: { from: '2026-11-20', to: '2026-11-22' }, mentions: 'at the latest' },
    ],
  },
  // Before resendVerification: a new link replaces this one.
  'email.verify': {
    baseline: (w) => ({ body: { token: w.links.verification }, ok: 200 }),
    cases: accountLinkCases,
  },
  'email.resendVerification': {
    baseline: (w) => ({ body: { email: w.user.email }, ok: 200 }),
    cases: [
      { label: 'email that is not one', patch: { email: 'ada-at-example.com' }, mentions: 'valid email' },
      { label: 'email of 10 000 characters', patch: { email: `${LONG}@example.com` }, mentions: 'email' },
      { label: 'no email', body: {}, mentions: 'email' },
    ],
  },
  // Before requestChange: a newer request replaces this link.
  'email.confirmChange': {
    baseline: (w) => ({ body: { token: w.links.emailChange }, ok: 200 }),
    cases: accountLinkCases,
  },
  'email.requestChange': {
    baseline: (w) => ({
      params: { userEmail: w.user.email },
      body: { newEmail: uniqueEmail('change'), password: w.user.password },
      ok: 200,
    }),
    cases: [
      ...emailParamCases('userEmail'),
      {
        label: 'newEmail that is not one',
        patch: { newEmail: 'ada-at-example.com' },
        mentions: 'valid email',
      },
      { label: 'no newEmail', patch: { newEmail: undefined }, mentions: 'newEmail' },
      { label: 'password of 200 characters', patch: { password: 'p'.repeat(200) }, mentions: 'password' },
      { label: 'wrong password', patch: { password: 'not-the-password' }, mentions: 'not correct' },
    ],
  },
  'care.invite': {
    baseline: (w) => ({
      params: { userEmail: w.user.email },
      body: { email: uniqueEmail('invitee'), permissions: DEFAULT_CARE_PERMISSIONS },
      ok: 201,
    }),
    cases: [
      ...emailParamCases('userEmail'),
      { label: 'email that is not one', patch: { email: 'friend-at-example.com' }, mentions: 'valid email' },
      { label: 'no email', patch: { email: undefined }, mentions: 'email' },
      ...carePermissionCases,
    ],
  },
  'care.circle': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 200 }),
    cases: emailParamCases('userEmail'),
  },
  'care.updateCaregiver': {
    baseline: (w) => ({
      params: { userEmail: w.user.email, caregiverId: w.care.caregiverId },
      body: { permissions: { ...DEFAULT_CARE_PERMISSIONS, canSeeMedicines: true } },
      ok: 200,
    }),
    cases: [...emailParamCases('userEmail'), ...idCases('caregiverId'), ...carePermissionCases],
  },
  'care.invitation': {
    baseline: (w) => ({ body: { token: w.care.token }, ok: 200 }),
    cases: careTokenCases,
  },
  'care.accept': {
    baseline: (w) => ({ body: { token: w.care.token }, ok: 200 }),
    cases: careTokenCases,
  },
  'care.patients': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 200 }),
    cases: emailParamCases('userEmail'),
  },
  'care.revokeInvitation': {
    baseline: (w) => ({ params: { userEmail: w.user.email, id: w.care.invitationId }, ok: 200 }),
    cases: [...emailParamCases('userEmail'), ...idParamCases],
  },
  'care.removeCaregiver': {
    baseline: (w) => ({ params: { userEmail: w.user.email, caregiverId: w.care.caregiverId }, ok: 200 }),
    cases: [...emailParamCases('userEmail'), ...idCases('caregiverId')],
  },
  'care.leave': {
    baseline: (w) => ({ params: { userEmail: w.user.email, patientId: w.care.patientId }, ok: 200 }),
    cases: [...emailParamCases('userEmail'), ...idCases('patientId')],
  },
  'notification.list': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, query: { limit: '10' }, ok: 200 }),
    cases: [
      ...emailParamCases('userEmail'),
      { label: 'limit abc', query: { limit: 'abc' }, mentions: 'limit' },
      { label: 'limit 0', query: { limit: '0' }, mentions: 'limit' },
      { label: 'limit 101', query: { limit: '101' }, mentions: 'limit' },
      { label: 'limit 1.5', query: { limit: '1.5' }, mentions: 'limit' },
      { label: 'limit −1', query: { limit: '-1' }, mentions: 'limit' },
      { label: 'before yesterday', query: { before: 'yesterday' }, mentions: 'before' },
    ],
  },
  'notification.markRead': {
    baseline: (w) => ({ params: { id: w.notificationId }, ok: 200 }),
    cases: idParamCases,
  },
  'notification.markAllRead': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 200 }),
    cases: [
      ...emailParamCases('userEmail'),
      { label: 'upTo not a timestamp', patch: { upTo: 'now' }, mentions: 'upTo' },
      {
        label: 'idempotencyKey too long',
        patch: { idempotencyKey: 'k'.repeat(129) },
        mentions: 'idempotencyKey',
      },
    ],
  },
  'notification.delete': {
    baseline: (w) => ({ params: { id: w.notificationId }, ok: 200 }),
    cases: idParamCases,
  },
  // Issue 53 (decision 236): nothing reaches the network or is stored for a bad channel.
  'channels.list': {
    baseline: (w) => ({ params: { userEmail: w.user.email }, ok: 200 }),
    cases: emailParamCases('userEmail'),
  },
  'channels.add': {
    baseline: (w) => ({
      params: { userEmail: w.user.email },
      body: { kind: 'ntfy', url: `http://${CHANNEL_SINK}/baseline-topic`, mode: 'every' },
      ok: 201,
    }),
    cases: [
      ...emailParamCases('userEmail'),
      { label: 'kind sms', patch: { kind: 'sms' }, mentions: 'email, ntfy or webhook' },
      { label: 'no url', patch: { url: undefined }, mentions: 'url' },
      {
        label: 'url of 2001 characters',
        patch: { url: `https://ntfy.sh/${'t'.repeat(1990)}` },
        mentions: 'too long',
      },
      { label: 'url not http(s)', patch: { url: 'ftp://ntfy.sh/topic' }, mentions: 'https://' },
      { label: 'url plain http', patch: { url: 'http://ntfy.sh/topic' }, mentions: 'https://' },
      {
        label: 'url on a private address',
        patch: { url: 'https://192.168.1.20/topic' },
        mentions: 'private',
      },
      { label: 'url on loopback', patch: { url: 'https://127.0.0.1/topic' }, mentions: 'private' },
      { label: 'url with credentials', patch: { url: 'https://a:b@ntfy.sh/topic' }, mentions: 'password' },
      {
        label: 'url naming no ntfy topic',
        patch: { url: `http://${CHANNEL_SINK}/a/b.c` },
        mentions: 'ntfy topic',
      },
      { label: 'mode sometimes', patch: { mode: 'sometimes' }, mentions: 'every reminder' },
      { label: 'access token with a space', patch: { accessToken: 'tk_a b' }, mentions: 'spaces' },
      {
        label: 'email before the address is verified',
        body: { kind: 'email', mode: 'every' },
        mentions: 'verify',
      },
    ],
  },
  'channels.update': {
    baseline: (w) => ({
      params: { userEmail: w.user.email, id: w.channelId },
      body: { mode: 'fallback' },
      ok: 200,
    }),
    cases: [
      ...emailParamCases('userEmail'),
      ...idParamCases,
      { label: 'mode sometimes', patch: { mode: 'sometimes' }, mentions: 'every reminder' },
      { label: 'no mode', body: {}, mentions: 'mode' },
    ],
  },
  'channels.test': {
    baseline: (w) => ({ params: { userEmail: w.user.email, id: w.channelId }, ok: 200 }),
    cases: [...emailParamCases('userEmail'), ...idParamCases],
  },
  'channels.remove': {
    baseline: (w) => ({ params: { userEmail: w.user.email, id: w.channelId }, ok: 200 }),
    cases: [...emailParamCases('userEmail'), ...idParamCases],
  },
  // Issue 57. The world's user is no administrator and may not invite: each valid request is a 403
  // (the service's check), each bad one a 400 (the input is read first).
  'signups.policy': { baseline: () => ({ ok: 200 }), cases: [] },
  'signups.roles': { baseline: () => ({ ok: 200 }), cases: [] },
  'signups.invite': {
    baseline: () => ({ body: { email: uniqueEmail('invited') }, ok: 403 }),
    cases: [
      { label: 'email that is not one', patch: { email: 'nobody' }, mentions: 'email' },
      { label: 'no email', body: {}, mentions: 'email' },
    ],
  },
  'admin.accounts': {
    baseline: () => ({ query: { query: 'example', page: '1', pageSize: '25' }, ok: 403 }),
    cases: [
      { label: 'pageSize 101', query: { pageSize: '101' }, mentions: 'pageSize' },
      { label: 'pageSize 0', query: { pageSize: '0' }, mentions: 'pageSize' },
      { label: 'page 0', query: { page: '0' }, mentions: 'page' },
      { label: 'page 1.5', query: { page: '1.5' }, mentions: 'page' },
      { label: 'search of 255 characters', query: { query: 'q'.repeat(255) }, mentions: 'too long' },
    ],
  },
  'admin.disable': { baseline: (w) => ({ params: { id: w.user.id }, ok: 403 }), cases: idParamCases },
  'admin.enable': { baseline: (w) => ({ params: { id: w.user.id }, ok: 403 }), cases: idParamCases },
  'admin.sendPasswordReset': {
    baseline: (w) => ({ params: { id: w.user.id }, ok: 403 }),
    cases: idParamCases,
  },
  // A DELETE's fields go in the query string (as the control-character cases send them).
  'admin.deleteAccount': {
    baseline: (w) => ({ params: { id: w.user.id }, query: { confirmEmail: w.user.email }, ok: 403 }),
    cases: [
      ...idParamCases.map((c) => ({ ...c, query: { confirmEmail: 'someone@example.com' } })),
      { label: 'no typed address', query: {}, mentions: 'confirmEmail' },
      { label: 'typed address that is not one', query: { confirmEmail: 'me' }, mentions: 'email' },
    ],
  },
  'admin.signups': { baseline: () => ({ ok: 403 }), cases: [] },
  'admin.setSignups': {
    baseline: () => ({ body: { policy: 'closed' }, ok: 403 }),
    cases: [
      { label: 'an unknown policy', patch: { policy: 'sometimes' }, mentions: 'policy' },
      { label: 'policy upper-cased', patch: { policy: 'OPEN' }, mentions: 'policy' },
      { label: 'no policy', body: {}, mentions: 'policy' },
    ],
  },
  'admin.actions': {
    baseline: () => ({ query: { page: '1' }, ok: 403 }),
    cases: [{ label: 'pageSize 1000', query: { pageSize: '1000' }, mentions: 'pageSize' }],
  },
  // Issue 59: personal access tokens.
  // Issue 57, two-step sign-in. The world's user has it off: a valid confirm, regenerate or disable
  // is a 409 (nothing to confirm, it is off), a valid ticket unknown (400); setup starts last.
  'twoFactor.status': { baseline: () => ({ ok: 200 }), cases: [] },
  'twoFactor.confirmSetup': {
    baseline: () => ({ body: { code: '123456' }, ok: 409 }),
    cases: twoFactorCodeCases,
  },
  'twoFactor.regenerateRecoveryCodes': {
    baseline: () => ({ body: { code: '123456' }, ok: 409 }),
    cases: twoFactorCodeCases,
  },
  'twoFactor.disable': {
    baseline: (w) => ({ body: { code: '123456', password: w.user.password }, ok: 409 }),
    cases: [
      ...twoFactorCodeCases,
      { label: 'password of 200 characters', patch: { password: 'p'.repeat(200) }, mentions: 'password' },
    ],
  },
  'twoFactor.completeSignIn': {
    baseline: () => ({ body: { ticket: 'a'.repeat(43), code: '123456' }, ok: 400 }),
    cases: [
      ...twoFactorCodeCases,
      { label: 'ticket missing', patch: { ticket: undefined }, mentions: 'sign in again' },
      { label: 'ticket of 10 000 characters', patch: { ticket: LONG }, mentions: 'sign in again' },
      { label: 'ticket as a number', patch: { ticket: 42 }, mentions: 'sign in again' },
    ],
  },
  'twoFactor.startSetup': { baseline: () => ({ ok: 200 }), cases: [] },
  'token.list': { baseline: () => ({ ok: 200 }), cases: [] },
  'token.create': {
    baseline: () => ({
      body: { name: 'Script', scopes: ['read'], expiresAt: '2027-01-01T00:00:00Z' },
      ok: 201,
    }),
    cases: [
      { label: 'unknown scope', patch: { scopes: ['admin'] }, mentions: 'unknown scope' },
      { label: 'a scope twice', patch: { scopes: ['read', 'read'] }, mentions: 'once' },
      { label: 'no scope', patch: { scopes: [] }, mentions: 'at least one' },
      { label: 'no name', patch: { name: undefined }, mentions: 'name' },
      { label: 'name of 10 kB', patch: { name: 'n'.repeat(10_240) }, mentions: 'too long' },
      { label: 'expiry in the past', patch: { expiresAt: '2026-11-20T00:00:00Z' }, mentions: 'future' },
      { label: 'expiry not a date', patch: { expiresAt: 'soon' }, mentions: 'expiresAt' },
    ],
  },
  'token.revoke': { baseline: (w) => ({ params: { id: w.tokenId }, ok: 200 }), cases: idParamCases },
  // Issue 56: the health journal.
  ...journalBadInput(idParamCases),
  ...packBadInput(idParamCases),
  // Issue 57: passkeys. This server has no PUBLIC_URL and is reached at 127.0.0.1, an address no
  // browser takes as a passkey's site: the ceremonies' baselines are that refusal (their real
  // answers: test/features/passkeys), so each case below must fail on its own input first.
  'passkey.list': { baseline: () => ({ ok: 200 }), cases: [] },
  'passkey.registrationOptions': { baseline: () => ({ body: {}, ok: 400 }), cases: [] },
  'passkey.signInOptions': { baseline: () => ({ body: {}, ok: 400 }), cases: [] },
  'passkey.register': {
    baseline: () => ({ body: PASSKEY_REGISTRATION, ok: 400 }),
    cases: [
      { label: 'no response', patch: { response: undefined }, mentions: 'response' },
      { label: 'name of 61 characters', patch: { name: 'n'.repeat(61) }, mentions: 'too long' },
      ...passkeyAnswerCases('attestationObject'),
    ],
  },
  'passkey.signIn': {
    baseline: () => ({ body: { response: PASSKEY_ASSERTION }, ok: 400 }),
    cases: [
      { label: 'no response', patch: { response: undefined }, mentions: 'response' },
      ...passkeyAnswerCases('signature'),
    ],
  },
  'passkey.rename': {
    baseline: () => ({ params: { id: UNKNOWN_ID }, body: { name: 'Laptop' }, ok: 404 }),
    cases: [
      { label: 'no name', patch: { name: undefined }, mentions: 'name' },
      { label: 'blank name', patch: { name: '   ' }, mentions: 'required' },
      { label: 'name of 61 characters', patch: { name: 'n'.repeat(61) }, mentions: 'too long' },
      ...idParamCases,
    ],
  },
  'passkey.remove': { baseline: () => ({ params: { id: UNKNOWN_ID }, ok: 404 }), cases: idParamCases },
  // Issue 58: a medicine's life. Baselines on an unknown id (404), so the world's medicine is kept
  // as the other tables expect it; each case must fail on its own input first.
  'medicine.stop': {
    baseline: () => ({ params: { id: UNKNOWN_ID }, body: { stoppedOn: '2026-11-20' }, ok: 404 }),
    cases: [
      { label: 'no date', patch: { stoppedOn: undefined }, mentions: 'stoppedOn' },
      { label: 'date 2025-02-30', patch: { stoppedOn: '2025-02-30' }, mentions: 'date' },
      { label: 'date as a number', patch: { stoppedOn: 20261120 }, mentions: 'stoppedOn' },
      {
        label: 'reason with a line break',
        patch: { reason: 'Side\neffects' },
        mentions: 'control characters',
      },
      { label: 'reason too long', patch: { reason: 'r'.repeat(STOP_REASON_MAX + 1) }, mentions: 'too long' },
      ...idParamCases,
    ],
  },
  'medicine.resume': { baseline: () => ({ params: { id: UNKNOWN_ID }, ok: 404 }), cases: idParamCases },
  'medicine.historyOfChanges': {
    baseline: () => ({ params: { id: UNKNOWN_ID }, ok: 404 }),
    cases: idParamCases,
  },
  // Issue 57: the caller's own activity record, paged.
  'activity.list': {
    baseline: () => ({ ok: 200 }),
    cases: [
      { label: 'limit 0', query: { limit: '0' }, mentions: 'limit' },
      { label: 'limit 101', query: { limit: '101' }, mentions: 'limit' },
      { label: 'limit not a number', query: { limit: 'ten' }, mentions: 'limit' },
      { label: 'a forged cursor', query: { cursor: 'not-a-cursor' }, mentions: 'cursor' },
    ],
  },
};

/** What any call that takes a JSON body must survive. */
const BODY_CASES: BadCase[] = [
  { label: 'malformed JSON', rawBody: '{"name": "A",', mentions: 'not valid JSON' },
  { label: 'a single quote JSON', rawBody: "{'name': 'A'}", mentions: 'not valid JSON' },
  { label: 'a JSON array', body: [1, 2, 3] },
  { label: 'a JSON string', body: 'hello' },
  { label: 'JSON null', rawBody: 'null' },
  { label: 'a __proto__ key', rawBody: '{"__proto__": {"admin": true}}' },
  { label: 'a body over 100 KB', body: { name: 'n'.repeat(120_000) }, status: 413, mentions: 'too large' },
  { label: 'text/plain', rawBody: 'name=A', headers: { 'content-type': 'text/plain' }, status: 415 },
];
/** Calls whose body is optional: JSON null is "no body" for them, as an absent body is. */
const OPTIONAL_BODY = new Set([
  'auth.logout',
  'auth.signOutEverywhere',
  'medicine.refill',
  'medicine.takeAsNeeded',
  'notification.markRead',
  'notification.markAllRead',
  'calendar.regenerate',
  'channels.test',
  'admin.disable',
  'admin.enable',
  'admin.sendPasswordReset',
  'twoFactor.startSetup',
  'medicine.resume',
  'pack.usedUp',
]);

function casesOf(key: string): BadCase[] {
  const { method } = definitionOf(key).meta.openapi;
  const generic = method === 'GET' || method === 'DELETE' ? [] : BODY_CASES;
  const cases = OPTIONAL_BODY.has(key) ? generic.filter((c) => c.rawBody !== 'null') : generic;
  // Every text field of the input refuses control characters (decision 183).
  return [...cases, ...(table[key]?.cases ?? []), ...controlCharacterCases(definitionOf(key))];
}

function send(world: World, key: string, bad: BadCase | undefined) {
  const baseline = table[key]!.baseline(world);
  const { method, url } = restRequest(
    key,
    { ...baseline.params, ...bad?.params },
    bad?.query ?? baseline.query,
  );
  let body: unknown = baseline.body;
  if (bad?.patch) body = JSON.parse(JSON.stringify({ ...baseline.body, ...bad.patch }));
  if (bad && 'body' in bad) body = bad.body;
  return world.user.api.request(method, url, body, {
    ...(bad?.rawBody !== undefined ? { rawBody: bad.rawBody } : {}),
    ...(bad?.headers ? { headers: bad.headers } : {}),
  });
}

describe(`bad input (${TEST_ENGINE})`, () => {
  let server: TestServer;
  // The account links of each world arrive here over SMTP (issue 52).
  let catcher: SmtpCatcher;
  let world: World;
  let before: Record<string, unknown>;

  async function makeWorld(label: string): Promise<World> {
    const user = await signedInUser(server, { label });
    const medicine = await createMedicine(user, { frequency: '1-0-1' });
    await setTaken(user, medicine.id, '2026-11-19', '1-0-1');
    const asNeeded = await createMedicine(user, {
      frequency: '1',
      schedule: { kind: 'asNeeded', maxPer24h: null, minIntervalMinutes: null },
    });
    const notification = await seedNotification(server, user.id);
    return {
      user,
      medicineId: medicine.id,
      asNeededId: asNeeded.id,
      notificationId: notification.id,
      care: await careAround(user, label),
      links: await accountLinks(user, label),
      channelId: await ntfyChannel(user),
      tokenId: (
        await user.api.post<{ token: { id: string } }>('/api/tokens', { name: label, scopes: ['read'] })
      ).body.token.id,
      journal: await journalWorld(user),
    };
  }

  async function ntfyChannel(user: SignedInUser): Promise<string> {
    const added = await user.api.post<{ target: { id: string } }>(
      `/api/notifications/${user.email}/channels`,
      {
        kind: 'ntfy',
        url: `http://${CHANNEL_SINK}/world-topic`,
        mode: 'every',
      },
    );
    expect(added.status, added.text).toBe(201);
    return added.body.target.id;
  }

  async function accountLinks(user: SignedInUser, label: string): Promise<World['links']> {
    const newEmail = uniqueEmail(`${label}-moved`);
    const asked = await user.api.post(`/api/user/${user.email}/email-change`, {
      newEmail,
      password: user.password,
    });
    expect(asked.status, asked.text).toBe(200);
    return {
      verification: (await mailedLink(catcher, user.email, /^Verify your address/)).token,
      emailChange: (await mailedLink(catcher, newEmail, /^Confirm your new address/)).token,
      newEmail,
    };
  }

  /** Someone the user cares for, someone who cares for them, an open invitation each way. */
  async function careAround(user: SignedInUser, label: string): Promise<World['care']> {
    const invite = async (from: SignedInUser, email: string) => {
      const response = await from.api.post(`/api/care/${from.email}/invitations`, {
        email,
        permissions: DEFAULT_CARE_PERMISSIONS,
      });
      expect(response.status, response.text).toBe(201);
      return response.body as { invitation: { id: string }; token: string };
    };
    const accept = async (by: SignedInUser, token: string) => {
      const response = await by.api.post('/api/care/invitation/accept', { token });
      expect(response.status, response.text).toBe(200);
    };
    const patient = await signedInUser(server, { label: `${label}-patient` });
    await accept(user, (await invite(patient, user.email)).token);
    const caregiver = await signedInUser(server, { label: `${label}-carer` });
    await accept(caregiver, (await invite(user, caregiver.email)).token);
    const other = await signedInUser(server, { label: `${label}-inviter` });
    return {
      patientId: patient.id,
      caregiverId: caregiver.id,
      invitationId: (await invite(user, uniqueEmail(`${label}-open`))).invitation.id,
      token: (await invite(other, user.email)).token,
    };
  }

  beforeAll(async () => {
    catcher = await SmtpCatcher.start();
    server = await startTestServer({
      now: '2026-11-21T10:00:00.000Z',
      env: { SMTP_URL: catcher.url, CHANNEL_PRIVATE_HOSTS: CHANNEL_SINK },
    });
    world = await makeWorld('bad');
    before = await exportSnapshot(world.user);
  });
  afterAll(async () => {
    await server.close();
    await catcher.stop();
  });

  it('has a table for every call of the contract', () => {
    const missing = allCalls.map((call) => call.key).filter((key) => !table[key]);
    expect(missing, 'calls of the contract without a bad-input table').toEqual([]);
    expect(Object.keys(table).filter((key) => !allCalls.some((call) => call.key === key))).toEqual([]);
  });

  it('accepts each call’s baseline request, so every refusal below is about the one thing changed', async () => {
    const scratch = await makeWorld('control');
    // Destructive calls last, the account itself at the very end.
    const order = (key: string) =>
      key === 'user.deleteAccount'
        ? 3
        : key === 'auth.logout'
          ? 2
          : /delete/i.test(key) || (key.startsWith('email.') && key.endsWith('Change'))
            ? 1
            : 0;
    const keys = Object.keys(table)
      .filter((key) => allCalls.some((call) => call.key === key))
      .sort((a, b) => order(a) - order(b));
    for (const key of keys) {
      const response = await send(scratch, key, undefined);
      expect(response.status, `${key}: ${response.text}`).toBe(table[key]!.baseline(scratch).ok);
      // Its token is revoked by design; this device's session fetches the next one.
      if (key === 'auth.signOutEverywhere') await scratch.user.api.refreshToken(scratch.user.email);
      // The account signs in with its new address from now on; the session stays.
      if (key === 'email.confirmChange') {
        scratch.user.email = scratch.links.newEmail;
        await scratch.user.api.refreshToken(scratch.user.email);
      }
    }
  });

  describe.each(allCalls.map((call) => call.key).filter((key) => table[key] && casesOf(key).length > 0))(
    '%s',
    (key) => {
      it.each(casesOf(key).map((c) => [c.label, c] as const))(
        '%s → 4xx with a message',
        async (_label, bad) => {
          const response = await send(world, key, bad);
          expectJsonError(response, bad.status);
          expect(response.status, response.text).not.toBe(404);
          if (bad.status === undefined) expect(response.status, response.text).toBe(400);
          if (bad.mentions) expect(response.body.message.toLowerCase()).toContain(bad.mentions.toLowerCase());
        },
      );
    },
  );

  it('changed nothing that was stored', async () => {
    expect(JSON.stringify(await exportSnapshot(world.user))).toBe(JSON.stringify(before));
  });
});
