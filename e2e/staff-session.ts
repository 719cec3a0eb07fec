import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from '../playwright.config.ts';

/**
 * How the end-to-end specs sign in as staff: one place, so a change to the sign-in changes every
 * spec at once. They sign in as the owner the first start created (STAFF_EMAIL / STAFF_PASSWORD);
 * locally the second factor is optional and the owner has none, so email and password suffice.
 * e2e/staff-accounts.spec.ts signs in with a second factor.
 */

/** Signs in through the API; returns the token staff routes take in the `staff-token` header. */
export async function staffToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/staff/login', { data: { email: E2E_STAFF_EMAIL, password: E2E_STAFF_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { status: string; token: string };
  expect(body.status).toBe('signed_in');
  return body.token;
}

/** Signs in through the login page and waits for the dashboard. */
export async function signInOnPage(page: Page): Promise<void> {
  await page.goto('/staff/login');
  await fillSignIn(page);
  await expect(page).toHaveURL(/\/staff$/);
}

/** Types the owner's email and password into the login page (wherever it was opened) and submits. */
export async function fillSignIn(page: Page, password = E2E_STAFF_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(E2E_STAFF_EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The dashboard opens on the work queue; this shows the list of every application. */
export async function showApplications(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Applications' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Applications' })).toBeVisible();
}
