import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { CONTRACT } from '../shared/api/contract.ts';
import { QUEUE_STAGES, STAGE_LABELS, UNPAID_STAGE } from '../shared/staff/work-queue.ts';
import { CONTENT_TYPES, PLATFORMS, PRIORITIES } from '../shared/wizard/options.ts';
import { runIfMain } from './cli.ts';
import { dataDirSetting, staffEmailSetting, staffPasswordSetting } from './config.ts';

/**
 * `npm run seed -- [--orders 50] [--seed 1] [--url http://127.0.0.1:3000]`
 *
 * Fills a running instance (`npm start`) with realistic orders through its public API, making the
 * calls the site makes: the wizard's draft and submission, the offline test-card payment, the
 * order page's filing details, then the owner's staff moves (Start Processing, Mark Filed with a
 * file number and date, the state's stamped document, Mark Complete where every deliverable is
 * in). The orders cycle through the stages (unpaid, waiting for details, ready, processing,
 * waiting on the state, filed, completed) across states and add-ons; names and answers come
 * from `--seed`, so a seed gives the same orders (made-up people, never real ones).
 *
 * Every request is paced under the route's per-address limit (the route table's `rateLimit`,
 * shared/api): the limits are fixed windows on the clock minute, so the seed counts its requests
 * per bucket and minute and waits for the next minute rather than be refused. A 429 (someone
 * else on the same address) is waited out as its Retry-After says. No header changes the address
 * a limit counts: locally it is the socket's.
 *
 * The owner signs in with STAFF_EMAIL (default owner@creator-llc.local) and STAFF_PASSWORD, or
 * the password the first start wrote to `<DATA_DIR or .data>/staff-password.txt`.
 * Prints how many of its orders are in each stage, as the API answers them, and the work queue's
 * counts for the whole instance.
 */

export const SEED_STAGES = ['unpaid', 'details', 'ready', 'processing', 'state', 'filed', 'completed'] as const;
export type SeedStage = (typeof SEED_STAGES)[number];

/** The stage order i aims for: a cycle, so a few orders already cover every stage. */
const PLAN: readonly SeedStage[] = ['ready', 'unpaid', 'processing', 'details', 'state', 'completed', 'filed'];

export interface SeedOptions {
  url: string;
  orders: number;
  seed: number;
  staffEmail: string;
  staffPassword: string;
  /** Put into every business name and email (a word of letters), so a rerun on the same data makes new names. */
  tag?: string;
  /**
   * The part of each per-address limit the seed may use (0 to 1; all of it unless set), leaving the
   * rest of every minute to whoever else shares the address: the end-to-end run's next spec.
   */
  share?: number;
  log?: (line: string) => void;
}

export interface SeedReport {
  /** This run's orders by the stage the API shows for each (`completed` for a completed order). */
  stages: Record<SeedStage, number>;
  /** The whole instance: the work queue's count per stage, and the completed orders. */
  totals: Record<string, number>;
  ids: string[];
}

// ---------------------------------------------------------------- pacing

/** What the pacer needs of the clock: now (ms) and a wait. Tests give a fake one. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}
export const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

/** A margin past the minute's start, for the server's clock being a little behind ours. */
const WINDOW_MARGIN_MS = 250;

/**
 * Counts requests per rate-limit bucket in the clock minute, as the server's fixed windows do
 * (functions/lib/rate-limits.ts consumeRateLimit), and waits for the next minute when the
 * bucket's limit is reached.
 */
export class Pacer {
  private readonly used = new Map<string, { window: number; count: number }>();
  constructor(
    private readonly clock: Clock = realClock,
    /** The part of each limit this pacer may use (SeedOptions.share). */
    private readonly share = 1,
  ) {
    if (!(share > 0 && share <= 1)) throw new Error(`The share of each limit is a number above 0 and at most 1, not ${share}`);
  }

  /** Resolves when one more request of `bucket` (limit `perMinute`, of which this pacer uses its share) fits; counts it. */
  async take(bucket: string, limit: number): Promise<void> {
    const perMinute = Math.max(1, Math.floor(limit * this.share));
    for (;;) {
      const now = this.clock.now();
      const window = Math.floor(now / 60_000);
      const entry = this.used.get(bucket);
      const count = entry?.window === window ? entry.count : 0;
      if (count < perMinute) {
        this.used.set(bucket, { window, count: count + 1 });
        return;
      }
      await this.clock.sleep((window + 1) * 60_000 - now + WINDOW_MARGIN_MS);
    }
  }

