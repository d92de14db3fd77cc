import { type DashboardStart, dashboardStartSchema } from '@medrem/contract';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, createMedicine, setTaken, signedInUser } from '../support/scenario';
import { TEST_ENGINE } from '../support/test-database';
import { type TestServer, startTestServer } from '../support/test-server';
import { writeWebDist } from '../support/web-dist';

const SIGNED_IN_PAGE =
  '<!doctype html><html><head><title>signed-in shell</title></head><body><div id="root"></div></body></html>';
// A name that would end a script element if it were written into the page as it is.
const HOSTILE_NAME = '</script><script>alert(1)</script>';

/** A build with the shell and the signed-in page, listed as the page for a session. */
const writeSignedInDist = () =>
  writeWebDist({
    'index.html': '<!doctype html><title>app shell</title>',
    'prerendered/signed-in.html': SIGNED_IN_PAGE,
    'prerendered/ar/signed-in.html': SIGNED_IN_PAGE.replace('signed-in shell', 'Arabic shell'),
    'prerendered/pages.json': JSON.stringify({
      signedOut: {},
      signedIn: 'prerendered/signed-in.html',
      signedInByLocale: { ar: 'prerendered/ar/signed-in.html' },
    }),
  });

/** The answers in a page, or undefined; each `<` of the JSON must be escaped, as the page writes it. */
function answersIn(html: string): unknown {
  const match = /<script type="application\/json" id="dashboard-start">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe(`the dashboard's first answers in the page a session gets (decision 061, ${TEST_ENGINE})`, () => {
  let server: TestServer;
  let webDist: string;
  let ada: SignedInUser;

  beforeAll(async () => {
    webDist = await writeSignedInDist();
    server = await startTestServer({ env: { WEB_DIST_DIR: webDist }, now: '2026-11-21T10:00:00.000Z' });
    ada = await signedInUser(server, { label: 'ada', timezone: 'Europe/Berlin' });
  });
  afterAll(async () => {
    await server.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const page = (cookie: string | undefined, url = '/') =>
    fetch(`${server.baseUrl}${url}`, { headers: cookie ? { cookie } : {} });

  it('carries exactly what the procedures answer for the user, today and this month', async () => {
    const aspirin = await createMedicine(ada);
    const hostile = await createMedicine(ada, { name: HOSTILE_NAME, frequency: '1-0-0' });
    await setTaken(ada, aspirin.id, '2026-11-21', '1-0-0');

    const response = await page(ada.api.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    // Someone's health data: never kept by a cache, and the same address differs by cookie.
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')?.toLowerCase()).toContain('cookie');
    const html = await response.text();
    expect(html).toContain('signed-in shell');
    // The hostile name is text inside the JSON, never markup.
    expect(html).not.toContain(HOSTILE_NAME);
    expect(html.match(/<script/g)).toHaveLength(1);

    const answers: DashboardStart = dashboardStartSchema.parse(answersIn(html));
    expect(answers).toMatchObject({
      userEmail: ada.email,
      date: '2026-11-21',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    const api = ada.api;
    expect(answers.settings).toEqual((await api.get(`/api/user/${ada.email}/settings`)).body);
    expect(answers.medicines).toEqual((await api.get(`/api/medicine/user/${ada.email}`)).body);
    expect(answers.refillReminders).toEqual(
      (await api.get(`/api/refill-reminders?userEmail=${ada.email}`)).body,
    );
    expect(answers.medicines.findMedicine.map((m) => m.name).sort()).toEqual(
      ['Aspirin', HOSTILE_NAME].sort(),
    );
    for (const medicine of [aspirin, hostile]) {
      const answered = answers.perMedicine.find((m) => m.id === medicine.id);
      expect(answered?.taken).toEqual(
        (await api.get(`/api/medicine/${medicine.id}/taken?date=2026-11-21`)).body,
      );
      expect(answered?.history).toEqual(
        (await api.get(`/api/medicine/${medicine.id}/history?from=2026-11-01&to=2026-11-30`)).body,
      );
    }
    expect(answers.perMedicine.find((m) => m.id === aspirin.id)?.taken.takenDay?.taken).toBe('1-0-0');
  });

  it('takes "today" in the user’s zone, by the server’s clock', async () => {
    // 23:30 UTC on the 21st is already the 22nd in Berlin.
    server.clock.set(new Date('2026-11-21T23:30:00.000Z'));
    try {
      const answers = answersIn(await (await page(ada.api.cookie)).text()) as DashboardStart;
      expect(answers.date).toBe('2026-11-22');
    } finally {
      server.clock.set(new Date('2026-11-21T10:00:00.000Z'));
    }
  });

  it('carries them in the shell of the language the app starts in (decision 361)', async () => {
    const response = await page(`${ada.api.cookie}; medrem-locale=ar`);
    expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-language');
    const html = await response.text();
    expect(html).toContain('Arabic shell');
    expect((answersIn(html) as DashboardStart).userEmail).toBe(ada.email);
    // A language with no shell of its own gets the English one, still with the answers.
    const spanish = await (await page(`${ada.api.cookie}; medrem-locale=es`)).text();
    expect(spanish).toContain('signed-in shell');
    expect((answersIn(spanish) as DashboardStart).userEmail).toBe(ada.email);
  });

  it('gives another session its own user’s answers, and no session none', async () => {
    const bob = await signedInUser(server, { label: 'bob' });
    const answers = answersIn(await (await page(bob.api.cookie)).text()) as DashboardStart;
    expect(answers.userEmail).toBe(bob.email);
    expect(answers.medicines.findMedicine).toEqual([]);
    for (const cookie of ['mr_session=not-a-session', undefined]) {
      const response = await page(cookie);
      expect(response.status).toBe(200);
      expect(answersIn(await response.text())).toBeUndefined();
    }
    // Only '/' shows the dashboard.
    expect(answersIn(await (await page(ada.api.cookie, '/medication')).text())).toBeUndefined();
  });

  it('ends with the session: a signed-out cookie gets the page without answers', async () => {
    const carol = await signedInUser(server, { label: 'carol' });
    const cookie = carol.api.cookie;
    expect(answersIn(await (await page(cookie)).text())).toBeDefined();
    await carol.api.post('/api/auth/logout', {});
    const after = await page(cookie);
    expect(after.status).toBe(200);
    expect(answersIn(await after.text())).toBeUndefined();
  });
});

describe('the answers’ budget per address (decision 061)', () => {
  it('sends them as often per minute as the API’s rate limit allows, then the page without them', async () => {
    const webDist = await writeSignedInDist();
    const limited = await startTestServer({ env: { WEB_DIST_DIR: webDist, RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      const user = await signedInUser(limited);
      const load = async () => {
        const response = await fetch(`${limited.baseUrl}/`, { headers: { cookie: user.api.cookie! } });
        expect(response.status).toBe(200);
        return answersIn(await response.text()) !== undefined;
      };
      const answered = [];
      for (let i = 0; i < 6; i++) answered.push(await load());
      expect(answered).toEqual([true, true, true, true, true, false]);
      // A minute later, again.
      limited.clock.advance(61_000);
      expect(await load()).toBe(true);
    } finally {
      await limited.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});
