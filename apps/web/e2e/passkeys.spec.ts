import AxeBuilder from '@axe-core/playwright';
import type { CDPSession, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { confirm, expectToast } from './support/journey';
import { PHONE, SCREENSHOT_DIR } from './support/screens';

/**
 * Passkeys (issue 57) with Chromium's own WebAuthn stack and a CDP virtual authenticator (a platform
 * authenticator that holds discoverable credentials and verifies its user): added in Settings →
 * Privacy & Security, then the only thing a sign-in needs. The pages are opened at localhost, not
 * 127.0.0.1: no browser takes an IP address as a passkey's site (the server then takes the
 * browser's own host as the site, decision 292).
 */

/**
 * The page at phone width, scanned by axe once (captureScreen's 10-second retry window is shorter
 * than one scan of the whole Settings page on a loaded machine), then its screenshot.
 */
async function phoneScreen(page: Page, name: string): Promise<void> {
  const previous = page.viewportSize();
  await page.setViewportSize(PHONE);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-390.png`), fullPage: true, timeout: 30_000 });
  if (previous) await page.setViewportSize(previous);
}

/** A phone's or laptop's built-in authenticator, with its user verified (fingerprint, face, PIN). */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a passkey added in Settings signs in alone; renamed, then removed', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow(); // axe at two sizes on a loaded machine
  const local = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  const account = await createAccount(request, { name: 'Passkey Pat' });
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  // Chromium's virtual authenticator answers an autofill (conditional) request at once, by itself:
  // with autofill on, the login page would sign in before the button is pressed. Off here, so the
  // button's own path is what signs in; the field's `webauthn` autocomplete is checked below.
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: undefined });
  });

  await page.goto(`${local}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Welcome back! You have been logged in successfully.');

  await page.goto(`${local}/settings?tab=privacy`);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkey yet.')).toBeVisible();
  await section.getByLabel('Name for the new passkey (optional)').fill('This laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expectToast(page, 'Passkey added');
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('This laptop')).toBeVisible();
  await expect(list.getByText('Never')).toBeVisible();
  // A discoverable credential for this site: the sign-in below names no account.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  await phoneScreen(page, 'passkeys-settings');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'You have been logged out successfully.');
  await page.goto(`${local}/login`);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await phoneScreen(page, 'passkeys-login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'Welcome back! You have been logged in successfully.');
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`${local}/settings?tab=privacy`);
  await expect(list.getByText('Never')).toHaveCount(0); // "Last used" is this sign-in now
  await list.getByRole('button', { name: 'Rename This laptop' }).click();
  await list.getByRole('textbox', { name: 'Name of This laptop' }).fill('Work laptop');
  await list.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByText('Work laptop')).toBeVisible();
  await list.getByRole('button', { name: 'Remove Work laptop' }).click();
  await confirm(page, '“Work laptop” will no longer sign you in', 'Yes, remove it');
  await expect(section.getByText('You have no passkey yet.')).toBeVisible();
});
