import { beforeAll, describe, expect, it } from 'vitest';
import { putApplication, readApplication, TEST_RESUME_SECRET } from '../../../tests/fakes/applications.ts';
import { putOperatorAgentOffices } from '../../../tests/fakes/documents.ts';
import { filingDetailsInput } from '../../../tests/fakes/filing-details.ts';
import { staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke, staffUpdateEvent } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { listAudit } from '../../data/audit.ts';
import { signOrderToken } from '../../orders/order-link.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as revealTaxId } from '../staff/reveal-tax-id.ts';
import { handler as updateApplication } from '../staff/update-application.ts';
import { handler as access } from './access.ts';
import { handler as getOrder } from './get.ts';
import { handler as saveDetails } from './save-details.ts';
import { handler as sendLink } from './send-link.ts';

let ip = 0;
const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;

const paidOrder = (over: Record<string, unknown> = {}) =>
  putApplication({
    status: 'submitted',
    paymentStatus: 'paid',
    paidAt: '2026-11-20T10:00:00.000Z',
    amountPaidCents: 27500,
    paymentProvider: 'test',
    detailsCompletedAt: undefined,
    filingDetails: undefined,
    ...over,
  });

const get = (id: string, resumeSecret?: string | null) =>
  invoke(getOrder, apiEvent({ method: 'GET', route: '/api/orders/{id}', path: `/api/orders/${id}`, pathParameters: { id }, resumeSecret }));

const put = (id: string, body: unknown) =>
  invoke(
    saveDetails,
    apiEvent({
      method: 'PUT',
      route: '/api/orders/{id}/filing-details',
      path: `/api/orders/${id}/filing-details`,
      pathParameters: { id },
      body,
      sourceIp: nextIp(),
    }),
  );

const staffMove = async (id: string, status: string) => invoke(updateApplication, staffUpdateEvent(id, { status }, await staffHeaders()));

const EIN = {
  responsibleParty: { name: 'Maya Lopez', taxIdType: 'ssn', taxId: '123-45-6789' },
  businessActivity: 'Video content',
  startDate: '2026-12-01',
  fiscalYearEndMonth: 12,
};

