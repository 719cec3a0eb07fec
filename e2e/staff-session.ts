import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_STAFF_PASSWORD } from '../playwright.config.ts';

/**
 * How the end-to-end specs sign in as staff: one place, so a change to the sign-in (accounts,
 * a second factor) changes every spec at once.
 */

/** Signs in through the API; returns the token staff routes take in the `staff-token` header. */
export async function staffToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/staff/login', { data: { password: E2E_STAFF_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** Signs in through the login page and waits for the dashboard. */
export async function signInOnPage(page: Page): Promise<void> {
  await page.goto('/staff/login');
  await page.getByLabel('Password').fill(E2E_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff$/);
}