  /** The server refused anyway (another client on the address): nothing more of `bucket` this window. */
  spent(bucket: string, perMinute: number): void {
    this.used.set(bucket, { window: Math.floor(this.clock.now() / 60_000), count: perMinute });
  }
}

/** The route's per-address limit, from the route table. */
export function routeLimit(routeKey: string): { bucket: string; perMinute: number } | undefined {
  const entry = (CONTRACT as Record<string, { rateLimit?: { bucket: string; perMinute: number } }>)[routeKey];
  return entry?.rateLimit;
}

// ---------------------------------------------------------------- made-up people

/** mulberry32: a small deterministic generator, so `--seed` gives the same orders. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Ava',
  'Noah',
  'Priya',
  'Mateo',
  'Zoe',
  'Kai',
  'Lena',
  'Omar',
  'Ruby',
  'Theo',
  'Imani',
  'Jonah',
  'Sofia',
  'Eli',
  'Mina',
  'Diego',
  'Hana',
  'Felix',
];
const LAST = [
  'Brooks',
  'Okafor',
  'Nguyen',
  'Castillo',
  'Hart',
  'Lindqvist',
  'Patel',
  'Moreau',
  'Kim',
  'Alvarez',
  'Reyes',
  'Osei',
  'Fischer',
  'Duarte',
  'Sato',
  'Quinn',
];
const WORDS = ['Studio', 'Media', 'Creative', 'Collective', 'Productions', 'Works', 'Labs', 'Content', 'House', 'Channel'];
const THEMES = ['Sunlit', 'Northbound', 'Velvet', 'Copper', 'Tidal', 'Orbit', 'Maple', 'Cobalt', 'Juniper', 'Harbor', 'Ember', 'Meadow', 'Pixel', 'Atlas'];

/** A street address in each state the seed forms in (ZIP in the state: the details schema checks it). */
const ADDRESSES: Record<string, { line1: string; city: string; zip: string; county?: string }> = {
  FL: { line1: '1 Ocean Dr', city: 'Miami', zip: '33139' },
  WY: { line1: '30 N Gould St', city: 'Sheridan', zip: '82801' },
  DE: { line1: '1000 N King St', city: 'Wilmington', zip: '19801' },
  TX: { line1: '500 Congress Ave', city: 'Austin', zip: '78701' },
  CA: { line1: '100 Market St', city: 'San Francisco', zip: '94105' },
  NY: { line1: '350 5th Ave', city: 'New York', zip: '10118', county: 'New York' },
  NV: { line1: '400 S 4th St', city: 'Las Vegas', zip: '89101' },
  CO: { line1: '1600 Broadway', city: 'Denver', zip: '80202' },
  GA: { line1: '200 Peachtree St NW', city: 'Atlanta', zip: '30303' },
};
export const SEED_STATES = Object.keys(ADDRESSES);

export interface SeedOrder {
  target: SeedStage;
  answers: Record<string, unknown>;
}

/**
 * Order `i` of seed `seed`: who, where, what they bought, and the stage it is to reach. A `tag`
 * goes into the business name and the email only (the rest is the seed's), so runs with their
 * own tags on the same data never collide on a name.
 */
