import { describe, expect, it } from 'vitest';
import { userContract } from '../src/user.contract';
import { accepted, refusals, text } from './support/parse';
import {
  EMAIL,
  MEDICINE_ID,
  serverMedicine,
  serverNotification,
  serverSettings,
  serverUser,
} from './support/payloads';

const { get, update, deleteAccount, socialLogin, savePushToken } = userContract;

describe('user.get (GET /api/user/{id})', () => {
  it('accepts the user’s id, or the email the spec’s client looks users up by', () => {
    expect(accepted(get.input, { id: serverUser.id })).toEqual({ id: serverUser.id });
    expect(accepted(get.input, { id: EMAIL })).toEqual({ id: EMAIL });
  });

  it('refuses an empty or oversized id', () => {
    expect(refusals(get.input, { id: '  ' })).toHaveLength(1);
    expect(refusals(get.input, { id: text(255) })).toHaveLength(1);
  });

  it('answers findUser', () => {
    expect(accepted(get.output, { findUser: serverUser })).toEqual({ findUser: serverUser });
    expect(refusals(get.output, { user: serverUser })[0]).toMatch(/^findUser: /);
  });
});

describe('user.update (PUT /api/user/{userEmail})', () => {
  const body = { userEmail: EMAIL, name: 'Ada King', email: EMAIL };

  it('accepts the spec’s body, the password only when a new one is entered', () => {
    expect(accepted(update.input, body)).toEqual(body);
    expect(accepted(update.input, { ...body, password: 'new-secret', currentPassword: 'old' })).toMatchObject(
      {
        password: 'new-secret',
        currentPassword: 'old',
      },
    );
  });

  it.each([
    ['no name', { name: undefined }, ['name: Name is required.']],
    [
      'a short new password',
      { password: 'abc' },
      ['password: Password should be at least 6 characters long.'],
    ],
    [
      'an oversized current password',
      { currentPassword: text(129) },
      ['currentPassword: Password is too long.'],
    ],
    ['a path that is not an email', { userEmail: 'ada' }, ['userEmail: Please enter a valid email address.']],
  ])('refuses %s', (_label, change, messages) => {
    expect(refusals(update.input, { ...body, ...change })).toEqual(messages);
  });

  it('answers the updated user and a message', () => {
    const answer = { user: { ...serverUser, name: 'Ada King' }, message: 'Profile updated' };
    expect(accepted(update.output, answer)).toEqual(answer);
  });
});

describe('user.deleteAccount (DELETE /api/user/{userEmail}/account)', () => {
  it('takes the email of the path and answers success', () => {
    expect(accepted(deleteAccount.input, { userEmail: EMAIL })).toEqual({ userEmail: EMAIL });
    expect(refusals(deleteAccount.input, {})).toEqual(['userEmail: Please enter a valid email address.']);
    expect(accepted(deleteAccount.output, { success: true, message: 'Account deleted' })).toBeTruthy();
  });
});

describe('user.socialLogin and user.savePushToken (the push-token payloads)', () => {
  const webPush = JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: {} });

  it('accept the spec’s bodies, with a token or null when notifications are not allowed', () => {
    const social = { email: EMAIL, name: 'Ada Lovelace', tokenForNotification: webPush };
    expect(accepted(socialLogin.input, social)).toEqual(social);
    expect(accepted(socialLogin.input, { ...social, tokenForNotification: null })).toMatchObject({
      tokenForNotification: null,
    });
    expect(
      accepted(savePushToken.input, { email: EMAIL, tokenForNotification: 'fcm-registration-token' }),
    ).toBeTruthy();
    expect(accepted(savePushToken.input, { email: EMAIL, tokenForNotification: null })).toBeTruthy();
  });

  it('refuse an oversized token, and a save with no token field at all', () => {
    const oversized = text(4097);
    expect(refusals(savePushToken.input, { email: EMAIL, tokenForNotification: oversized })).toEqual([
      'tokenForNotification: Push token is too long.',
    ]);
    expect(
      refusals(socialLogin.input, { email: EMAIL, name: 'Ada', tokenForNotification: oversized }),
    ).toEqual(['tokenForNotification: Push token is too long.']);
    expect(refusals(savePushToken.input, { email: EMAIL })).toHaveLength(1);
    expect(refusals(socialLogin.input, { email: EMAIL, tokenForNotification: null })).toEqual([
      'name: Name is required.',
    ]);
  });
});

