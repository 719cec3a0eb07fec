import { afterEach, describe, expect, it, vi } from 'vitest';
import { detailsFor, EIN_DETAILS } from '../../../tests/documents/test-fixtures.ts';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { sweepReminders } from '../../compliance/reminder-sweep.ts';
import { listActivity } from '../../data/activity.ts';
import { listAudit } from '../../data/audit.ts';
import { remindersOf } from '../../data/reminders.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as letterHandler } from './election-letter.ts';
import { handler as sentHandler } from './election-sent.ts';
import { handler as addPayerHandler } from './payer-add.ts';

/**
 * The election the customer filed themselves (docs/decisions/0432): they record the Form 2553 as
 * sent from the order page, the daily sweep emails them once when no IRS answer came in time,
 * and recording the CP261 puts the election in effect and emails the payers to give the new W-9.
 * A YouTube payer's tax-form expiry is reminded 30 days before. Fixed clocks for the sweep.
 */
const ONE_OWNER = { ...detailsFor('FL'), members: [detailsFor('FL').members[0]], ein: EIN_DETAILS };
const paidOrder = (over: Record<string, unknown> = {}) =>
  putApplication({
    state: 'FL',
    status: 'filed',
    paymentStatus: 'paid',
    paidAt: '2026-09-01T15:00:00.000Z',
    filedOn: '2026-09-03',
    businessName: 'Bright Pixel Studios LLC',
    firstName: 'Jordan',
    lastName: 'Rivera',
    email: `jordan-${Math.random().toString(36).slice(2)}@example.com`,
    filingDetails: ONE_OWNER,
    ein: '12-3456789',
    ...over,
  });

const ev = (route: string, id: string, body: unknown) => apiEvent({ method: 'POST', route, path: route.replace('{id}', id), pathParameters: { id }, body });
const sent = (id: string, body: unknown) => invoke(sentHandler, ev('/api/orders/{id}/election', id, body));
const letter = (id: string, body: unknown) => invoke(letterHandler, ev('/api/orders/{id}/election/letter', id, body));
const addPayer = (id: string, body: unknown) => invoke(addPayerHandler, ev('/api/orders/{id}/payers', id, body));
const at = (iso: string) => Date.parse(iso);

