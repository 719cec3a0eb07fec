import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';

/**
 * Applications made through the API, as the wizard makes them: POST answers the application's
 * resume secret, which every later call about it carries (x-resume-secret), and which a browser
 * keeps under 'applicationSecrets' (frontend/src/lib/resume-secrets.ts).
 */
const secrets = new Map<string, string>();

/** A business name no other application on this server has: a submitted name counts as taken for everyone else. */
export function uniqueBusinessName(base: string): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${base} ${letters[0].toUpperCase()}${letters.slice(1)} LLC`;
}

/** A creator's answers to the whole wizard (a fresh user and business name each call), `over` replacing some. */
export function wizardData(over: Record<string, unknown> = {}) {
  return {
    userId: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    firstName: 'Maya',
    lastName: 'Lopez',
    email: 'maya@example.com',
    phone: '555-010-2030',
    state: 'FL',
    residenceState: 'FL',
    hasInventory: false,
    priority: 'tax',
    contentTypes: ['lifestyle'],
    platforms: ['instagram'],
    businessName: uniqueBusinessName('Maya Makes'),
    annualIncome: 80000,
    monthlyExpenses: { clothing: 200, meals: 100, equipment: 150, travel: 0, entertainment: 0, other: 0 },
    estimatedSavings: 1350,
    expeditedFiling: false,
    feinFiling: false,
    operatingAgreement: false,
    currentStep: 4,
    completed: false,
    ...over,
  };
}

/**
 * A call refused by a per-address limit (429) is made again when its Retry-After says, as the
 * site's own client would: every spec shares one address, and one spec's burst can spend the
 * minute's drafts for the next.
 */
async function withinLimits(call: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 0; ; attempt++) {
    const res = await call();
    if (res.status() !== 429 || attempt >= 2) return res;
    await new Promise((r) => setTimeout(r, Number(res.headers()['retry-after'] ?? 1) * 1000 + 250));
  }
}

/** Creates and submits an application; returns its id (its secret is remembered for `asHolder`). */
export async function createSubmitted(request: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const { completed: _completed, ...draft } = data;
  const created = await withinLimits(() => request.post('/api/llc-applications', { data: draft }));
  expect(created.status(), await created.text()).toBe(201);
  const { id, resumeSecret } = (await created.json()) as { id: string; resumeSecret?: string };
  if (resumeSecret) secrets.set(id, resumeSecret);
  const submitted = await request.patch(`/api/llc-applications/${id}`, { data: { ...draft, completed: true }, headers: holderHeaders(id) });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return id;
}

/** The header an API call about application `id` carries. */
export function holderHeaders(id: string): Record<string, string> {
  const secret = secrets.get(id);
  return secret ? { 'x-resume-secret': secret } : {};
}

/** Lets the page's browser open application `id`, as the browser that created it can. */
export async function asHolder(page: Page, id: string): Promise<void> {
  const secret = secrets.get(id);
  if (!secret) return;
  await page.addInitScript(
    ([appId, value]) => {
      const all = JSON.parse(localStorage.getItem('applicationSecrets') ?? '{}') as Record<string, string>;
      localStorage.setItem('applicationSecrets', JSON.stringify({ ...all, [appId]: value }));
    },
    [id, secret] as const,
  );
}

/** Pays application `id` with the offline test card, as the checkout does (the amount is the server's order total). */
export async function payWithTestCard(request: APIRequestContext, id: string): Promise<void> {
  const { order } = await (await request.get(`/api/llc-applications/${id}`, { headers: holderHeaders(id) })).json();
  const intent = await request.post('/api/create-payment-intent', {
    data: { amount: order.totalCents, applicationId: id, provider: 'stripe' },
    headers: holderHeaders(id),
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const paid = await request.post('/api/test-payments/confirm', {
    data: {
      applicationId: id,
      clientSecret: (await intent.json()).clientSecret,
      card: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', zip: '33139' },
    },
    headers: holderHeaders(id),
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** Gives paid application `id` the filing details the order page asks for (Start Processing needs them); `data` is its wizardData. */
export async function completeFilingDetails(request: APIRequestContext, id: string, data: Record<string, unknown>): Promise<void> {
  const address =
    data.state === 'TX'
      ? { line1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' }
      : { line1: '1 Ocean Dr', city: 'Miami', state: 'FL', zip: '33139' };
  const name = `${data.firstName} ${data.lastName}`;
  const details = await request.put(`/api/orders/${id}/filing-details`, {
    data: {
      principalOffice: address,
      registeredAgent: { kind: 'own', name: 'Capitol Registered Agents Inc.', address, consent: true },
      organizer: { name, title: 'Organizer', address },
      signature: { typedName: name, consent: true },
      management: 'member',
      members: [{ name, address, ownershipPercent: 100 }],
      ...(data.feinFiling
        ? {
            ein: {
              responsibleParty: { name, taxIdType: 'ssn', taxId: '123-45-6789' },
              businessActivity: 'Online video content',
              startDate: '2026-12-01',
              fiscalYearEndMonth: 12,
            },
          }
        : {}),
    },
    headers: holderHeaders(id),
  });
  expect(details.status(), await details.text()).toBe(200);
}

/**
 * A choice card of the wizard's first step ("Yes", "No", "Privacy"...): the label around its
 * radio. The prerendered skeleton shows the same words in grey with no radio, and a click there
 * does nothing, so a test that clicked the words could click before the app had rendered the step.
 */
export const choiceCard = (page: Page, option: string) => page.locator('label').filter({ has: page.getByRole('radio', { name: new RegExp(`^${option} `) }) });
