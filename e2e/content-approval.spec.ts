import { type APIRequestContext, expect, test } from '@playwright/test';
import { invitedPerson, type StaffMember, staffBrowser, staffToken } from './staff-session.ts';

/**
 * Site texts are published by owners, or approved by one (docs/decisions/0412): a processor, in a
 * browser of their own, changes the pricing page's promise; the public page keeps its text; the
 * owner, in another browser, previews the draft and approves it; the public page then shows it, in
 * its prerendered HTML too, and the audit trail names the drafter and the approver.
 */
test.describe.configure({ mode: 'serial' });

const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const PLACE = { page: 'pricing', section: 'hero.subtitle' } as const;
const published = `Flat service fee, no hidden costs (${tag}).`;
const drafted = `Half the price of any other service (${tag}).`;

let owner: string;
let processor: StaffMember;
let original: { id: string; content: string } | undefined;

const items = async (request: APIRequestContext) =>
  (await (await request.get('/api/content')).json()) as { id: string; page: string; section: string; content: string }[];
const itemAtPlace = async (request: APIRequestContext) => (await items(request)).find((i) => i.page === PLACE.page && i.section === PLACE.section);

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await expect.poll(async () => (await request.get('/api/content')).status(), { timeout: 90_000 }).toBe(200);
  owner = await staffToken(request);
  processor = await invitedPerson(request, owner, { email: `drafter.${tag}@creator-llc.example`, name: 'Dana Pruitt', role: 'processor' });
  // The owner publishes as before: at once.
  original = await itemAtPlace(request);
  const res = original
    ? await request.patch(`/api/content/${original.id}`, { headers: { 'staff-token': owner }, data: { content: published } })
    : await request.post('/api/content', { headers: { 'staff-token': owner }, data: { ...PLACE, content: published } });
  expect(res.ok(), await res.text()).toBe(true);
  await expect.poll(async () => (await (await request.get('/pricing')).text()).includes(published), { timeout: 15_000 }).toBe(true);
});

test.afterAll(async ({ request }) => {
  // The place as it was, for the specs after this one on the same server.
  const item = await itemAtPlace(request);
  if (!item) return;
  const res = original
    ? await request.patch(`/api/content/${item.id}`, { headers: { 'staff-token': owner }, data: { content: original.content } })
    : await request.delete(`/api/content/${item.id}`, { headers: { 'staff-token': owner } });
  expect(res.ok(), await res.text()).toBe(true);
});

test('a processor’s change of a site text is public only once an owner approves it', async ({ browser, baseURL, page: visitor, request }) => {
  test.setTimeout(120_000);
  // The pricing page's subtitle: the text, then the starting price.
  const subtitle = visitor.locator('main h1 + p');

  // The processor, in their own browser, edits the text: it is saved as a draft.
  const drafter = await staffBrowser(browser, baseURL, processor);
  await drafter.goto('/content-editor');
  await expect(drafter.getByTestId('publishing-rule')).toContainText('Your changes are saved as drafts');
  await expect(drafter.getByRole('button', { name: `Delete ${PLACE.page} / ${PLACE.section}` })).toHaveCount(0);
  await drafter.getByRole('button', { name: `Edit ${PLACE.page} / ${PLACE.section}` }).click();
  await drafter.locator('#edit-content').fill(drafted);
  await expect(drafter.getByTestId('text-preview')).toHaveText(drafted);
  await drafter.getByRole('button', { name: 'Save draft for approval' }).click();
  await expect(drafter.getByText('Draft Saved')).toBeVisible();
  const waiting = drafter.getByRole('listitem', { name: `Draft of ${PLACE.page} / ${PLACE.section}` });
  await expect(waiting.getByTestId('draft-status')).toHaveText('Waiting for an owner');
  await expect(waiting.getByTestId('draft-preview')).toHaveText(drafted);
  await expect(waiting.getByRole('button', { name: /Approve/ })).toHaveCount(0);

  // The public site is unchanged: the list the site reads, the page's HTML and the page a visitor sees.
  expect((await items(request)).some((i) => i.content === drafted)).toBe(false);
  expect(await (await request.get('/pricing')).text()).not.toContain(drafted);
  await visitor.goto('/pricing');
  await expect(subtitle).toContainText(published);
  await expect(subtitle).not.toContainText(drafted);

  // The processor cannot approve it, whatever the screen shows.
  const drafts = (await (await request.get('/api/content/drafts', { headers: { 'staff-token': processor.token } })).json()) as {
    id: string;
    content: string;
    version: number;
  }[];
  const draft = drafts.find((d) => d.content === drafted);
  expect(draft).toBeDefined();
  const self = await request.post(`/api/content/drafts/${draft?.id}/approve`, {
    headers: { 'staff-token': processor.token },
    data: { version: draft?.version },
  });
  expect(self.status()).toBe(403);
  expect(await self.json()).toMatchObject({ code: 'owner_only', error: expect.any(String) });

  // The owner, in another browser, previews the draft beside the current text and approves it.
  const approver = await staffBrowser(browser, baseURL, { token: owner });
  await approver.goto('/content-editor');
  const card = approver.getByRole('listitem', { name: `Draft of ${PLACE.page} / ${PLACE.section}` });
  await expect(card).toContainText(`Drafted by ${processor.email}`);
  await expect(card.getByTestId('draft-preview')).toHaveText(drafted);
  await expect(card.getByTestId('draft-current')).toHaveText(published);
  await card.getByRole('button', { name: `Approve and publish ${PLACE.page} / ${PLACE.section}` }).click();
  await expect(approver.getByText('Draft Approved')).toBeVisible();
  await expect(card).toHaveCount(0);

  // Public now: in the page's prerendered HTML, and on the page a visitor opens.
  await expect.poll(async () => (await (await request.get('/pricing')).text()).includes(drafted), { timeout: 15_000 }).toBe(true);
  await visitor.goto('/pricing');
  await expect(subtitle).toContainText(drafted);

  // The audit trail names both: the approver as who acted, the drafter in what was published.
  const audit = await request.get('/api/staff/audit?action=content_draft_approved', { headers: { 'staff-token': owner } });
  expect(audit.status(), await audit.text()).toBe(200);
  const entry = ((await audit.json()) as { items: { actorEmail: string; subject?: string; after?: { content?: string; draftedBy?: string } }[] }).items.find(
    (e) => e.after?.content === drafted,
  );
  expect(entry).toMatchObject({ subject: `${PLACE.page} / ${PLACE.section}`, after: { draftedBy: processor.email } });
  expect(entry?.actorEmail).not.toBe(processor.email);
  await drafter.context().close();
  await approver.context().close();
});
