import { type Page, chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount, logIn } from './support/accounts';
import { AccountApi } from './support/api';
import { CHROMIUM_LAUNCH } from './support/chromium-launch';
import { expect, test } from './support/fixtures';
import { expectToast, fillMedicineForm, todayUtc } from './support/journey';
import { dataMatrixPng, gs1Text, writeFakeCameraVideo } from './support/pack-codes';
import { DESKTOP, PHONE, SCREENSHOT_DIR, captureScreen, expectAccessible } from './support/screens';

/**
 * The pack scanner (issue 58, decisions 327–329), with GS1 DataMatrix codes made by bwip-js in the
 * run: Chromium decodes them with the barcode-detector ponyfill (ZXing WebAssembly under the strict
 * CSP), from a fake camera playing a generated video and from a chosen photo.
 */

// The GS1 General Specifications' example GTIN, and a real EAN-13 as 14 digits.
const METFORMIN_GTIN = '09506000134352';
const IBUPROFEN_GTIN = '04006381333931';

async function choosePhoto(page: Page, png: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a photo of the pack' }).click();
  await (await chooser).setFiles({ name: 'pack.png', mimeType: 'image/png', buffer: png });
}

test('the camera reads a new product, adds the pack, and knows it when scanned again', async ({
  request,
  baseURL,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'medrem-scanner-'));
  const video = join(dir, 'pack.y4m');
  writeFakeCameraVideo(gs1Text({ '01': METFORMIN_GTIN, '17': '271231', '10': 'B1', '21': 'SN1001' }), video);
  // Its own browser: the fake camera is a launch option.
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [
      ...CHROMIUM_LAUNCH.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, timezoneId: 'UTC', permissions: ['camera'] });
    const page = await context.newPage();
    // The fixture's watch is on its own page: here the page errors and CSP violations (the decoder
    // is WebAssembly, compiled under the strict CSP) are collected by hand.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (m) => /Content Security Policy/i.test(m.text()) && problems.push(m.text()));

    const account = await createAccount(request, { name: 'Grace Hopper' });
    const api = await AccountApi.signIn(request, account);
    const medicine = await api.addMedicine({
      name: 'Metformin',
      dosage: '500mg',
      frequency: '1-0-1',
      totalDays: 90,
      supplyDays: 15,
      totalPills: 30,
      pillsPerDose: 1,
    });
    await logIn(page, account);
    await page.goto(`/update-medicine/${medicine.id}`);

    // The first scan of the product asks which medicine it is and how many pills a pack holds.
    await page.getByRole('button', { name: 'Scan a pack' }).click();
    const found = page.getByRole('region', { name: 'A new product' });
    await expect(found).toBeVisible({ timeout: 30_000 });
    await expect(found.getByText(METFORMIN_GTIN)).toBeVisible();
    await expect(found.getByText('2027-12-31')).toBeVisible();
    await expect(found.getByLabel('Medicine')).toHaveValue(medicine.id);
    await found.getByLabel('Pills in a pack').fill('28');
    // The camera is off once a pack is read: axe and the screenshots measure a page at rest.
    await captureScreen(page, 'scanner-camera-new-product');
    await found.getByRole('button', { name: 'Add this pack' }).click();
    await expectToast(page, 'Pack added to Metformin: 28 pills, expires 2027-12-31.');

    // The same pack again (the camera still shows it): its serial was added, the scanner says so.
    await page.getByRole('button', { name: 'Scan a pack' }).click();
    const scanner = page.getByRole('region', { name: 'Scan a pack' });
    await expect(scanner.getByRole('alert')).toHaveText(
      `This pack (serial SN1001) is already added: to Metformin on ${todayUtc()}.`,
      { timeout: 30_000 },
    );
    await expect(scanner.getByRole('status')).toHaveText('Looking for a code...');
    // Axe with the camera on and decoding (decision 345): the decoder leaves the main thread three
    // quarters of the time, so a scan gets through, given longer than a page at rest.
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expect(scanner.getByRole('status')).toHaveText('Looking for a code...');
      await expectAccessible(page, `scanner, camera on, at ${size.width}px`, { timeout: 60_000 });
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `scanner-camera-already-added-${size.width}x${size.height}.png`),
      });
    }
    await scanner.getByRole('button', { name: 'Close the scanner' }).click();
    await expect(page.getByRole('button', { name: 'Scan a pack' })).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a photo of a pack fills the new medicine, and its next pack is added from a photo', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { name: 'Ada Lovelace' });
  await logIn(page, account);
  await page.goto('/add-medicine');
  await page.getByRole('button', { name: 'Scan a pack' }).click();
  // No camera on this desktop: the photo is the way.
  const scanner = page.getByRole('region', { name: 'Scan a pack' });
  await expect(scanner.getByText('No camera was found. Choose a photo of the pack instead.')).toBeVisible();

  // A code that cannot be a pack's: the reader's reason, nothing filled.
  await choosePhoto(
    page,
    await dataMatrixPng(gs1Text({ '01': IBUPROFEN_GTIN, '17': '281331' }), { lint: false }),
  );
  await expect(scanner.getByRole('alert')).toHaveText('The expiry date in the code (281331) is not a date.');
  await captureScreen(page, 'scanner-photo-refused');

  const pack = { '01': IBUPROFEN_GTIN, '17': '280630', '10': 'L7', '21': 'P1', '30': '30' };
  await choosePhoto(page, await dataMatrixPng(gs1Text(pack)));
  await expect(page.getByRole('status').filter({ hasText: 'Pack read:' })).toHaveText(
    'Pack read: Product 04006381333931 · expires 2028-06-30 · batch L7 · serial P1 · 30 in the pack. It is recorded with this medicine once the medicine is added.',
  );
  await expect(page.getByLabel('Total Pills')).toHaveValue('30');
  await fillMedicineForm(page, {
    name: 'Ibuprofen',
    dosage: '400mg',
    frequency: '1-0-1',
    totalDays: 30,
    supplyDays: 15,
    totalPills: 30,
    pillsPerDose: 1,
  });
  await page.getByRole('button', { name: 'Add Medicine' }).click();
  await expectToast(page, 'Ibuprofen has been added successfully!');

  // The scanned pack was recorded with the new medicine (decision 342): in the cabinet with its
  // expiry, batch and serial, its 30 pills the supply typed (30 of 30 left, not 60). The cabinet is
  // in the main navigation (decision 345).
  await page.setViewportSize(DESKTOP);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cabinet' }).click();
  await expect(page.getByRole('heading', { name: 'Medicine cabinet', level: 1 })).toBeVisible();
  const onHand = page.getByRole('list', { name: 'Packs on hand, first-expiring first' });
  await expect(onHand.getByRole('listitem')).toHaveCount(1);
  await expect(onHand.getByRole('listitem')).toContainText('Ibuprofen: 30 of 30 left');
  await expect(onHand.getByRole('listitem')).toContainText('Batch L7 · serial P1');
  await expect(onHand.getByRole('listitem')).toContainText('(2028-06-30)');
  await expect(page.getByRole('link', { name: 'Ibuprofen' })).toBeVisible();
  await expect(page.getByText('30 pills · runs out', { exact: false })).toBeVisible();
  // On a phone, in the menu, marked as the page shown.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menuLink = page.locator('#main-menu').getByRole('link', { name: 'Cabinet' });
  await expect(menuLink).toHaveAttribute('aria-current', 'page');
  await captureScreen(page, 'cabinet-in-the-phone-menu');
  await menuLink.click();
  await expect(page.locator('#main-menu')).toHaveCount(0);

  // The next pack of the product, on the medicine's page: recognised, one click to add.
  await page.goto('/medication');
  await page.getByRole('link', { name: 'Edit Ibuprofen' }).first().click();
  await page.getByRole('button', { name: 'Scan a pack' }).click();
  await choosePhoto(page, await dataMatrixPng(gs1Text({ ...pack, '10': 'L8', '21': 'P2' })));
  const found = page.getByRole('region', { name: 'This is Ibuprofen' });
  await expect(found.getByText('Remembered: 30 pills a pack. Add this pack to the supply?')).toBeVisible();
  await expect(found.getByLabel('Pills in a pack')).toHaveValue('30');
  await found.getByRole('button', { name: 'Add this pack' }).click();
  await expectToast(page, 'Pack added to Ibuprofen: 30 pills, expires 2028-06-30.');
  // The first pack's serial is known too: scanned again, the scanner says so.
  await page.getByRole('button', { name: 'Scan a pack' }).click();
  await choosePhoto(page, await dataMatrixPng(gs1Text(pack)));
  await expect(page.getByRole('region', { name: 'Scan a pack' }).getByRole('alert')).toHaveText(
    `This pack (serial P1) is already added: to Ibuprofen on ${todayUtc()}.`,
  );
});
