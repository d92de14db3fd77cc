import ICAL from 'ical.js';
import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ASPIRIN, confirm, expectToast } from './support/journey';
import { captureScreen } from './support/screens';

// The browser in the account's zone, so the app does not ask to switch zones.
test.use({ permissions: ['clipboard-read', 'clipboard-write'], timezoneId: 'Europe/Berlin' });

test.describe('Calendar feed', () => {
  test('turns on with a link a calendar app can read, and a new link stops the old one', async ({
    page,
    request,
  }) => {
    // Four screens, each scanned by axe at two sizes: on a loaded 2-core machine that alone took
    // two of the default three minutes.
    test.slow();
    const account = await createAccount(request, { name: 'Calendar Carla', timezone: 'Europe/Berlin' });
    const api = await AccountApi.signIn(request, account);
    await api.addMedicine(ASPIRIN);

    await logIn(page, account);
    await page.goto('/settings?tab=privacy');
    const section = page.getByRole('region', { name: 'Calendar Feed' });
    await expect(section.getByText('Your calendar feed is off.')).toBeVisible();
    await expect(section).toContainText('Anyone who has the link can see your medicine names');
    await captureScreen(page, 'calendar-feed-off');

    await section.getByRole('button', { name: 'Turn On Calendar Feed' }).click();
    await expectToast(page, 'Calendar feed turned on');
    const linkBox = section.getByLabel('Your calendar link');
    const url = await linkBox.inputValue();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect(section.getByRole('link', { name: 'open it in your calendar app' })).toHaveAttribute(
      'href',
      url.replace(/^http:/, 'webcal:'),
    );
    await section.getByRole('button', { name: 'Copy Link' }).click();
    await expectToast(page, 'Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await captureScreen(page, 'calendar-feed-on');

    // What a calendar app gets: no cookie, no token, a calendar with the medicine in Berlin time.
    const feed = await request.fetch(url, { headers: { cookie: '' } });
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
    const summaries = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event).summary);
    expect(summaries).toContain('Aspirin 500mg – Morning');
    expect(summaries).toContain('Aspirin 500mg – Afternoon');

    // A new link: after a confirmation, the old one stops at once.
    await section.getByRole('button', { name: 'Get a New Link' }).click();
    await captureScreen(page, 'calendar-feed-regenerate-dialog');
    await confirm(page, 'The current link stops working at once', 'Yes, make a new link');
    await expectToast(page, 'New calendar link made');
    const next = await linkBox.inputValue();
    expect(next).not.toBe(url);
    expect((await request.fetch(url)).status()).toBe(404);
    expect((await request.fetch(next)).status()).toBe(200);

    // Later visits know the feed is on, but never see the link again.
    await page.reload();
    await expect(section).toContainText('Your calendar feed is on');
    await expect(section.getByLabel('Your calendar link')).toHaveCount(0);
    await captureScreen(page, 'calendar-feed-on-later');

    await section.getByRole('button', { name: 'Turn Off Calendar Feed' }).click();
    await confirm(page, 'The link stops working at once', 'Yes, turn it off');
    await expectToast(page, 'Calendar feed turned off');
    await expect(section.getByText('Your calendar feed is off.')).toBeVisible();
    expect((await request.fetch(next)).status()).toBe(404);
  });
});
