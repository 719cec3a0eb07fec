import { describe, expect, it } from 'vitest';
import { addYears, dayOf } from '#shared/compliance/dates.ts';
import { nextDueDates } from '#shared/state-facts/due-dates.ts';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { storedFilingDetails } from '../../../tests/fakes/filing-details.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { parseIcs } from '../../../tests/helpers/ical.ts';
import { signUnsubscribeToken } from '../../compliance/unsubscribe-token.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { RENEWAL_CHARGE_SERIES, remindersOf } from '../../data/reminders.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as getCalendar } from './calendar.ts';
import { handler as getIcs } from './calendar-ics.ts';
import { handler as cancelRenewal } from './cancel-renewal.ts';
import { handler as setReminders } from './reminders.ts';
import { handler as resumeRenewal } from './resume-renewal.ts';
import { handler as unsubscribe } from './unsubscribe.ts';

const PAID_AT = new Date().toISOString();
const TODAY = dayOf(Date.now());

const paidOrder = (over: Record<string, unknown> = {}) =>
  putApplication({
    state: 'WY',
    status: 'submitted',
    paymentStatus: 'paid',
    paidAt: PAID_AT,
    amountPaidCents: 25_000,
    filingDetails: storedFilingDetails(),
    ...over,
  });

const at = (route: string, id: string, resumeSecret?: string | null) => ({
  route,
  path: route.replace('{id}', id),
  pathParameters: { id },
  resumeSecret,
});
const calendar = (id: string, secret?: string | null) => invoke(getCalendar, apiEvent({ method: 'GET', ...at('/api/orders/{id}/calendar', id, secret) }));
const ics = (id: string, secret?: string | null) => invoke(getIcs, apiEvent({ method: 'GET', ...at('/api/orders/{id}/calendar.ics', id, secret) }));
const cancel = (id: string, secret?: string | null) =>
  invoke(cancelRenewal, apiEvent({ method: 'POST', ...at('/api/orders/{id}/registered-agent/cancel-renewal', id, secret) }));

const undo = (id: string, secret?: string | null) =>
  invoke(resumeRenewal, apiEvent({ method: 'POST', ...at('/api/orders/{id}/registered-agent/resume-renewal', id, secret) }));
const reminders = (id: string, on: unknown, secret?: string | null) =>
  invoke(setReminders, apiEvent({ method: 'PUT', ...at('/api/orders/{id}/reminders', id, secret), body: { on } }));

