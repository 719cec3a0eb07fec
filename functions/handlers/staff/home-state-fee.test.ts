import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffMoveBlocker } from '#shared/application-status.ts';
import { deliverablesFor } from '#shared/orders/deliverables.ts';
import { putPaidOrder } from '../../../tests/fakes/documents.ts';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { orderCalendar } from '../../compliance/order-calendar.ts';
import { listActivity } from '../../data/activity.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { listAudit } from '../../data/audit.ts';
import { orderView } from '../../orders/view.ts';
import { handler as buy } from '../orders/purchase.ts';
import { handler as list } from '../orders/purchases.ts';
import { handler as confirm } from './home-state-fee.ts';
import { handler as recordUpload } from './upload-record.ts';
import { handler as startUpload } from './upload-start.ts';

/**
 * The home-state registration (docs/decisions/0429) for a California resident's Wyoming LLC:
 * the data's fee is a draft, so the customer pays only once staff have confirmed it; bought, the
 * certificate of authority is owed until staff upload it, then it is in the vault.
 */

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', zip: '10001' };
const ROUTE = '/api/staff/applications/{id}/home-state-fee';

let processor: Record<string, string>;
let support: Record<string, string>;
beforeAll(async () => {
  processor = (await signedInPerson({ role: 'processor' })).headers;
  support = (await signedInPerson({ role: 'support' })).headers;
});

const staffPost = (handler: typeof confirm, route: string, id: string, extra: Record<string, string>, body: unknown, headers = processor) =>
  invoke(
    handler,
    apiEvent({
      method: 'POST',
      route,
      path: Object.entries({ id, ...extra }).reduce((p, [k, v]) => p.replace(`{${k}}`, v), route),
      pathParameters: { id, ...extra },
      body,
      headers,
    }),
  );
const confirmFee = (id: string, body: unknown, headers = processor) => staffPost(confirm, ROUTE, id, {}, body, headers);

let ip = 0;
const purchase = (id: string, body: Record<string, unknown>) =>
  invoke(
    buy,
    apiEvent({
      method: 'POST',
      route: '/api/orders/{id}/purchases',
      path: `/api/orders/${id}/purchases`,
      pathParameters: { id },
      body,
      sourceIp: `198.51.100.${(ip++ % 250) + 1}`,
    }),
  );
const offerOf = async (id: string) => {
  const res = await invoke(list, apiEvent({ method: 'GET', route: '/api/orders/{id}/purchases', path: `/api/orders/${id}/purchases`, pathParameters: { id } }));
  return res.body.offers.find((o: { key: string }) => o.key === 'homeStateRegistration');
};

const caResidentWyoming = (over: Record<string, unknown> = {}) =>
  putPaidOrder('WY', { residenceState: 'CA', status: 'filed', email: `owner-${Math.random().toString(36).slice(2)}@example.com`, ...over });

async function uploadPdf(id: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const bytes = await doc.save();
  const ticket = await staffPost(startUpload, '/api/staff/applications/{id}/uploads', id, {}, { contentType: 'application/pdf', size: bytes.byteLength });
  expect(ticket.status).toBe(200);
  const put = await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
  return ticket.body.uploadId;
}

