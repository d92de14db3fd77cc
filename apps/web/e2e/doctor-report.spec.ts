import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { addDays } from '@medrem/domain';
import { logIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { atTenUtc, todayUtc } from './support/journey';
import { captureScreen } from './support/screens';
import { seedLastMonth } from './support/seeded-month';

test.use({ serviceWorkers: 'block' });
test.beforeEach(async ({ page }) => atTenUtc(page));

/** Clicks a download button and reads the file it gave. */
async function downloadWith(page: Page, button: string): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await download.path();
  return { download, text: await readFile(path, 'utf8') };
}

test("the doctor's report downloads as PDF, CSV and FHIR for a chosen range", async ({ page, request }) => {
  // The seeded days are last month's first five: wholly past, so every figure is fixed.
  const { account, day } = await seedLastMonth(request);
  await logIn(page, account);
  await page.getByRole('link', { name: 'Reports' }).click();

  const section = page.getByRole('region', { name: "Doctor's report" });
  await expect(section).toBeVisible();
  // The last 30 days by default.
  await expect(section.getByLabel('From', { exact: true })).toHaveValue(addDays(todayUtc(), -29));
  await expect(section.getByLabel('To', { exact: true })).toHaveValue(todayUtc());
  await section.getByLabel('From', { exact: true }).fill(day(1));
  await section.getByLabel('To', { exact: true }).fill(day(5));

  const csv = await downloadWith(page, 'Download CSV');
  expect(csv.download.suggestedFilename()).toBe(`doctors-report-${day(1)}-to-${day(5)}.csv`);
  const [header, ...rows] = csv.text.split('\r\n');
  // The journal's columns follow the medicines' (decision 302): the form chooses the symptoms by
  // default. This account has no journal, so every row leaves those nine cells empty.
  expect(header).toBe(
    'section,medicine,dosage,schedule,date,slot,time,status,due,taken,missed,adherence_percent,detail,pills_per_dose,taken_at,skipped,measurement,component,value,unit,count,min,mean,max,severity',
  );
  const lines = rows.map((row) => {
    expect(row === '' || row.endsWith(',,,,,,,,,'), row).toBe(true);
    return row.slice(0, row.length - 9);
  });
  // Aspirin 3 of 8, Metformin 3 of 4, 6 of 12 overall: the Reports charts' figures of this month;
  // a dose row ends with its pills and when it was taken (decisions 186, 191), a summary with the
  // doses skipped on purpose (decision 225: none here).
  expect(lines).toContain('summary,Aspirin,500mg,"Twice daily at 08:00, 14:00",,,,,8,3,5,38,,,,0');
  expect(lines).toContain('summary,Metformin,850mg,"Twice daily at 08:00, 20:00",,,,,4,3,1,75,,,,0');
  expect(lines).toContain('summary,All medicines,,,,,,,12,6,6,50,,,,0');
  expect(lines).toContain(`dose,Aspirin,,,${day(4)},1,08:00,missed,,0,,,,1,,`);
  await expect(section.getByText(`Downloaded doctors-report-${day(1)}-to-${day(5)}.csv.`)).toBeVisible();

  const fhir = await downloadWith(page, 'Download FHIR (JSON)');
  expect(fhir.download.suggestedFilename()).toBe(`doctors-report-${day(1)}-to-${day(5)}.fhir.json`);
  const bundle = JSON.parse(fhir.text) as {
    resourceType: string;
    type: string;
    entry: { resource: { resourceType: string } }[];
  };
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const count = (type: string) => bundle.entry.filter((e) => e.resource.resourceType === type).length;
  expect([count('Patient'), count('MedicationStatement'), count('MedicationAdministration')]).toEqual([
    1, 2, 6,
  ]);

  const pdf = await downloadWith(page, 'Download PDF');
  expect(pdf.download.suggestedFilename()).toBe(`doctors-report-${day(1)}-to-${day(5)}.pdf`);
  expect(pdf.text.startsWith('%PDF-')).toBe(true);

  await captureScreen(page, 'doctor-report');

  // A range the server would refuse is told before asking it.
  await section.getByLabel('From', { exact: true }).fill(day(5));
  await section.getByLabel('To', { exact: true }).fill(day(1));
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(section.getByRole('alert')).toHaveText('The start date must not be after the end date.');
  await captureScreen(page, 'doctor-report-error');
});