export function seedOrder(seed: number, i: number, tag?: string): SeedOrder {
  const rnd = generator(seed * 100_003 + i);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const target = PLAN[i % PLAN.length];
  const firstName = pick(FIRST);
  const lastName = pick(LAST);
  const state = SEED_STATES[(i + seed) % SEED_STATES.length];
  // A completed order is one whose deliverables staff can all give here: no EIN letter to wait for.
  const feinFiling = target !== 'completed' && rnd() < 0.35;
  const annualIncome = 20_000 + Math.floor(rnd() * 30) * 5_000;
  const content = pick(CONTENT_TYPES);
  return {
    target,
    answers: {
      userId: `seed-${seed}-${i}${tag ? `-${tag}` : ''}`,
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${seed}-${i}${tag ? `.${tag}` : ''}@example.com`.toLowerCase(),
      phone: `555-01${String(i % 100).padStart(2, '0')}-${String(1000 + Math.floor(rnd() * 9000))}`,
      state,
      residenceState: rnd() < 0.7 ? state : pick(SEED_STATES),
      hasInventory: false,
      priority: pick(PRIORITIES),
      contentTypes: [content],
      platforms: [pick(PLATFORMS), pick(PLATFORMS)].filter((p, k, all) => all.indexOf(p) === k),
      businessName: `${pick(THEMES)} ${lastName} ${pick(WORDS)} ${tag ? `${tag} ` : ''}${i + 1} LLC`,
      annualIncome,
      monthlyExpenses: {
        clothing: Math.floor(rnd() * 400),
        meals: Math.floor(rnd() * 200),
        equipment: Math.floor(rnd() * 300),
        travel: 0,
        entertainment: 0,
        other: 0,
      },
      estimatedSavings: Math.round(annualIncome * 0.02),
      expeditedFiling: rnd() < 0.3,
      feinFiling,
      operatingAgreement: rnd() < 0.5,
      currentStep: 4,
    },
  };
}

/** The filing details the order page would send for these answers. */
export function filingDetailsFor(answers: Record<string, unknown>): Record<string, unknown> {
  const state = String(answers.state);
  const { county, ...street } = ADDRESSES[state];
  const address = { ...street, state };
  const name = `${answers.firstName} ${answers.lastName}`;
  return {
    principalOffice: address,
    ...(county ? { county } : {}),
    registeredAgent: { kind: 'own', name: 'Capitol Registered Agents Inc.', address, consent: true },
    organizer: { name, title: 'Organizer', address },
    signature: { typedName: name, consent: true },
    management: 'member',
    members: [{ name, address, ownershipPercent: 100 }],
    ...(answers.feinFiling
      ? {
          ein: {
            responsibleParty: { name, taxIdType: 'ssn', taxId: '123-45-6789' },
            businessActivity: 'Online video content',
            startDate: `${new Date().getUTCFullYear() + 1}-01-01`,
            fiscalYearEndMonth: 12,
          },
        }
      : {}),
  };
}

// ---------------------------------------------------------------- the API, as the site calls it

export class Api {
  constructor(
    private readonly url: string,
    private readonly pacer: Pacer,
    private readonly clock: Clock,
  ) {}

  /** One call of route `routeKey` (its path filled in as `path`), paced; throws unless 2xx. */
  async call<T = Record<string, unknown>>(routeKey: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
    const limit = routeLimit(routeKey);
    const method = routeKey.split(' ')[0];
    for (let attempt = 0; ; attempt++) {
      if (limit) await this.pacer.take(limit.bucket, limit.perMinute);
      const res = await fetch(`${this.url}${path}`, {
        method,
        headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const text = await res.text();
      if (res.status === 429 && limit && attempt < 5) {
        this.pacer.spent(limit.bucket, limit.perMinute);
        await this.clock.sleep(Number(res.headers.get('retry-after') ?? 1) * 1000 + WINDOW_MARGIN_MS);
        continue;
      }
      if (res.status < 200 || res.status >= 300) throw new SeedError(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`, res.status, text);
      return (text ? JSON.parse(text) : {}) as T;
    }
  }
}

export class SeedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(message);
  }
}

async function stampedPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14 });
  return doc.save();
}

/** The API of the instance at `url`, paced under its per-address limits (every limit's whole share). */
export function seedApi(url: string): Api {
  return new Api(url, new Pacer(), realClock);
}

/** A staff upload as the dashboard makes it: a presigned PUT of the PDF; answers its upload id. */
async function uploadPdf(api: Api, token: string, id: string, pdf: Uint8Array): Promise<string> {
  const ticket = await api.call<{ uploadId: string; url: string; headers: Record<string, string> }>(
    'POST /api/staff/applications/{id}/uploads',
    `/api/staff/applications/${id}/uploads`,
    { body: { contentType: 'application/pdf', size: pdf.byteLength }, headers: { 'staff-token': token } },
  );
  const put = await fetch(ticket.url, { method: 'PUT', body: Buffer.from(pdf), headers: ticket.headers });
  if (!put.ok) throw new Error(`The upload of the PDF answered ${put.status}: ${(await put.text()).slice(0, 300)}`);
  return ticket.uploadId;
}

/** Records the EIN of an order that bought it, with the IRS letter, as staff do from the order's Documents panel. */
export async function recordEin(api: Api, token: string, id: string, ein: string): Promise<void> {
  const uploadId = await uploadPdf(api, token, id, await stampedPdf(`CP 575: EIN ${ein}`));
  await api.call('POST /api/staff/applications/{id}/ein', `/api/staff/applications/${id}/ein`, { body: { ein, uploadId }, headers: { 'staff-token': token } });
}

