import { logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { atTenUtc, todayUtc } from './support/journey';
import { captureScreen } from './support/screens';
import { seedLastMonth } from './support/seeded-month';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
const dayName = (date: string) =>
  new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

test('the month calendar, bars and trend of a seeded month, with their tables', async ({ page, request }) => {
  // The seeded month is last month: wholly past whatever the hour, so every figure is fixed.
  const current = todayUtc().slice(0, 7);
  const { account, previous, day } = await seedLastMonth(request);
  await logIn(page, account);
  await page.getByRole('link', { name: 'Reports' }).click();

  // This month: both courses are over, so every day so far has no doses; no month after it.
  const days = page.getByRole('list', { name: /^Days of / });
  await expect(page.getByRole('heading', { name: `${monthName(current)} by day` })).toBeVisible();
  await expect(
    days.getByRole('listitem', { name: `${dayName(todayUtc())}: no doses`, exact: true }),
  ).toHaveAttribute('data-status', 'no-doses');
  await expect(page.getByRole('button', { name: /^Next month/ })).toBeDisabled();

  await page.getByRole('button', { name: `Previous month, ${monthName(previous)}` }).click();
  await expect(page.getByRole('heading', { name: `${monthName(previous)} by day` })).toBeVisible();
  // Weeks start on Sunday (the spec's en-US locale): the 1st stands under its own weekday.
  const firstColumn = await days
    .locator('li')
    .first()
    .evaluate((el) => getComputedStyle(el).gridColumnStart);
  expect(Number(firstColumn)).toBe(new Date(`${day(1)}T00:00:00Z`).getUTCDay() + 1);
  // Hand-computed: 1st 2/2, 2nd 3/4, 3rd 1/4, 4th 0/2, 5th nothing due.
  const expected: [number, string, string][] = [
    [1, 'all taken, 2 of 2', 'all'],
    [2, 'some taken, 3 of 4', 'some'],
    [3, 'some taken, 1 of 4', 'some'],
    [4, 'none taken, 0 of 2', 'none'],
    [5, 'no doses', 'no-doses'],
  ];
  for (const [n, text, status] of expected) {
    const cell = days.getByRole('listitem', { name: `${dayName(day(n))}: ${text}`, exact: true });
    await expect(cell).toHaveAttribute('data-status', status);
  }
  // The colours themselves: green for all, red for none (the markers say the same in text).
  const fill = (n: number) =>
    days
      .locator(`li[aria-label^="${dayName(day(n))}: "]`)
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  const [all, none, noDoses] = [await fill(1), await fill(4), await fill(5)];
  expect(new Set([all, none, noDoses]).size).toBe(3);
  await expect(days.locator(`li[aria-label^="${dayName(day(1))}: "]`)).toContainText('✓');
  await expect(days.locator(`li[aria-label^="${dayName(day(4))}: "]`)).toContainText('✕');
  await expect(page.getByRole('button', { name: /^Next month/ })).toBeEnabled();

  await captureScreen(page, 'reports-charts');

  // The table equivalents: the same facts a chart shows.
  const tableOf = async (caption: string | RegExp) => {
    // A closed <details> hides its table from the accessibility tree: find it by its caption in the DOM.
    await page
      .locator('details', { has: page.locator('caption', { hasText: caption }) })
      .locator('summary')
      .click();
    const table = page.getByRole('table', { name: caption });
    await expect(table).toBeVisible();
    return table;
  };
  const dayTable = await tableOf(`${monthName(previous)}: doses taken by day`);
  // Day, status, due, taken, and skipped on purpose (decision 225: none in this month).
  await expect(
    dayTable.getByRole('row', { name: new RegExp(`^${dayName(day(2))} Some taken 4 3 0$`) }),
  ).toBeVisible();
  await expect(
    dayTable.getByRole('row', { name: new RegExp(`^${dayName(day(4))} None taken 2 0 0$`) }),
  ).toBeVisible();
  const medicineTable = await tableOf(/^Adherence by medicine/);
  await expect(medicineTable.getByRole('row', { name: 'Aspirin 38% 3 8' })).toBeVisible();
  await expect(medicineTable.getByRole('row', { name: 'Metformin 75% 3 4' })).toBeVisible();
  const slotTable = await tableOf(/^Adherence by time of day/);
  await expect(slotTable.getByRole('row', { name: 'Morning (08:00) 67% 4 6' })).toBeVisible();
  await expect(slotTable.getByRole('row', { name: 'Afternoon (14:00) 25% 1 4' })).toBeVisible();
  await expect(slotTable.getByRole('row', { name: 'Evening (20:00) 50% 1 2' })).toBeVisible();
  const trendTable = await tableOf('Adherence in the last 6 months');
  await expect(trendTable.getByRole('row', { name: `${monthName(previous)} 50% 6 12` })).toBeVisible();
  await expect(trendTable.getByRole('row')).toHaveCount(7); // header + 6 months

  await page.getByRole('button', { name: `Next month, ${monthName(current)}` }).click();
  await expect(page.getByRole('heading', { name: `${monthName(current)} by day` })).toBeVisible();
});