describe('GET /api/orders/{id}/calendar', () => {
  it("shows the holder the order's deadlines with dates and sources, counted from the payment until it is filed", async () => {
    const app = await paidOrder();
    const res = await calendar(app.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'WY', stateName: 'Wyoming', formationDate: TODAY, formationDateFrom: 'payment', remindersUnsubscribed: false });
    const report = res.body.events.find((e: { kind: string }) => e.kind === 'annual-report');
    expect(report).toMatchObject({ date: nextDueDates('WY', TODAY, 1)![0], title: 'Wyoming annual report and License Fee' });
    expect(report.source.url).toMatch(/^https:\/\//);
    expect(res.body.registeredAgent).toEqual({
      status: 'renews',
      priceUsd: 125,
      firstYearEndsOn: addYears(TODAY, 1),
      nextChargeOn: addYears(TODAY, 1),
      graceDays: 14,
      history: [],
      // Cancelling today: the free first year runs to its end, nothing to refund, and what to file.
      exit: {
        endsOn: addYears(TODAY, 1),
        refundCents: 0,
        refund: expect.stringContaining('the first year is included'),
        steps: [expect.stringContaining('Choose who takes over'), expect.stringContaining("File Wyoming's change of registered agent"), expect.any(String)],
        office: { name: 'Wyoming Secretary of State Business Division', url: expect.stringMatching(/^https:\/\//) },
      },
    });
    for (const kind of ['registered-agent-renewal', 'estimated-tax', 's-corp-election']) {
      expect(
        res.body.events.some((e: { kind: string }) => e.kind === kind),
        kind,
      ).toBe(true);
    }

    await putApplication({ ...(await readApplication(app.id)), filedOn: '2026-12-15' });
    const filed = await calendar(app.id);
    expect(filed.body).toMatchObject({ formationDate: '2026-12-15', formationDateFrom: 'filing' });
  });

  it('carries a California resident’s home-state registration, report and $800 tax beside the Wyoming dates, and in the .ics', async () => {
    const app = await paidOrder({ residenceState: 'CA' });
    const res = await calendar(app.id);
    expect(res.body).toMatchObject({ state: 'WY', homeState: 'CA', homeStateName: 'California' });
    const california = res.body.events.filter((e: { state?: string }) => e.state === 'CA');
    expect(california.find((e: { kind: string }) => e.kind === 'home-registration')).toMatchObject({ date: TODAY, amountUsd: 70 });
    expect(california.filter((e: { kind: string }) => e.kind === 'home-state-tax').every((e: { amountUsd: number }) => e.amountUsd === 800)).toBe(true);
    expect(
      california.some((e: { kind: string; description: string }) => e.kind === 'home-annual-report' && e.description.includes('Statement of Information')),
    ).toBe(true);
    const { events } = parseIcs((await ics(app.id)).raw);
    expect(events.some((e) => e.summary === 'Register the LLC in California, your home state (Application to Register)' && e.date === TODAY)).toBe(true);
    // Each payment names its tax year (shared/state-facts/california-tax.ts).
    expect(events.filter((e) => /^California Annual Tax for \d{4} \(\w+ tax year\) \(home state\)$/.test(e.summary)).length).toBeGreaterThanOrEqual(3);
    expect(events.some((e) => e.summary === 'California biennial report (home state)')).toBe(true);
    // A same-state owner has none of it.
    const local = await paidOrder({ residenceState: 'WY' });
    expect((await calendar(local.id)).body.homeState).toBeUndefined();
  });

  it('says "check with the state" for a rule it cannot date (Alabama’s Business Privilege Tax)', async () => {
    const app = await paidOrder({ state: 'AL' });
    const res = await calendar(app.id);
    expect(res.body.events[0]).toMatchObject({ kind: 'state-tax', date: null, title: 'Alabama Business Privilege Tax: check with the state' });
  });

  it('reveals nothing to anyone but the holder, and starts only once paid', async () => {
    const app = await paidOrder();
    expect((await calendar(app.id, null)).status).toBe(404);
    expect((await calendar(app.id, 'someone-elses-secret')).status).toBe(404);
    const unpaid = await putApplication({ state: 'WY', status: 'submitted', paymentStatus: 'unpaid' });
    const res = await calendar(unpaid.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('order_not_paid');
  });
});

describe('GET /api/orders/{id}/calendar.ics', () => {
  it('is an iCalendar file with the same dated events, the Wyoming annual report among them', async () => {
    const app = await paidOrder({ businessName: 'Zoë; Studio, LLC' });
    const res = await ics(app.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.ics"$/);
    const { calendar: header, events } = parseIcs(res.raw);
    expect(header.PRODID).toContain('CreatorLLC');
    const json = (await calendar(app.id)).body.events.filter((e: { date: string | null }) => e.date !== null);
    expect(events.map((e) => [e.date, e.summary])).toEqual(json.map((e: { date: string; title: string }) => [e.date, e.title]));
    const report = events.find((e) => e.summary === 'Wyoming annual report and License Fee')!;
    expect(report.date).toBe(nextDueDates('WY', TODAY, 1)![0]);
    expect(report.description).toContain('Source: Wyoming official fee schedule');
    // State deadlines carry an alarm two weeks ahead, written as RFC 5545 has it (parseIcs checks every TRIGGER's grammar).
    expect(report.alarms).toEqual([{ action: 'DISPLAY', trigger: '-P14D' }]);
    expect(events.filter((e) => e.categories.includes('Federal tax')).every((e) => e.alarms.length === 0)).toBe(true);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it('keeps each event’s UID when the filing date moves its day, with a higher SEQUENCE, so a re-import updates it', async () => {
    // Paid 31 days ago, filed today: every date counted from formation moves by a month.
    const app = await paidOrder({ residenceState: 'CA', paidAt: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    const before = parseIcs((await ics(app.id)).raw).events;
    expect(before.every((e) => e.sequence === 0)).toBe(true);
    await putApplication({ ...(await readApplication(app.id)), filedOn: TODAY });
    const after = parseIcs((await ics(app.id)).raw).events;
    expect(after.every((e) => e.sequence === 1)).toBe(true);
    const moved = (summary: string) => {
      const a = before.find((e) => e.summary === summary)!;
      const b = after.find((e) => e.summary === summary)!;
      return [a.uid === b.uid, a.date !== b.date];
    };
    for (const summary of ['Wyoming annual report and License Fee', 'Register the LLC in California, your home state (Application to Register)']) {
      expect(moved(summary), summary).toEqual([true, true]);
    }
    // No UID carries a date.
    for (const e of after) expect(e.uid, e.summary).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('is for the holder only', async () => {
    const app = await paidOrder();
    expect((await ics(app.id, null)).status).toBe(404);
  });
});

describe('POST /api/orders/{id}/registered-agent/cancel-renewal', () => {
  it('cancels the agreed renewal in one step, tells staff, and answers the same when repeated', async () => {
    const app = await paidOrder();
    const res = await cancel(app.id);
    expect(res.status).toBe(200);
    expect(res.body.registeredAgent).toMatchObject({ status: 'cancelled', priceUsd: 125, firstYearEndsOn: addYears(TODAY, 1) });
    expect(res.body.registeredAgent.nextChargeOn).toBeUndefined();
    const cancelledAt = res.body.registeredAgent.cancelledAt;
    expect((await readApplication(app.id))?.renewalCancelledAt).toBe(cancelledAt);
    const activity = await listRecentActivity();
    expect(activity.some((a: { description: string }) => a.description.includes('cancelled the registered agent renewal'))).toBe(true);
    const again = await cancel(app.id);
    expect(again.status).toBe(200);
    expect(again.body.registeredAgent.cancelledAt).toBe(cancelledAt);
    expect((await calendar(app.id)).body.registeredAgent.status).toBe('cancelled');
  });

  it('emails a confirmation that says when the service ends and that the order page can undo it until then', async () => {
    const app = await paidOrder({ email: 'ada.cancel@example.com', firstName: 'Ada', businessName: 'Byte Works LLC' });
    const res = await cancel(app.id);
    expect(res.body.registeredAgent.serviceEndsOn).toBe(addYears(TODAY, 1));
    const mail = await getMessage(`renewal-cancelled:${app.id}:${res.body.registeredAgent.cancelledAt}`);
    expect(mail).toMatchObject({
      kind: 'renewal_cancelled',
      to: 'ada.cancel@example.com',
      applicationId: app.id,
      payload: { businessName: 'Byte Works LLC', stateName: 'Wyoming', serviceEndsOn: addYears(TODAY, 1), priceUsd: 125 },
    });
  });

  it('is undone from the order page until the service ends: the agreed renewal stands again', async () => {
    const app = await paidOrder();
    await cancel(app.id);
    const res = await undo(app.id);
    expect(res.status).toBe(200);
    expect(res.body.registeredAgent).toMatchObject({ status: 'renews', nextChargeOn: addYears(TODAY, 1), priceUsd: 125 });
    expect((await readApplication(app.id))?.renewalCancelledAt).toBeUndefined();
    expect((await calendar(app.id)).body.registeredAgent.status).toBe('renews');
    // The renewal's notice and charge rows are planned again.
    expect((await remindersOf(app.id)).map((r) => r.series)).toEqual(expect.arrayContaining(['registered-agent-renewal', RENEWAL_CHARGE_SERIES]));
    // The customer is told by email, as for the cancellation: the date it renews and the agreed price.
    const cancelledAt = (await cancel(app.id)).body.registeredAgent.cancelledAt;
    await undo(app.id);
    expect(await getMessage(`renewal-resumed:${app.id}:${cancelledAt}`)).toMatchObject({
      kind: 'renewal_resumed',
      applicationId: app.id,
      payload: { stateName: 'Wyoming', renewsOn: addYears(TODAY, 1), priceUsd: 125 },
    });
    // Again: the same renewal. Nothing to undo on an order whose renewal was never cancelled, or for anyone but the holder.
    expect((await undo(app.id)).body.registeredAgent.status).toBe('renews');
    const declined = await paidOrder({ filingDetails: storedFilingDetails({ registeredAgent: { kind: 'ours', renewalConsent: false } }) });
    expect((await undo(declined.id)).body).toMatchObject({ code: 'not_cancelled' });
    expect((await undo(app.id, null)).status).toBe(404);
  });

  it('cannot be undone once the service year is over', async () => {
    // Paid (and so formed) two years ago, cancelled in the first year: the service ended a year ago.
    const twoYearsAgo = new Date(Date.now() - 2 * 366 * 86_400_000).toISOString();
    const app = await paidOrder({ paidAt: twoYearsAgo, renewalCancelledAt: twoYearsAgo });
    const view = (await calendar(app.id)).body.registeredAgent;
    expect(view.serviceEndsOn).toBe(addYears(dayOf(Date.parse(twoYearsAgo)), 1));
    expect((await undo(app.id)).body).toMatchObject({ code: 'service_ended' });
    expect((await readApplication(app.id))?.renewalCancelledAt).toBe(twoYearsAgo);
  });

  it('has nothing to cancel without consent or with the customer’s own agent, before payment, or for anyone but the holder', async () => {
    const declined = await paidOrder({ filingDetails: storedFilingDetails({ registeredAgent: { kind: 'ours', renewalConsent: false } }) });
    expect((await cancel(declined.id)).body.code).toBe('no_renewal');
    expect((await cancel(declined.id)).status).toBe(409);
    const own = await paidOrder({
      filingDetails: storedFilingDetails({
        registeredAgent: { kind: 'own', name: 'Agent Co', address: { line1: '1 Main St', city: 'Cheyenne', state: 'WY', zip: '82001' }, consent: true },
      }),
    });
    expect((await cancel(own.id)).body.code).toBe('no_renewal');
    const unpaid = await putApplication({ state: 'WY', paymentStatus: 'unpaid' });
    expect((await cancel(unpaid.id)).body.code).toBe('order_not_paid');
    const app = await paidOrder();
    expect((await cancel(app.id, null)).status).toBe(404);
    expect((await readApplication(app.id))?.renewalCancelledAt).toBeUndefined();
  });
});

describe('PUT /api/orders/{id}/reminders', () => {
  it('turns the reminders back on from the order page, and off again; for the holder only', async () => {
    const app = await paidOrder({ remindersUnsubscribedAt: PAID_AT });
    expect((await remindersOf(app.id)).filter((r) => r.series === 'annual-report')).toHaveLength(0);
    expect((await reminders(app.id, true)).body).toEqual({ remindersUnsubscribed: false });
    expect((await readApplication(app.id))?.remindersUnsubscribedAt).toBeUndefined();
    // The rows the sweep dropped when they were turned off are planned again.
    expect((await remindersOf(app.id)).map((r) => r.series)).toContain('annual-report');
    expect((await calendar(app.id)).body.remindersUnsubscribed).toBe(false);
    expect((await reminders(app.id, true)).status).toBe(200);
    expect((await reminders(app.id, false)).body).toEqual({ remindersUnsubscribed: true });
    expect((await readApplication(app.id))?.remindersUnsubscribedAt).toBeDefined();
    expect((await reminders(app.id, 'yes')).status).toBe(400);
    expect((await reminders(app.id, true, null)).status).toBe(404);
  });
});

describe('POST /api/reminders/unsubscribe', () => {
  const post = (opts: { body?: unknown; rawBody?: string; query?: Record<string, string>; headers?: Record<string, string> }) =>
    invoke(unsubscribe, apiEvent({ method: 'POST', route: '/api/reminders/unsubscribe', ...opts }));

  it("turns the order's reminders off from the site's page (token in the JSON body), repeatably", async () => {
    const app = await paidOrder();
    const token = await signUnsubscribeToken(app.id);
    const res = await post({ body: { token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unsubscribed: true });
    const first = (await readApplication(app.id))?.remindersUnsubscribedAt;
    expect(first).toBeDefined();
    expect((await post({ body: { token } })).status).toBe(200);
    expect((await readApplication(app.id))?.remindersUnsubscribedAt).toBe(first);
    expect((await calendar(app.id)).body.remindersUnsubscribed).toBe(true);
  });

  it("takes a mail client's one-click POST (RFC 8058): the token in the query, a form body", async () => {
    const app = await paidOrder();
    const res = await post({
      query: { token: await signUnsubscribeToken(app.id) },
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect((await readApplication(app.id))?.remindersUnsubscribedAt).toBeDefined();
  });

  it('refuses a token it did not sign, a malformed one, none, and a body that is not JSON', async () => {
    const app = await paidOrder();
    const token = await signUnsubscribeToken(app.id);
    const forged = `${app.id}.${'A'.repeat(43)}`;
    const other = await signUnsubscribeToken('00000000-0000-4000-8000-000000000000');
    expect((await post({ body: { token: forged } })).body.code).toBe('invalid_unsubscribe_link');
    expect((await post({ body: { token: `${app.id}.${other.split('.')[1]}` } })).body.code).toBe('invalid_unsubscribe_link');
    expect((await post({ body: { token: 'x' } })).status).toBe(400);
    expect((await post({ body: {} })).status).toBe(400);
    expect((await post({ rawBody: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
    expect((await readApplication(app.id))?.remindersUnsubscribedAt).toBeUndefined();
  });
});
