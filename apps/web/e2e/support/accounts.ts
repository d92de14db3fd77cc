import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Account {
  name: string;
  email: string;
  password: string;
  /** The account's id, as registration answered it. */
  id?: string;
}

let counter = 0;

/**
 * Registers a fresh account through the REST facade (faster than the form, which auth.spec.ts
 * covers): every test gets its own, so none depends on another's data.
 */
export async function createAccount(
  request: APIRequestContext,
  { name = 'Grace Hopper', timezone = 'UTC' }: { name?: string; timezone?: string } = {},
): Promise<Account> {
  const account = {
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}-${Date.now()}-${counter++}@example.com`,
    password: 'correct-horse-2',
  };
  const response = await request.post('/api/user/register', { data: { ...account, timezone } });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  return { ...account, id: user.id };
}

export async function logIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Only seen, not clicked away: a dialog may open over it at once (the time-zone question).
  await expect(page.getByText('Welcome back! You have been logged in successfully.')).toBeVisible();
}
