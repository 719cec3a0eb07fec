import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from '../playwright.config.ts';
import { parseEml, type SentEmail } from './mail.ts';

/**
 * How the end-to-end specs sign in as staff: one place, so a change to the sign-in changes every
 * spec at once. They sign in as the owner the first start created (STAFF_EMAIL / STAFF_PASSWORD);
 * locally the second factor is optional and the owner has none, so email and password suffice.
 * e2e/staff-accounts.spec.ts signs in with a second factor; `invitedPerson` makes a person the
 * way the owner does (invitation email, password and authenticator app).
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

/** The authenticator app's code for `secret` now (what the person's phone would show). */
export function codeFor(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/** Waits for the invitation email to `to` (the newest one), read from the server's mail folder. */
export async function invitationTo(to: string, after = 0): Promise<SentEmail> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found: SentEmail | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return false;
        const emails = readdirSync(dir)
          .filter((f) => f.startsWith('invite:'))
          .map((f) => parseEml(readFileSync(join(dir, f), 'utf8')))
          .filter((e) => e.to.includes(to));
        found = emails.length > after ? emails[emails.length - 1] : undefined;
        return Boolean(found);
      },
      { timeout: 30_000, message: `no invitation email to ${to}` },
    )
    .toBe(true);
  return found as SentEmail;
}

export function acceptLinkIn(email: SentEmail): string {
  const link = /https?:\/\/[^\s"'<>]+\/staff\/accept#invite=[\w.-]+/.exec(email.body)?.[0];
  if (!link) throw new Error(`No accept link in "${email.subject}"`);
  return link;
}

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: 'owner' | 'processor' | 'support';
  /** The session token their acceptance signed them in with. */
  token: string;
}

/**
 * A person on the staff, as the owner makes one: invited by the owner (`ownerToken`), the
 * invitation email's link opened, a password and an authenticator app's first code accepted (the
 * same calls the accept page makes). Answers the person signed in.
 */
export async function invitedPerson(
  request: APIRequestContext,
  ownerToken: string,
  person: { email: string; name: string; role: StaffMember['role'] },
): Promise<StaffMember> {
  const invited = await request.post('/api/staff/people', { headers: { 'staff-token': ownerToken }, data: person });
  expect(invited.status(), await invited.text()).toBe(201);
  const invite = new URL(acceptLinkIn(await invitationTo(person.email))).hash.replace(/^#invite=/, '');
  const opened = await request.post('/api/staff/invitations', { data: { invite } });
  expect(opened.status(), await opened.text()).toBe(200);
  const { enrolment } = (await opened.json()) as { enrolment: { ticket: string; totp: { secret: string } } };
  const accepted = await request.post('/api/staff/invitations', {
    data: { invite, ticket: enrolment.ticket, password: `${person.name} has a long password`, totpCode: codeFor(enrolment.totp.secret) },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const body = (await accepted.json()) as { status: string; token: string; person: { id: string } };
  expect(body.status).toBe('signed_in');
  return { ...person, id: body.person.id, token: body.token };
}

/** A browser of the person's own (a separate context: its own storage), signed in, on the dashboard. */
export async function staffBrowser(browser: Browser, baseURL: string | undefined, member: { token: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  // As the accept page leaves it: the session's token where the app keeps it.
  await context.addInitScript((token) => {
    if (!localStorage.getItem('staff_token')) localStorage.setItem('staff_token', token);
  }, member.token);
  const page = await context.newPage();
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Staff dashboard' })).toBeVisible();
  return page;
}