/** Makes one order and moves it towards its target; answers its id and the resume secret its buyer holds. */
export async function makeOrder(api: Api, token: string, order: SeedOrder, index: number): Promise<{ id: string; resumeSecret?: string }> {
  const { answers, target } = order;
  let draftAnswers = answers;
  let created: { id: string; resumeSecret?: string } | undefined;
  // A name another run submitted on this instance is taken: the next numbered name is tried.
  for (let n = 2; !created; n++) {
    const draft = await api.call<{ id: string; resumeSecret?: string }>('POST /api/llc-applications', '/api/llc-applications', { body: draftAnswers });
    const holder: Record<string, string> = draft.resumeSecret ? { 'x-resume-secret': draft.resumeSecret } : {};
    try {
      await api.call('PATCH /api/llc-applications/{id}', `/api/llc-applications/${draft.id}`, { body: { ...draftAnswers, completed: true }, headers: holder });
      created = draft;
    } catch (err) {
      if (!(err instanceof SeedError && err.status === 409 && err.body.includes('name_taken')) || n > 20) throw err;
      draftAnswers = { ...answers, businessName: String(answers.businessName).replace(/ LLC$/, ` ${n} LLC`) };
    }
  }
  const { id } = created;
  const made = { id, resumeSecret: created.resumeSecret };
  const holder: Record<string, string> = created.resumeSecret ? { 'x-resume-secret': created.resumeSecret } : {};
  if (target === 'unpaid') return made;

  const { order: priced } = await api.call<{ order: { totalCents: number } }>('GET /api/llc-applications/{id}', `/api/llc-applications/${id}`, {
    headers: holder,
  });
  const intent = await api.call<{ clientSecret: string }>('POST /api/create-payment-intent', '/api/create-payment-intent', {
    body: { amount: priced.totalCents, applicationId: id, provider: 'stripe' },
    headers: holder,
  });
  await api.call('POST /api/test-payments/confirm', '/api/test-payments/confirm', {
    body: {
      applicationId: id,
      clientSecret: intent.clientSecret,
      card: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', zip: ADDRESSES[String(answers.state)].zip },
    },
    headers: holder,
  });
  if (target === 'details') return made;

  await api.call('PUT /api/orders/{id}/filing-details', `/api/orders/${id}/filing-details`, { body: filingDetailsFor(answers), headers: holder });
  if (target === 'ready') return made;

  const staff = { 'staff-token': token };
  const move = (body: Record<string, unknown>) => api.call('PATCH /api/staff/applications/{id}', `/api/staff/applications/${id}`, { body, headers: staff });
  await move({ status: 'processing' });
  if (target === 'processing') return made;

  const fileNumber = `${answers.state}${String(26_000_000 + index * 7919).slice(-8)}`;
  await move({ status: 'filed', fileNumber, filedOn: new Date().toISOString().slice(0, 10) });
  if (target === 'state') return made;

  // The state's stamped approval, uploaded as the dashboard does: a presigned PUT, then recorded.
  const uploadId = await uploadPdf(api, token, id, await stampedPdf(`FILED ${fileNumber}`));
  await api.call('POST /api/staff/applications/{id}/uploads/{uploadId}/record', `/api/staff/applications/${id}/uploads/${uploadId}/record`, {
    body: { kind: 'approved_articles', fileNumber },
    headers: staff,
  });
  if (target === 'filed') return made;

  const app = await api.call<{ deliverables: { by: string; delivered: boolean }[] }>('GET /api/staff/applications/{id}', `/api/staff/applications/${id}`, {
    headers: staff,
  });
  // Mark Complete only where every deliverable of ours is in; otherwise the order stays filed.
  if (app.deliverables.every((d) => d.by !== 'us' || d.delivered)) await move({ status: 'completed' });
  return made;
}

/** The stage the API shows for application `id`: its work-queue stage, or completed. */
async function stageOf(api: Api, token: string, id: string): Promise<string> {
  const app = await api.call<{ status: string; queue?: string }>('GET /api/staff/applications/{id}', `/api/staff/applications/${id}`, {
    headers: { 'staff-token': token },
  });
  return app.status === 'completed' ? 'completed' : (app.queue ?? app.status);
}