describe('an election the customer filed themselves', () => {
  afterEach(() => vi.useRealTimers());

  it('records it as sent (audited, actor the order), emails once the day after the answer was due, then the CP261 puts it in effect', async () => {
    // The day the customer says it was sent: the reminder is planned from that day, not from the real one.
    vi.useFakeTimers({ now: new Date('2026-10-01T16:00:00Z'), toFake: ['Date'] });
    const app = await paidOrder();
    const res = await sent(app.id, { how: 'mail', sentOn: '2026-10-01', sentTo: 'Department of the Treasury, Internal Revenue Service, Kansas City, MO' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.election).toMatchObject({ selfFiled: true, sentOn: '2026-10-01', dueOn: '2026-12-01' });
    const trail = await listAudit({ applicationId: app.id });
    expect(trail.items.find((e) => e.action === 'election_sent')).toMatchObject({
      actorId: `order:${app.id}`,
      after: { sent: { how: 'mail', on: '2026-10-01' } },
    });
    expect((await remindersOf(app.id)).find((r) => r.series === 's-corp-election')).toMatchObject({
      dueOn: '2026-12-01',
      sendOn: '2026-12-02',
      daysBefore: -1,
    });

    // The due day itself: nothing yet. The day after: one email, with the IRS line; a second run sends nothing.
    await sweepReminders(at('2026-12-01T14:00:00Z'));
    const id = `reminder:${app.id}:s-corp-election:2026-12-01:-1`;
    expect(await getMessage(id)).toBeUndefined();
    await sweepReminders(at('2026-12-02T14:00:00Z'));
    const email = await getMessage(id);
    expect(email).toMatchObject({
      kind: 'election_overdue',
      to: app.email,
      payload: { dueOn: '2026-12-01', headline: 'No CP261 by December 1, 2026: call the IRS' },
    });
    expect((email?.payload as { detail?: string[] } | undefined)?.detail?.join(' ')).toContain('1-800-829-4933');
    expect((await remindersOf(app.id)).some((r) => r.series === 's-corp-election')).toBe(false);
    const again = await sweepReminders(at('2026-12-03T14:00:00Z'));
    expect(again.counts.queued).toBe(0);

    // The letter arrived: in effect, and the payers are emailed to give the new W-9.
    expect((await addPayer(app.id, { name: 'Glow Skincare', kind: 'brand', form: 'w9', how: 'email', givenOn: '2026-10-01' })).status).toBe(201);
    const noDate = await letter(app.id, {});
    expect(noDate.status).toBe(400);
    const done = await letter(app.id, { effectiveOn: '2026-09-03' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.election).toMatchObject({ state: 'in-effect', effectiveOn: '2026-09-03', selfFiled: true });
    expect(done.body.election.detail[0]).toContain('You told us the IRS accepted the election');
    expect((await readApplication(app.id))?.sCorpElection).toMatchObject({ effectiveOn: '2026-09-03', sent: { how: 'mail' } });
    expect(await getMessage(`w9-update:${app.id}:2026-09-03`)).toMatchObject({
      kind: 'w9_update',
      payload: { effectiveOn: '2026-09-03', payers: ['Glow Skincare'], businessName: 'Bright Pixel Studios LLC' },
    });
    expect((await listAudit({ applicationId: app.id })).items.some((e) => e.action === 'election_letter_recorded')).toBe(true);
    expect((await listActivity(['filing'], 50)).some((e) => e.applicationId === app.id && e.action === 'election_letter_recorded')).toBe(true);
  }, 60_000);

  it('an answer recorded before the due day sends no reminder', async () => {
    const app = await paidOrder();
    expect((await sent(app.id, { how: 'fax', sentOn: '2026-10-01', sentTo: '855-887-7734' })).status).toBe(200);
    expect((await letter(app.id, { effectiveOn: '2026-09-03' })).status).toBe(200);
    await sweepReminders(at('2026-12-02T14:00:00Z'));
    expect(await getMessage(`reminder:${app.id}:s-corp-election:2026-12-01:-1`)).toBeUndefined();
    expect((await remindersOf(app.id)).some((r) => r.series === 's-corp-election')).toBe(false);
  }, 60_000);

  it('is refused for an order with the Form 2553 add-on: staff track that one', async () => {
    const app = await paidOrder({ form2553: true });
    const res = await sent(app.id, { how: 'fax', sentOn: '2026-10-01', sentTo: '855-887-7734' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('election_tracked_by_staff');
    expect((await readApplication(app.id))?.sCorpElection).toBeUndefined();
  }, 60_000);
});

describe("a YouTube payer's tax-form expiry", () => {
  it('is reminded once, 30 days before the end of the third full year after signing', async () => {
    const app = await paidOrder();
    expect((await addPayer(app.id, { name: 'YouTube', kind: 'platform', form: 'platform_tax_page', how: 'tax_page', givenOn: '2024-01-15' })).status).toBe(201);
    expect((await remindersOf(app.id)).find((r) => r.series === 'payer-tax-form')).toMatchObject({ dueOn: '2027-12-31', sendOn: '2027-12-01', daysBefore: 30 });
    await sweepReminders(at('2027-12-01T14:00:00Z'));
    const email = await getMessage(`reminder:${app.id}:payer-tax-form:2027-12-31:30`);
    expect(email).toMatchObject({
      kind: 'deadline_reminder',
      payload: { stateName: 'YouTube', checkWith: 'the platform', dueOn: '2027-12-31', title: 'YouTube: your US tax info expires; submit it again' },
    });
  }, 60_000);
});