describe('the order page', () => {
  it('shows its holder the timeline, the receipt and what happens next; nobody else', async () => {
    const app = await paidOrder();
    const res = await get(app.id);
    expect(res.status).toBe(200);
    expect(res.body.timeline.map((s: { step: string; done: boolean; current: boolean }) => [s.step, s.done, s.current])).toEqual([
      ['paid', true, false],
      ['details', false, true],
      ['processing', false, false],
      ['filed', false, false],
      ['completed', false, false],
    ]);
    expect(res.body.receipt).toMatchObject({ total: 275, provider: 'test card' });
    expect(res.body.receipt.lines.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(275);
    expect(res.body.nextSteps[0]).toMatch(/^Complete the filing details below/);
    // Florida publishes no standard time: said as such, never "Florida currently takes No standard...".
    expect(res.body.nextSteps[1]).toBe(
      'Once they are complete we prepare the filing and submit it to Florida. No standard processing time published by Florida that we could find, so we cannot say how long the state takes to approve the filing.',
    );
    expect(res.body.details).toMatchObject({ complete: false, editable: true, ein: false, value: null });
    // A state with a published time: the data's words after a colon, never "Wyoming currently takes Up to ...".
    const wy = await paidOrder({ state: 'WY' });
    const wySteps = (await get(wy.id)).body.nextSteps.join(' ');
    expect(wySteps).toMatch(/Wyoming's own published time to approve a filing: \S/);
    expect(wySteps).not.toMatch(/currently takes [A-Z]/);
    expect((await get(app.id, null)).status).toBe(404);
    expect((await get(app.id, 'someone-elses-secret-0123456789')).status).toBe(404);
  });

  it("gives the tax planner the wizard's profit and the first Form 2553 deadline, from the filing date once filed", async () => {
    const monthlyExpenses = { clothing: 200, meals: 100, equipment: 150, travel: 0, entertainment: 0, other: 0 };
    const app = await paidOrder({ annualIncome: 80_000, monthlyExpenses });
    // Paid 2026-11-20: 2 months and 15 days into the first tax year -> 2027-02-03 (IRS: Jan 7 -> Mar 21).
    expect((await get(app.id)).body.taxPlan).toEqual({ profit: 74_600, sCorpElectionDeadline: '2027-02-03', deadlineFrom: 'payment' });
    const filed = await paidOrder({ annualIncome: 80_000, monthlyExpenses, filedOn: '2026-12-01' });
    // Filed 2026-12-01: February 15, 2027 is Washington's Birthday, so the next business day (IRC section 7503).
    expect((await get(filed.id)).body.taxPlan).toMatchObject({ sCorpElectionDeadline: '2027-02-16', deadlineFrom: 'filing' });
  });
});

describe('PUT /api/orders/{id}/filing-details', () => {
  // Our registered agent is offered where the operator has an office: the fixtures' states (FL among them), not Montana.
  beforeAll(() => putOperatorAgentOffices());

  it('refuses our registered agent in a state where we have no office, with the sentence beside the choice', async () => {
    const app = await paidOrder({ state: 'MT' });
    const res = await put(app.id, filingDetailsInput());
    expect(res.status).toBe(400);
    expect(res.body.details.registeredAgent).toEqual(['We do not act as registered agent in Montana: name your own registered agent']);
    expect((await readApplication(app.id))?.filingDetails).toBeUndefined();
  });

  it('names the field it refuses (a PO box as the principal office) and writes nothing', async () => {
    const app = await paidOrder();
    const res = await put(app.id, filingDetailsInput({ principalOffice: { line1: 'PO Box 12', city: 'Miami', state: 'FL', zip: '33101' } }));
    expect(res.status).toBe(400);
    expect(res.body.details['principalOffice.line1']).toEqual(['A PO box is not a street address: enter where the business is located']);
    expect((await readApplication(app.id))?.filingDetails).toBeUndefined();
  });

  it("refuses a ZIP code outside the address's state, beside the ZIP code, as the browser does", async () => {
    const app = await paidOrder();
    const res = await put(app.id, filingDetailsInput({ principalOffice: { line1: '1 Main St', city: 'Los Angeles', state: 'CA', zip: '10001' } }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
    expect(res.body.details['principalOffice.zip']).toEqual(['ZIP code 10001 is in New York, not California: check the ZIP code or the state']);
    expect((await readApplication(app.id))?.filingDetails).toBeUndefined();
  });

  it('stores complete details, signed and dated, and moves the timeline', async () => {
    const app = await paidOrder();
    const res = await put(app.id, filingDetailsInput());
    expect(res.status).toBe(200);
    expect(res.body.details).toMatchObject({ complete: true, editable: true });
    expect(res.body.timeline[1]).toMatchObject({ step: 'details', done: true });
    const stored = await readApplication(app.id);
    expect(stored?.filingDetails.signature).toMatchObject({ typedName: 'Maya Lopez', consent: true, signedAt: expect.any(String) });
    expect(stored?.filingDetails.purpose).toBe('Any lawful purpose');
    // The renewal answer is kept with the price it agreed to.
    expect(stored?.filingDetails.registeredAgent).toEqual({ kind: 'ours', renewalConsent: true, renewalPriceUsd: 125 });
    expect((await listRecentActivity(10)).some((a) => a.action === 'details_completed' && a.applicationId === app.id)).toBe(true);
  });

  it('seals the SSN: only the last four digits are readable, staff reveal it (recorded), a later save may keep it', async () => {
    const app = await paidOrder({ feinFiling: true });
    const missing = await put(app.id, filingDetailsInput());
    expect(missing.status).toBe(400);
    expect(missing.body.details.ein).toEqual(['Your order includes the EIN application: answer its questions']);
    const res = await put(app.id, filingDetailsInput({ ein: EIN }));
    expect(res.status).toBe(200);
    expect(res.body.details.value.ein.responsibleParty).toEqual({ name: 'Maya Lopez', taxIdType: 'ssn', taxIdLast4: '6789' });
    const stored = await readApplication(app.id);
    expect(JSON.stringify(stored)).not.toMatch(/123-?45-?6789/);
    expect(stored?.sealedTaxId).toMatchObject({ wrap: 'local' });

    const reveal = await invoke(
      revealTaxId,
      apiEvent({
        method: 'POST',
        route: '/api/staff/applications/{id}/tax-id/reveal',
        path: `/api/staff/applications/${app.id}/tax-id/reveal`,
        pathParameters: { id: app.id },
        headers: await staffHeaders(),
      }),
    );
    expect(reveal.status).toBe(200);
    expect(reveal.body).toEqual({ taxId: '123-45-6789', taxIdType: 'ssn' });
    expect(reveal.headers['cache-control'] ?? reveal.headers['Cache-Control']).toBe('no-store');
    expect((await listRecentActivity(10)).some((a) => a.action === 'tax_id_revealed' && a.applicationId === app.id)).toBe(true);
    // The audit trail names who revealed it, and never holds the number.
    const audit = (await listAudit({ applicationId: app.id, action: 'tax_id_revealed' })).items;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorRole: 'owner', subject: "the responsible party's SSN/ITIN" });
    expect(JSON.stringify(audit)).not.toMatch(/123-?45-?6789/);

    // Changing an address later does not ask for the SSN again.
    const again = await put(app.id, filingDetailsInput({ ein: { ...EIN, responsibleParty: { name: 'Maya Lopez', taxIdType: 'ssn' } } }));
    expect(again.status).toBe(200);
    expect((await readApplication(app.id))?.sealedTaxId).toEqual(stored?.sealedTaxId);
  });

  it('refuses an unpaid order, and a paid one staff have started processing', async () => {
    const unpaid = await putApplication({ status: 'submitted', paymentStatus: 'unpaid' });
    expect((await put(unpaid.id, filingDetailsInput())).body.code).toBe('order_not_paid');
    const started = await paidOrder({ status: 'processing', detailsCompletedAt: '2026-11-20T11:00:00.000Z' });
    const res = await put(started.id, filingDetailsInput());
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('details_locked');
  });

  it('Start Processing is refused before the details are complete and allowed after', async () => {
    const app = await paidOrder();
    const early = await staffMove(app.id, 'processing');
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/has not completed the filing details/);
    expect((await put(app.id, filingDetailsInput())).status).toBe(200);
    const ok = await staffMove(app.id, 'processing');
    expect(ok.status).toBe(200);
    expect((await get(app.id)).body.timeline[2]).toMatchObject({ step: 'processing', done: true, at: expect.any(String) });
    expect((await put(app.id, filingDetailsInput())).body.code).toBe('details_locked');
  });
});

describe('signed order links', () => {
  const open = (id: string, token: string) =>
    invoke(
      access,
      apiEvent({
        method: 'POST',
        route: '/api/orders/{id}/access',
        path: `/api/orders/${id}/access`,
        pathParameters: { id },
        body: { token },
        sourceIp: nextIp(),
      }),
    );

  it('a valid link opens the order in a new browser; an expired one is refused with a way out; another order’s is unknown', async () => {
    const app = await paidOrder();
    const other = await paidOrder();
    const res = await open(app.id, await signOrderToken(app.id));
    expect(res.status).toBe(200);
    const secret = res.body.resumeSecret as string;
    expect(secret).not.toBe(TEST_RESUME_SECRET);
    const read = await get(app.id, secret);
    expect(read.status).toBe(200);
    // The answer carries the order's view, as the holder's read gives it.
    expect(res.body.order).toEqual(read.body);
    expect((await get(other.id, secret)).status).toBe(404);
    // The creating browser keeps its access too.
    expect((await get(app.id)).status).toBe(200);

    const expired = await open(app.id, await signOrderToken(app.id, Date.now() - 15 * 86_400_000));
    expect(expired.status).toBe(403);
    expect(expired.body.code).toBe('link_expired');
    expect((await open(app.id, await signOrderToken(other.id))).status).toBe(404);
  });

  it('a new link goes to the order’s own address, once per window, and the answer never tells whether the order exists', async () => {
    const app = await paidOrder({ email: 'links@example.com' });
    const ask = (id: string) =>
      invoke(
        sendLink,
        apiEvent({ method: 'POST', route: '/api/orders/{id}/links', path: `/api/orders/${id}/links`, pathParameters: { id }, body: {}, sourceIp: nextIp() }),
      );
    const first = await ask(app.id);
    expect(first).toMatchObject({ status: 200, body: { sent: true } });
    expect(await ask(app.id)).toMatchObject({ status: 200, body: { sent: true } });
    expect(await ask('0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4')).toMatchObject({ status: 200, body: { sent: true } });
    const window = Math.floor(Date.now() / (10 * 60_000));
    expect(await getMessage(`order-link:${app.id}:${window}`)).toMatchObject({ kind: 'order_link', to: 'links@example.com' });
  });
});