/** The whole instance's counts: every work-queue stage, and the completed orders (paged list). */
export async function instanceTotals(url: string, token: string, api = new Api(url, new Pacer(), realClock)): Promise<Record<string, number>> {
  const headers = { 'staff-token': token };
  const queue = await api.call<{ sections: { stage: string; count?: number }[] }>('GET /api/staff/queue', '/api/staff/queue', { headers });
  const totals: Record<string, number> = {};
  // Without a stage the queue answers the work stages; the unpaid list is asked for by name.
  const unpaid = await api.call<{ sections: { stage: string; count?: number }[] }>('GET /api/staff/queue', `/api/staff/queue?stage=${UNPAID_STAGE}`, {
    headers,
  });
  for (const s of [...queue.sections, ...unpaid.sections]) totals[s.stage] = s.count ?? 0;
  let completed = 0;
  let cursor: string | null | undefined;
  do {
    const query = new URLSearchParams({ status: 'completed', ...(cursor ? { cursor } : {}) });
    const page = await api.call<{ items: unknown[]; nextCursor?: string | null }>('GET /api/staff/applications', `/api/staff/applications?${query}`, {
      headers,
    });
    completed += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  totals.completed = completed;
  return totals;
}

export async function staffSignIn(url: string, email: string, password: string): Promise<string> {
  const api = new Api(url, new Pacer(), realClock);
  const body = await api.call<{ status: string; token?: string }>('POST /api/staff/login', '/api/staff/login', { body: { email, password } });
  if (body.status !== 'signed_in' || !body.token)
    throw new Error(
      `The owner's sign-in asked for more (${body.status}): the seed signs in with email and password only (a local owner without a second factor)`,
    );
  return body.token;
}

export async function runSeed(opts: SeedOptions, clock: Clock = realClock): Promise<SeedReport> {
  const log = opts.log ?? (() => {});
  const api = new Api(opts.url, new Pacer(clock, opts.share), clock);
  const token = await staffSignIn(opts.url, opts.staffEmail, opts.staffPassword);
  const ids: string[] = [];
  for (let i = 0; i < opts.orders; i++) {
    const order = seedOrder(opts.seed, i, opts.tag);
    ids.push((await makeOrder(api, token, order, i)).id);
    log(`  ${i + 1}/${opts.orders} ${order.answers.state} ${order.answers.businessName} -> ${order.target}`);
  }
  const stages = Object.fromEntries(SEED_STAGES.map((s) => [s, 0])) as Record<SeedStage, number>;
  for (const id of ids) {
    const stage = (await stageOf(api, token, id)) as SeedStage;
    stages[stage] = (stages[stage] ?? 0) + 1;
  }
  return { stages, totals: await instanceTotals(opts.url, token, api), ids };
}

export function formatReport(report: SeedReport, url: string): string {
  const label = (s: string) => (s === 'completed' ? 'Completed' : (STAGE_LABELS[s as keyof typeof STAGE_LABELS] ?? s));
  const lines = [`Seeded ${report.ids.length} orders at ${url}, by the stage the API shows:`];
  for (const [stage, n] of Object.entries(report.stages)) lines.push(`  ${stage.padEnd(11)}${String(n).padStart(5)}  ${label(stage)}`);
  const order = [...QUEUE_STAGES, 'completed'];
  lines.push(`The instance now holds (work queue and completed): ${order.map((s) => `${s} ${report.totals[s] ?? 0}`).join(', ')}`);
  return lines.join('\n');
}

const USAGE = 'Usage: npm run seed -- [--orders 50] [--seed 1] [--url http://127.0.0.1:3000]';

export function parseSeedArgs(argv: string[]): { url: string; orders: number; seed: number } {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  for (const arg of argv) if (arg.startsWith('--') && !['--orders', '--seed', '--url'].includes(arg)) throw new Error(`Unknown option ${arg}. ${USAGE}`);
  const orders = Number(value('--orders') ?? 50);
  const seed = Number(value('--seed') ?? 1);
  if (!Number.isInteger(orders) || orders < 1 || orders > 5000) throw new Error(`--orders takes a whole number from 1 to 5000. ${USAGE}`);
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`--seed takes a whole number. ${USAGE}`);
  let url: URL;
  try {
    url = new URL(value('--url') ?? 'http://127.0.0.1:3000');
  } catch {
    throw new Error(`--url must be the instance's address, such as http://127.0.0.1:3000. ${USAGE}`);
  }
  return { url: url.origin, orders, seed };
}

/** The owner's password: STAFF_PASSWORD, else the one the first local start wrote into the data folder. */
export function ownerPassword(root: string): string {
  const fromEnv = staffPasswordSetting();
  if (fromEnv) return fromEnv;
  const file = join(dataDirSetting() ?? join(root, '.data'), 'staff-password.txt');
  if (!existsSync(file)) throw new Error(`No staff password: set STAFF_PASSWORD, or start the instance once (npm start) so ${file} exists`);
  return readFileSync(file, 'utf8').trim();
}

runIfMain(import.meta.url, async () => {
  const args = parseSeedArgs(process.argv.slice(2));
  const staffEmail = (staffEmailSetting() || 'owner@creator-llc.local').trim().toLowerCase();
  const staffPassword = ownerPassword(join(import.meta.dirname, '..'));
  console.log(`Seeding ${args.orders} orders (seed ${args.seed}) at ${args.url}, paced under the per-address limits...`);
  const report = await runSeed({ ...args, staffEmail, staffPassword, log: (line) => console.log(line) });
  console.log(formatReport(report, args.url));
});
