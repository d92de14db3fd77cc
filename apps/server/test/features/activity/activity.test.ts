import { type ActivityEntry, DEFAULT_CARE_PERMISSIONS } from '@medrem/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/database';
import { outboxTo } from '../../support/outbox-links';
import { type SignedInUser, createMedicine, expectJsonError, signedInUser } from '../../support/scenario';
import { TEST_ENGINE } from '../../support/test-database';
import { type TestServer, startTestServer } from '../../support/test-server';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe(`the account's activity record (${TEST_ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: '2026-11-21T10:00:00.000Z' });
  });
  afterAll(() => server.close());

  const settled = () => server.app.services.activity.settled();
  /** The clock stands still in tests: a second between events keeps "newest first" one order. */
  const tick = () => server.clock.advance(1000);
  const activityOf = async (user: SignedInUser, query = '') => {
    await settled();
    const response = await user.api.get<{ entries: ActivityEntry[]; nextCursor: string | null }>(
      `/api/account/activity${query}`,
    );
    expect(response.status, response.text).toBe(200);
    return response.body;
  };

  /** A password sign-in from a browser: its user agent, and its device cookie if it has one. */
  async function signIn(user: SignedInUser, userAgent: string, deviceCookie?: string) {
    tick();
    const response = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': userAgent,
        ...(deviceCookie ? { cookie: `mr_device=${deviceCookie}` } : {}),
      },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(response.status).toBe(200);
    const device = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('mr_device='))
      ?.split(';')[0]
      ?.slice('mr_device='.length);
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await settled();
    return device!;
  }
  const newSignInMails = async (user: SignedInUser) =>
    (await outboxTo(server, user.email)).filter((row) => row.kind === 'new-sign-in');

  it('records a sign-in with its device and the address truncated, never the full address', async () => {
    const user = await signedInUser(server, { label: 'activity-sign-in' });
    await signIn(user, FIREFOX);
    const { entries } = await activityOf(user);
    const signIns = entries.filter((e) => e.kind === 'sign-in');
    // The registration's own sign-in, then this one, newest first.
    expect(signIns).toHaveLength(2);
    expect(signIns[0]).toMatchObject({
      device: 'Firefox on Windows',
      ip: '127.0.0.0',
      detail: { method: 'password' },
    });
    const stored = rowsOf<{ ip: string }>(
      await server.database.handle.db.execute(
        sql`select ip from account_activity where user_id = ${user.id}`,
      ),
    );
    expect(stored.map((row) => row.ip)).not.toContain('127.0.0.1');
  });

  it('mails a sign-in from a new device once, never for the first device or a known one', async () => {
    const user = await signedInUser(server, { label: 'activity-devices' });
    await settled();
    // The account's first device (at registration): no mail.
    expect(await newSignInMails(user)).toEqual([]);

    const phone = await signIn(user, IPHONE);
    const mails = await newSignInMails(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New sign-in to your Medicine Reminder account');
    expect(mails[0]!.textBody).toContain('Safari on iPhone');
    expect(mails[0]!.textBody).toContain('127.0.0.0');
    expect(mails[0]!.textBody).toMatch(/If this wasn't you: change your password/);
    expect(mails[0]!.textBody).toContain('/settings?tab=privacy');

    // The same phone again, by its cookie; and without it, by its name and network: known.
    expect(await signIn(user, IPHONE, phone)).toBe(phone);
    await signIn(user, IPHONE);
    expect(await newSignInMails(user)).toHaveLength(1);
    const kinds = (await activityOf(user)).entries.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'new-device')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'sign-in')).toHaveLength(4);

    // A cookie that is not one of ours is ignored: a new one is set.
    expect(await signIn(user, IPHONE, 'forged')).not.toBe('forged');
  });

  it("puts a caregiver's reads into the patient's record with who and what, one per 10 minutes", async () => {
    const patient = await signedInUser(server, { label: 'activity-patient', name: 'Pat' });
    const carer = await signedInUser(server, { label: 'activity-carer', name: 'Carla Carer' });
    await createMedicine(patient, { name: 'Metformin', dosage: '850mg', frequency: '1-0-1' });
    const invited = await patient.api.post(`/api/care/${patient.email}/invitations`, {
      email: carer.email,
      permissions: { ...DEFAULT_CARE_PERMISSIONS, canSeeMedicines: true },
    });
    expect(invited.status, invited.text).toBe(201);
    expect((await carer.api.post('/api/care/invitation/accept', { token: invited.body.token })).status).toBe(
      200,
    );

    const read = async () =>
      expect((await carer.api.get(`/api/care/${carer.email}/patients`)).status).toBe(200);
    await read();
    await read();
    const careReads = async () => (await activityOf(patient)).entries.filter((e) => e.kind === 'care-read');
    expect(await careReads()).toEqual([
      expect.objectContaining({
        kind: 'care-read',
        detail: { what: 'today-doses-and-medicines', caregiver: { name: 'Carla Carer', email: carer.email } },
      }),
    ]);
    // Not the caregiver's own record: the read is about the patient.
    expect((await activityOf(carer)).entries.some((e) => e.kind === 'care-read')).toBe(false);

    server.clock.advance(11 * 60_000);
    await carer.api.refreshToken(carer.email);
    await patient.api.refreshToken(patient.email);
    await read();
    expect(await careReads()).toHaveLength(2);
  });

  it('is read by its owner only: not by another account, a personal token or anyone signed out', async () => {
    const owner = await signedInUser(server, { label: 'activity-owner' });
    const other = await signedInUser(server, { label: 'activity-other' });
    await signIn(owner, FIREFOX);
    const mine = (await activityOf(owner)).entries.map((e) => e.id);
    const theirs = (await activityOf(other)).entries.map((e) => e.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.filter((id) => mine.includes(id))).toEqual([]);

    tick();
    const created = await owner.api.post('/api/tokens', { name: 'script', scopes: ['read'] });
    expect(created.status, created.text).toBe(201);
    const withToken = await owner.api.get('/api/account/activity', {
      headers: { authorization: `Bearer ${created.body.secret}` },
    });
    expect(withToken.status).toBe(403);
    const anonymous = await fetch(`${server.baseUrl}/api/account/activity`);
    expect(anonymous.status).toBe(401);
    // Making the token is itself in the record.
    expect((await activityOf(owner)).entries[0]).toMatchObject({
      kind: 'token-created',
      detail: { name: 'script' },
    });
  });

  it('pages newest first by cursor and refuses a cursor it did not give', async () => {
    const user = await signedInUser(server, { label: 'activity-pages' });
    for (let i = 0; i < 3; i += 1) {
      await signIn(user, FIREFOX);
    }
    const all = (await activityOf(user)).entries;
    const first = await activityOf(user, '?limit=2');
    expect(first.entries).toEqual(all.slice(0, 2));
    const rest = await activityOf(user, `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(rest.entries).toEqual(all.slice(2, 4));
    const badCursor = await user.api.get('/api/account/activity?cursor=2026-01-01');
    expectJsonError(badCursor, 400);
    expect(badCursor.body.message).toMatch(/cursor/);
    const tooMany = await user.api.get('/api/account/activity?limit=1000');
    expectJsonError(tooMany, 400);
    expect(tooMany.body.message).toMatch(/limit/);
  });

  it('is append-only for the application and part of the data export', async () => {
    const user = await signedInUser(server, { label: 'activity-export' });
    await settled();
    const db = server.database.handle.db;
    await expect(
      db.execute(sql`update account_activity set kind = 'data-export' where user_id = ${user.id}`),
    ).rejects.toThrow();
    tick();
    const exported = await user.api.get<{ activity: ActivityEntry[] }>(`/api/user/${user.email}/export`);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.activity.map((e) => e.kind)).toEqual(['sign-in']);
    expect((await activityOf(user)).entries[0]).toMatchObject({ kind: 'data-export' });
  });
});