describe('the home-state registration of a California resident’s Wyoming LLC', () => {
  it('is paid only at the fee staff confirmed, then owes the certificate of authority until it is uploaded', async () => {
    const app = await caResidentWyoming();

    // Before staff confirm: the draft figure is shown, and the purchase is refused.
    const draft = await offerOf(app.id);
    expect(draft).toMatchObject({ status: 'unavailable', totalCents: 16900 });
    expect(draft.reason).toMatch(/\$70 in our data, a draft figure/);
    expect(await purchase(app.id, { addOn: 'homeStateRegistration', amount: 16900, payWith: 'new-card', card: CARD })).toMatchObject({
      status: 409,
      body: { code: 'not_sold_here' },
    });

    // Support may not confirm it; a processor does (corrected to $75), audited.
    expect((await confirmFee(app.id, { usd: 75 }, support)).status).toBe(403);
    const confirmed = await confirmFee(app.id, { usd: 75, note: 'Checked on the Secretary of State fee page' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.homeRegistration).toMatchObject({
      home: 'CA',
      dataFeeUsd: 70,
      confirmed: { usd: 75, note: 'Checked on the Secretary of State fee page' },
      bought: 'no',
      goodStanding: expect.stringMatching(/^Our data does not say whether California asks for a certificate of good standing/),
    });
    expect((await getApplication(app.id)).homeStateFee).toMatchObject({ state: 'CA', usd: 75, dataUsd: 70 });
    const trail = await listAudit({ applicationId: app.id });
    expect(trail.items.find((e) => e.action === 'home_state_fee_confirmed')).toMatchObject({
      after: { homeStateFee: { state: 'CA', usd: 75, dataUsd: 70 } },
    });
    expect((await listActivity(['money'], 50)).some((e) => e.applicationId === app.id && e.action === 'home_state_fee_confirmed')).toBe(true);

    // The customer pays the confirmed fee plus ours.
    const offer = await offerOf(app.id);
    expect(offer).toMatchObject({ status: 'available', totalCents: 17400 });
    expect(offer.lines.at(-1)).toEqual({ key: 'homeStateFee', label: 'California registration fee (confirmed)', amount: 75 });
    const bought = await purchase(app.id, { addOn: 'homeStateRegistration', amount: 17400, payWith: 'new-card', card: CARD });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.status).toBe('paid');

    // Its price is frozen now.
    expect(await confirmFee(app.id, { usd: 80 })).toMatchObject({ status: 409, body: { code: 'fee_already_charged' } });

    // Owed: Mark Complete waits for the certificate of authority.
    const owing = await getApplication(app.id);
    expect(deliverablesFor(owing).find((d) => d.key === 'home_registration')).toMatchObject({ by: 'us', delivered: false });
    expect(staffMoveBlocker({ ...owing, documents: owing.documents ?? [] } as never, 'completed')).toMatch(/certificate of authority is not uploaded/);

    // Staff upload it: delivered, and in the customer's vault.
    const upload = await uploadPdf(app.id);
    const recorded = await staffPost(
      recordUpload,
      '/api/staff/applications/{id}/uploads/{uploadId}/record',
      app.id,
      { uploadId: upload },
      { kind: 'certificate_of_authority' },
    );
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const done = await getApplication(app.id);
    expect(deliverablesFor(done).find((d) => d.key === 'home_registration')).toMatchObject({ by: 'us', delivered: true });
    expect(orderView(done).documents.find((d) => d.kind === 'certificate_of_authority')).toMatchObject({ title: 'Certificate of authority (home state)' });
    // The calendar marks the registration done and keeps California's own duties.
    const events = orderCalendar(done).events ?? [];
    expect(events.find((e) => e.kind === 'home-registration')).toMatchObject({ title: 'Registered in California, your home state: done' });
    expect(events.some((e) => e.kind === 'home-state-tax' && /California Annual Tax/.test(e.title))).toBe(true);
    expect(events.some((e) => e.kind === 'home-annual-report')).toBe(true);
  }, 60_000);

  it('refuses a negative fee, an order formed at home and an unpaid order', async () => {
    const app = await caResidentWyoming();
    const negative = await confirmFee(app.id, { usd: -1 });
    expect(negative.status).toBe(400);
    expect((await confirmFee(app.id, { usd: 70.001 })).status).toBe(400);
    const home = await putPaidOrder('WY', { residenceState: 'WY' });
    expect(await confirmFee(home.id, { usd: 70 })).toMatchObject({ status: 409, body: { code: 'not_away_from_home' } });
    const unpaid = await caResidentWyoming({ paymentStatus: 'pending' });
    expect(await confirmFee(unpaid.id, { usd: 70 })).toMatchObject({ status: 409, body: { code: 'order_not_paid' } });
    expect((await getApplication(app.id)).homeStateFee).toBeUndefined();
  }, 60_000);
});
