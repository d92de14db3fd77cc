import type { Page } from '@playwright/test';
import { addDays } from '@medrem/domain';
import { type Account, createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { translated } from './support/catalog';
import { expect, test } from './support/fixtures';
import { ASPIRIN, METFORMIN, atTenUtc, todayUtc } from './support/journey';
import { DESKTOP, PHONE, captureScreen } from './support/screens';

// Issue 54, decision 362: the simple screen. The browser clock is 10:00 UTC: the 8:00 slot (Aspirin
// and Metformin) is open, the 14:00 one (Aspirin) is next.
test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

const YESTERDAY = addDays(todayUtc(), -1);

/** A new account (simple screen never chosen) with two medicines at 8:00, from yesterday on. */
async function accountWithMorningDoses(request: Parameters<typeof createAccount>[0]) {
  const account = await createAccount(request, { name: 'Rosa Parks' });
  const api = await AccountApi.signIn(request, account);
  const aspirin = await api.addMedicine(ASPIRIN, YESTERDAY); // 1-1-0
  const metformin = await api.addMedicine(METFORMIN, YESTERDAY); // 1-0-1
  return { account, api, aspirin, metformin };
}

/** Signed in on the simple screen (chosen through the API, as Settings would save it). */
async function onSimpleScreen(page: Page, account: Account, api: AccountApi) {
  await api.saveAccountChoices({ simpleMode: true });
  await logIn(page, account);
  await expect(page.getByTestId('simple-screen')).toBeVisible();
}

const simple = (page: Page) => page.getByTestId('simple-screen');

/** Every Take button of the simple screen is at least 64 px high, at phone and desktop size. */
async function expectLargeTakeButtons(page: Page, names: string[]) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    for (const name of names) {
      const box = await simple(page).getByRole('button', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.height, `${name} at ${size.width}px`).toBeGreaterThanOrEqual(64);
      // Full width on a phone: three quarters of the screen and more, not a small target in a corner.
      if (size === PHONE) expect(box!.width, `${name} at 390px`).toBeGreaterThanOrEqual(0.75 * PHONE.width);
    }
  }
  await page.setViewportSize(DESKTOP);
}