describe('user.export (GET /api/user/{userEmail}/export)', () => {
  const file = {
    exportDate: '2026-11-21T10:00:00.000Z',
    user: serverUser,
    medicines: [serverMedicine],
    doseHistory: [{ medicineId: MEDICINE_ID, date: '2026-11-21', taken: '1-0' }],
    skippedDoses: [
      {
        medicineId: MEDICINE_ID,
        date: '2026-11-21',
        slot: 1,
        reason: 'ran_out',
        note: 'Pharmacy on Monday',
        skippedAt: '2026-11-21T20:05:00.000Z',
      },
    ],
    refills: [{ medicineId: MEDICINE_ID, pills: 20, refilledAt: '2026-11-21T09:00:00.000Z' }],
    asNeededIntakes: [{ medicineId: MEDICINE_ID, takenAt: '2026-11-21T09:30:00.000Z', override: true }],
    settings: serverSettings,
    notifications: [serverNotification],
    devices: [{ kind: 'webpush', service: 'fcm.googleapis.com', registeredAt: '2026-11-20T09:00:00.000Z' }],
    sessions: [{ startedAt: '2026-11-20T09:00:00.000Z', expiresAt: '2026-12-20T09:00:00.000Z' }],
    accessTokens: [
      {
        id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        name: 'Kitchen display',
        scopes: ['read'],
        createdAt: '2026-11-20T09:00:00.000Z',
        lastUsedAt: null,
        expiresAt: null,
      },
    ],
    activity: [
      {
        id: '0b8e8e4a-6b1e-4a43-9d6a-2f1d1c1f7a11',
        at: '2026-11-21T09:00:00.000Z',
        kind: 'care-read',
        device: null,
        ip: null,
        detail: { what: 'today-doses', caregiver: { name: 'Grace', email: 'grace@example.com' } },
      },
      {
        id: '1b8e8e4a-6b1e-4a43-9d6a-2f1d1c1f7a11',
        at: '2026-11-20T09:00:00.000Z',
        kind: 'sign-in',
        device: 'Firefox on Windows',
        ip: '203.0.113.0',
        detail: { method: 'password' },
      },
    ],
    // The health journal (issue 56), empty for an account that never used it.
    journal: {
      customTypes: [],
      preferences: [],
      measurements: [],
      symptomNames: [],
      symptoms: [],
      moods: [],
    },
    // Two-step sign-in's state, never its secret (decision 288).
    twoFactor: { enabled: false, enabledAt: null },
  };

  it('answers the spec’s file fields (user, medicines, settings, exportDate) with the history', () => {
    expect(accepted(userContract.export.output, file)).toEqual(file);
  });

  it('refuses a file without its settings or with a history entry of no medicine', () => {
    expect(refusals(userContract.export.output, { ...file, settings: undefined })).toHaveLength(1);
    expect(
      refusals(userContract.export.output, { ...file, doseHistory: [{ date: '2026-11-21', taken: '1-0' }] }),
    ).toHaveLength(1);
  });

  it('describes each skipped dose with a known reason and its slot (decision 226)', () => {
    const skip = file.skippedDoses[0]!;
    const bad = (change: object) =>
      refusals(userContract.export.output, { ...file, skippedDoses: [{ ...skip, ...change }] });
    expect(
      accepted(userContract.export.output, { ...file, skippedDoses: [{ ...skip, reason: null }] }),
    ).toBeTruthy();
    expect(bad({ reason: 'bored' })[0]).toMatch(/^skippedDoses\.0\.reason: /);
    expect(bad({ slot: -1 })[0]).toMatch(/^skippedDoses\.0\.slot: /);
    expect(bad({ medicineId: 'x' })[0]).toMatch(/^skippedDoses\.0\.medicineId: /);
  });
});
