import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from '../playwright.config.ts';
import { runSeed, type SeedOrder, seedOrder } from '../scripts/seed-orders.ts';
import { stateLinksOf } from '../shared/staff/state-links.ts';
import { WORK_STAGES } from '../shared/staff/work-queue.ts';
import { invitedPerson, type StaffMember, staffBrowser, staffToken } from './staff-session.ts';
import { onePagePdf } from './uploads.ts';

/**
 * A processor's day over orders made by `npm run seed` (scripts/seed-orders.ts, run here against
 * this server through its HTTP API): the queue holds every paid, not-completed order in exactly
 * one stage, as the API has it; the portal sheet of a Florida, a Wyoming, a Delaware and a Texas
 * order lists every value with a copy button, and the e-filing link where the state data has one
 * (the note and the filing office's pages where it has none); and one ready order is taken from
 * Start Processing to Mark Complete with every click counted.
 *
 * E2E_SEED_ORDERS orders (15 unless set; 50 for the full day): with seed 5 the first 15 already
 * reach every stage the seed makes and put FL, WY, DE and TX orders in work stages with their
 * filing details. A random tag in every business name keeps reruns on the same data folder apart.
 * The measured clicks and the orders-a-day estimate are in docs/benchmarks.md ("Staff day").
 */
test.describe.configure({ mode: 'serial' });

const ORDERS = Number(process.env.E2E_SEED_ORDERS ?? 15);
const SEED = 5;
const tag = `Sd${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
/** The clicks one ready order takes from Start Processing to Mark Complete, as measured (docs/benchmarks.md). */
const MEASURED_CLICKS = 8;
/** The estimate's assumptions: a person's seconds per click or field, and the minutes outside the product per order. */
const PERSON_SECONDS_PER_ACTION = 5;
const OUTSIDE_MINUTES = 15;
const WORKING_HOURS = 7;

type Seeded = SeedOrder & { id: string };
let orders: Seeded[] = [];
let processor: StaffMember;
let owner = '';
let seedSeconds = 0;

interface StaffApp {
  id: string;
  status: string;
  paymentStatus?: string;
  queue?: string;
}

async function appOf(request: APIRequestContext, id: string): Promise<StaffApp> {
  const res = await request.get(`/api/staff/applications/${id}`, { headers: { 'staff-token': owner } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as StaffApp;
}

const nameOf = (o: Seeded) => String(o.answers.businessName);
const WITH_DETAILS = new Set(['ready', 'processing', 'state', 'filed']);

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(120_000 + ORDERS * 15_000);
  await expect.poll(async () => (await request.get('/api/content')).status(), { timeout: 90_000 }).toBe(200);
  const started = Date.now();
  // Half of each per-address limit: the specs after this one create orders from the same address.
  const report = await runSeed({
    url: String(baseURL),
    orders: ORDERS,
    seed: SEED,
    staffEmail: E2E_STAFF_EMAIL,
    staffPassword: E2E_STAFF_PASSWORD,
    tag,
    share: 0.5,
  });
  seedSeconds = Math.round((Date.now() - started) / 1000);
  orders = report.ids.map((id, i) => ({ id, ...seedOrder(SEED, i, tag) }));
  console.log(`Seeded ${ORDERS} orders (seed ${SEED}, tag ${tag}) in ${seedSeconds} s: ${JSON.stringify(report.stages)}`);
  // Every stage the seed makes is here, so the queue check below covers each of them.
  for (const stage of Object.keys(report.stages)) expect(report.stages[stage as keyof typeof report.stages], stage).toBeGreaterThan(0);
  owner = await staffToken(request);
  processor = await invitedPerson(request, owner, { email: `proc.${tag.toLowerCase()}@creator-llc.example`, name: 'Robin Vale', role: 'processor' });
});

/** Shows every row of every stage (a stage lists a page of rows; Show more gives the next). */
async function showWholeQueue(page: Page) {
  await expect(page.locator('section[aria-labelledby^="queue-"]').first()).toBeVisible();
  const more = page.getByRole('button', { name: 'Show more' });
  while ((await more.count()) > 0) {
    await more.first().click();
    await expect(page.getByRole('button', { name: 'Loading…' })).toHaveCount(0);
  }
}

test('the queue shows every paid, not-completed seeded order in exactly the stage the API gives it', async ({ browser, baseURL, request }) => {
  test.setTimeout(60_000 + ORDERS * 3_000);
  const page = await staffBrowser(browser, baseURL, processor);
  await showWholeQueue(page);
  let queued = 0;
  for (const o of orders) {
    const app = await appOf(request, o.id);
    const row = page.locator(`li[data-order="${o.id}"]`);
    if (app.paymentStatus === 'paid' && app.status !== 'completed') {
      queued++;
      expect(WORK_STAGES, `${nameOf(o)} (${app.status})`).toContain(app.queue);
      await expect(row, `${nameOf(o)} listed once`).toHaveCount(1);
      await expect(page.locator(`section[aria-labelledby="queue-${app.queue}"] li[data-order="${o.id}"]`), `${nameOf(o)} in ${app.queue}`).toHaveCount(1);
    } else {
      // Unpaid orders are listed apart, completed ones are done: neither needs a person.
      await expect(row, `${nameOf(o)} (${app.paymentStatus ?? 'unpaid'}, ${app.status}) not in the work stages`).toHaveCount(0);
    }
  }
  // Each stage's count, as the API's queue answers it for the whole instance.
  const queue = (await (await request.get('/api/staff/queue', { headers: { 'staff-token': owner } })).json()) as {
    sections: { stage: string; count?: number; items: unknown[] }[];
  };
  for (const s of queue.sections)
    await expect(page.locator(`#queue-${s.stage} [data-testid="stage-count"]`), s.stage).toHaveText(`(${s.count ?? s.items.length})`);
  console.log(`Queue: ${queued} of ${orders.length} seeded orders paid and not completed, each in one stage`);
  await page.context().close();
});