test('a new user is offered the simple screen once; its big button settles the slot, and the dashboard agrees', async ({
  page,
  request,
}) => {
  const { account, api, aspirin, metformin } = await accountWithMorningDoses(request);
  await logIn(page, account);
  const offer = page.getByTestId('simple-mode-offer');
  await expect(offer).toContainText('Would you like the simple screen?');
  await expect(offer).toContainText("Large text and big buttons, just today's medicines.");
  await captureScreen(page, 'simple-mode-offer');

  await offer.getByRole('button', { name: 'Use the simple screen' }).click();
  const heading = simple(page).getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Your 8:00 AM medicines');
  // The choice opened it: the reader starts at its heading.
  await expect(heading).toBeFocused();
  await expect(simple(page)).toContainText('Not taken yet.');
  await expect(simple(page)).toContainText('Next: Afternoon, 2:00 PM');
  // Nothing else: no dashboard sections, and the choice is the account's.
  await expect(page.getByRole('heading', { name: "Today's doses" })).toHaveCount(0);
  expect((await api.settings()).simpleMode).toBe(true);
  // 150 % of the app's text size.
  const sizes = await page.evaluate(() => ({
    app: parseFloat(getComputedStyle(document.documentElement).fontSize),
    simple: parseFloat(getComputedStyle(document.querySelector('.simple-screen')!).fontSize),
  }));
  expect(sizes.simple / sizes.app).toBeCloseTo(1.5, 2);
  await expectLargeTakeButtons(page, ['Take all 2 medicines', 'Take Aspirin', 'Take Metformin']);
  await captureScreen(page, 'simple-mode-en');
  await page.emulateMedia({ colorScheme: 'dark' });
  await captureScreen(page, 'simple-mode-en-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await simple(page).getByRole('button', { name: 'Take all 2 medicines' }).click();
  await expect(heading).toHaveText('All done for 8:00 AM');
  await expect(simple(page).getByText('Taken', { exact: true })).toHaveCount(2);
  await expect(simple(page).getByRole('button', { name: /^Take/ })).toHaveCount(0);
  // The write queue sent both ticks: the server has them.
  await expect.poll(() => api.takenOn(aspirin, todayUtc())).toBe('1-0-0');
  await expect.poll(() => api.takenOn(metformin, todayUtc())).toBe('1-0-0');
  await captureScreen(page, 'simple-mode-done');

  await page.reload();
  await expect(heading).toHaveText('All done for 8:00 AM');
  await expect(simple(page).getByText('Taken', { exact: true })).toHaveCount(2);

  // Every feature is one button away, and the dashboard agrees.
  await simple(page).getByRole('button', { name: 'Show all features' }).click();
  const morning = page.getByTestId('dose-slot-0');
  await expect(morning).toContainText('Completed');
  for (const name of ['Aspirin', 'Metformin'])
    await expect(morning.getByRole('button', { name: `${name}, Morning dose taken` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  // Chosen once: never offered again, only the way back.
  await expect(page.getByTestId('simple-mode-offer')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to the simple screen' }).click();
  await expect(heading).toHaveText('All done for 8:00 AM');
});

test('declining the offer is saved: it is never shown again', async ({ page, request }) => {
  const { account, api } = await accountWithMorningDoses(request);
  await logIn(page, account);
  const offer = page.getByTestId('simple-mode-offer');
  await offer.getByRole('button', { name: 'No, thanks' }).click();
  await expect(offer).toHaveCount(0);
  await expect.poll(async () => (await api.settings()).simpleMode).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: "Today's doses" })).toBeVisible();
  await expect(page.getByTestId('simple-mode-offer')).toHaveCount(0);
  await expect(page.getByTestId('simple-screen')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back to the simple screen' })).toHaveCount(0);
});

test('keyboard only: Tab reaches every control in order, and Enter takes', async ({ page, request }) => {
  const { account, api, aspirin } = await accountWithMorningDoses(request);
  await onSimpleScreen(page, account, api);
  const heading = simple(page).getByRole('heading', { level: 1 });
  await heading.focus();
  const speaks = await page.evaluate(() => 'speechSynthesis' in window);
  const controls = [
    'Take all 2 medicines',
    'Take Aspirin',
    'Take Metformin',
    ...(speaks ? ['Read aloud'] : []),
    'Show all features',
  ];
  const focused = () =>
    page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? '');
  for (const name of controls) {
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(name);
  }

  // Back to the heading, then on to Aspirin's button and Enter.
  await heading.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('Take Aspirin');
  await page.keyboard.press('Enter');
  await expect(simple(page)).toContainText('1 of 2 taken.');
  // The pressed button is gone: the focus went back to the heading, and the next Tab is Metformin.
  await expect(heading).toBeFocused();
  await expect.poll(() => api.takenOn(aspirin, todayUtc())).toBe('1-0-0');
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('Take Metformin');
  await page.keyboard.press('Enter');
  await expect(heading).toHaveText('All done for 8:00 AM');
});

for (const locale of ['ar', 'de'] as const) {
  test(`in ${locale === 'ar' ? 'Arabic (right to left)' : 'German'}, with the account's language, and read aloud in it`, async ({
    page,
    request,
  }) => {
    // The browser's speech, recorded instead of heard.
    await page.addInitScript(() => {
      const spoken: { text: string; lang: string }[] = [];
      Object.assign(window, { spoken });
      Object.defineProperty(window, 'speechSynthesis', {
        configurable: true,
        value: {
          speak: (utterance: SpeechSynthesisUtterance) => {
            spoken.push({ text: utterance.text, lang: utterance.lang });
            setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 0);
          },
          cancel: () => undefined,
        },
      });
    });
    const { account, api } = await accountWithMorningDoses(request);
    await onSimpleScreen(page, account, api);
    await api.saveAccountChoices({ locale });
    await page.reload();
    const showAll = translated(locale, 'Show all features');
    await expect(simple(page).getByRole('button', { name: showAll })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]))
      .toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr']);
    await expect(simple(page)).toContainText(translated(locale, 'Not taken yet.'));
    await captureScreen(page, `simple-mode-${locale}`);

    await simple(page)
      .getByRole('button', { name: translated(locale, 'Read aloud') })
      .click();
    const spoken = () => page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken);
    await expect.poll(spoken).toHaveLength(1);
    const [utterance] = (await spoken()) as { text: string; lang: string }[];
    expect(utterance?.lang).toBe(locale);
    expect(utterance?.text).toContain('Aspirin');
    expect(utterance?.text).toContain('Metformin');
    expect(utterance?.text).toContain(translated(locale, 'Not taken yet.'));
  });
}

test('without speech synthesis there is no Read aloud button', async ({ page, request }) => {
  await page.addInitScript(() =>
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: undefined }),
  );
  const { account, api } = await accountWithMorningDoses(request);
  await onSimpleScreen(page, account, api);
  await expect(simple(page).getByRole('button', { name: 'Show all features' })).toBeVisible();
  await expect(simple(page).getByRole('button', { name: 'Read aloud' })).toHaveCount(0);
});

test('Settings → Profile has the switch: on, the home is the simple screen; off, the dashboard', async ({
  page,
  request,
}) => {
  const { account, api } = await accountWithMorningDoses(request);
  await api.saveAccountChoices({ simpleMode: false });
  await logIn(page, account);
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Simple screen' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect.poll(async () => (await api.settings()).simpleMode).toBe(true);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(simple(page).getByRole('heading', { level: 1 })).toHaveText('Your 8:00 AM medicines');

  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Simple screen' }).click();
  await expect(page.getByRole('switch', { name: 'Simple screen' })).not.toBeChecked();
  await expect.poll(async () => (await api.settings()).simpleMode).toBe(false);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: "Today's doses" })).toBeVisible();
  await expect(page.getByTestId('simple-screen')).toHaveCount(0);
});