test('the portal sheet of a FL, WY, DE and TX order lists every value with a copy button, and the e-filing link or the note', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const page = await staffBrowser(browser, baseURL, processor);
  const counts: string[] = [];
  for (const state of ['FL', 'WY', 'DE', 'TX']) {
    const order = orders.find((o) => o.answers.state === state && WITH_DETAILS.has(o.target));
    expect(order, `a ${state} order with its filing details in the first ${ORDERS}`).toBeDefined();
    const name = nameOf(order as Seeded);
    await page.getByRole('button', { name: `Open ${name}` }).click();
    const dialog = page.getByRole('dialog', { name });
    const sheet = dialog.getByRole('region', { name: 'Portal sheet' });
    await expect(sheet.getByText(/ formation filing$/)).toBeVisible();
    const rows = sheet.locator('ol > li');
    await expect(rows.first()).toBeVisible();
    const n = await rows.count();
    for (let i = 0; i < n; i++) {
      const row = rows.nth(i);
      // The row's field label, then its value: both present.
      await expect(row.locator('span.break-words'), `${state} row ${i + 1}`).toHaveText([/\S/, /\S/]);
      await expect(row.getByRole('button', { name: /^Copy / }), `${state} row ${i + 1}`).toHaveCount(1);
    }
    const links = stateLinksOf(state);
    if (links?.formationFilingUrl) {
      await expect(sheet.getByRole('link', { name: /formation filing page/ })).toHaveAttribute('href', links.formationFilingUrl);
    } else {
      await expect(sheet.getByRole('link')).toHaveCount(0);
      await expect(sheet.getByText(/^Formation filing page .*File from the filing office's pages\.$/)).toBeVisible();
      // The filing office's pages, beside the sheet.
      await expect(
        dialog
          .getByRole('region', { name: /pages$/ })
          .getByRole('link')
          .first(),
      ).toHaveAttribute('href', /^https:\/\//);
    }
    // A copy button copies and ticks its row.
    await rows
      .first()
      .getByRole('button', { name: /^Copy / })
      .click();
    await expect(rows.first().getByRole('button', { name: /\(copied\)$/ })).toBeVisible();
    counts.push(`${state} ${n} values (${links?.formationFilingUrl ? 'e-filing link' : 'no e-filing link: note'})`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  }
  console.log(`Portal sheets: ${counts.join('; ')}`);
  await page.context().close();
});

/** Counts what a person does: a click is one; typing into a field is a click into it; a file is the chooser and the pick. */
class Actions {
  count = 0;
  /** Of them, the clicks on the page itself (the rest are typing and the file chooser). */
  clicks = 0;
  readonly log: string[] = [];
  private add(n: number, what: string) {
    this.count += n;
    this.log.push(`${what} (${n})`);
  }
  async click(target: Locator, what: string) {
    this.add(1, what);
    this.clicks++;
    await target.click();
  }
  async type(target: Locator, value: string, what: string) {
    this.add(1, what);
    await target.fill(value);
  }
  async upload(target: Locator, file: { name: string; mimeType: string; buffer: Buffer }, what: string) {
    this.add(2, what);
    await target.setInputFiles(file);
  }
}

test('one ready order from Start Processing to Mark Complete, every click counted', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const order = orders.find((o) => o.target === 'ready' && !o.answers.feinFiling) as Seeded;
  expect(order, 'a ready order without the EIN').toBeDefined();
  expect((await appOf(request, order.id)).queue).toBe('ready');
  const name = nameOf(order);
  const fileNumber = `L26${tag.toUpperCase()}1`;
  const stamped = { name: 'stamped.pdf', mimeType: 'application/pdf', buffer: await onePagePdf(`FILED ${fileNumber}`) };
  const page = await staffBrowser(browser, baseURL, processor);
  await expect(page.getByRole('button', { name: `Open ${name}` })).toBeVisible();
  // The page's own count of clicks, to check the tally below missed none.
  await page.evaluate(() => {
    const w = window as unknown as { clicks: number };
    w.clicks = 0;
    document.addEventListener('click', () => w.clicks++, true);
  });

  const act = new Actions();
  const started = Date.now();
  await act.click(page.getByRole('button', { name: `Open ${name}` }), 'Open the order');
  const dialog = page.getByRole('dialog', { name });
  await act.click(dialog.getByRole('button', { name: 'Start Processing' }), 'Start Processing');
  await expect(dialog.getByText('processing', { exact: true })).toBeVisible({ timeout: 30_000 });
  await act.type(dialog.getByLabel('State file number'), fileNumber, 'State file number');
  // The filing date starts at today: nothing to type when the state filed it today.
  await expect(dialog.getByLabel('Filing date')).not.toHaveValue('');
  await act.click(dialog.getByRole('button', { name: 'Mark Filed' }), 'Mark Filed');
  await expect(dialog.getByText('filed', { exact: true })).toBeVisible();
  const panel = dialog.getByRole('region', { name: 'Documents' });
  // The upload form opens on the state's stamped document: no kind to choose.
  await expect(panel.getByRole('combobox').filter({ has: page.locator('option[value="approved_articles"]') })).toHaveValue('approved_articles');
  // Choosing the file uploads it (no Upload click); it is recorded after the form's hold (Undo).
  await act.upload(panel.getByLabel('PDF file'), stamped, 'Choose the stamped PDF');
  await expect(panel.getByRole('button', { name: 'Undo upload' })).toBeVisible();
  await expect(page.getByText('Document Uploaded')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('status', { name: 'Upload progress' })).toContainText('stamped.pdf recorded as');
  await expect(dialog.getByRole('list', { name: 'Deliverables' }).locator('[data-deliverable="formation"]')).toHaveAttribute('data-delivered', 'true');
  await act.click(dialog.getByRole('button', { name: 'Mark Complete' }), 'Mark Complete');
  await expect(dialog.getByText('completed', { exact: true })).toBeVisible();
  await act.click(dialog.getByRole('button', { name: 'Close', exact: true }), 'Close, back to the queue');
  await expect(dialog).toHaveCount(0);
  const seconds = (Date.now() - started) / 1000;

  const pageClicks = await page.evaluate(() => (window as unknown as { clicks: number }).clicks);
  expect(pageClicks, 'every click the page saw is in the tally').toBe(act.clicks);
  expect((await appOf(request, order.id)).status).toBe('completed');

  const personMinutes = (act.count * PERSON_SECONDS_PER_ACTION) / 60;
  const perOrder = personMinutes + OUTSIDE_MINUTES;
  const perDay = Math.floor((WORKING_HOURS * 60) / perOrder);
  console.log(`Clicks per order: ${act.count} (${act.log.join(', ')}); the run took ${seconds.toFixed(1)} s in the product`);
  console.log(
    `Estimate: ${act.count} actions x ${PERSON_SECONDS_PER_ACTION} s = ${personMinutes.toFixed(1)} min in the product + ${OUTSIDE_MINUTES} min outside = ${perOrder.toFixed(1)} min an order, ${perDay} orders in ${WORKING_HOURS} h per processor (${ORDERS} orders seeded in ${seedSeconds} s)`,
  );
  expect(act.count).toBeLessThanOrEqual(MEASURED_CLICKS);
  await page.context().close();
});
