import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { putPaidOrder } from '../../../tests/fakes/documents.ts';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { sweepAnnualReports } from '../../compliance/annual-report.ts';
import { orderCalendar } from '../../compliance/order-calendar.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { orderView } from '../../orders/view.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as viewRoute } from '../compliance/annual-reports.ts';
import { handler as agreeRoute } from '../compliance/annual-reports-agree.ts';
import { handler as cancelRoute } from '../compliance/annual-reports-cancel.ts';
import { handler as recordFiled } from './annual-report-filed.ts';
import { handler as listRoute } from './annual-reports.ts';
import { handler as recordUpload } from './upload-record.ts';
import { handler as startUpload } from './upload-start.ts';

/**
 * The annual reports filed for a Florida LLC through the routes (docs/decisions/0431): the customer
 * agrees on the order page, the sweep charges the agreed price before May 1 (a fixed clock), the
 * report is on the staff's list with Florida's annual-report page, staff upload the state's receipt
 * and record the confirmation number, and the customer has the receipt in the vault, an email and
 * the calendar's report marked done.
 */
let headers: Record<string, string>;
beforeAll(async () => {
  headers = (await signedInPerson({ role: 'processor' })).headers;
});

let ip = 0;
const call = (
  handler: typeof listRoute,
  method: 'GET' | 'POST',
  route: string,
  id?: string,
  extra: Record<string, string> = {},
  body?: unknown,
  staff = true,
) =>
  invoke(
    handler,
    apiEvent({
      method,
      route,
      path: Object.entries({ ...(id ? { id } : {}), ...extra }).reduce((p, [k, v]) => p.replace(`{${k}}`, v), route),
      ...(id ? { pathParameters: { id, ...extra } } : {}),
      ...(body === undefined ? {} : { body }),
      ...(staff ? { headers } : {}),
      sourceIp: `198.51.100.${++ip}`,
    }),
  );

async function uploadPdf(id: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const bytes = await doc.save();
  const ticket = await call(startUpload, 'POST', '/api/staff/applications/{id}/uploads', id, {}, { contentType: 'application/pdf', size: bytes.byteLength });
  expect(ticket.status).toBe(200);
  const put = await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
  return ticket.body.uploadId;
}

const CHARGE_DAY = Date.parse('2027-04-10T16:00:00Z');

describe('annual reports filed for a Florida order, through the routes', () => {
  it('agreed, charged once before May 1, listed for staff, recorded with the receipt in the vault, an email and the calendar done', async () => {
    const app = await putPaidOrder('FL', {
      status: 'filed',
      email: 'jordan@example.com',
      filedOn: '2026-11-23',
      renewalCard: { provider: 'test', paymentMethodId: 'pm_test_4242', last4: '4242', savedAt: '2026-11-20T15:00:00.000Z' },
    });
    const before = await call(viewRoute, 'GET', '/api/orders/{id}/annual-reports', app.id, {}, undefined, false);
    expect(before.body).toMatchObject({ available: true, status: 'not-agreed' });
    expect((await call(agreeRoute, 'POST', '/api/orders/{id}/annual-reports', app.id, {}, {}, false)).status).toBe(400);
    const agreed = await call(agreeRoute, 'POST', '/api/orders/{id}/annual-reports', app.id, {}, { consent: true }, false);
    expect(agreed.status).toBe(200);
    expect(agreed.body).toMatchObject({ status: 'active', priceCents: 23_775, nextDueOn: '2027-05-01', chargeOn: '2027-04-10' });

    await Promise.all([sweepAnnualReports(CHARGE_DAY), sweepAnnualReports(CHARGE_DAY), sweepAnnualReports(CHARGE_DAY)]);
    const charged = await getApplication(app.id);
    expect(charged.annualReportHistory).toEqual([expect.objectContaining({ kind: 'charged', amountCents: 23_775, period: '2027-05-01' })]);

    const list = await call(listRoute, 'GET', '/api/staff/annual-reports');
    expect(list.status).toBe(200);
    expect(list.body.reports.find((r: { applicationId: string }) => r.applicationId === app.id)).toMatchObject({
      dueOn: '2027-05-01',
      state: 'FL',
      annualReportUrl: expect.stringMatching(/^https:\/\//),
    });

    const uploadId = await uploadPdf(app.id);
    const uploaded = await call(
      recordUpload,
      'POST',
      '/api/staff/applications/{id}/uploads/{uploadId}/record',
      app.id,
      { uploadId },
      { kind: 'annual_report_receipt' },
    );
    expect(uploaded.status).toBe(200);
    const route = '/api/staff/applications/{id}/annual-report';
    const noReceipt = await call(recordFiled, 'POST', route, app.id, {}, { dueOn: '2027-05-01', confirmation: 'L26000123456', receiptDocumentId: 'nope' });
    expect(noReceipt.status).toBe(409);
    const filed = await call(recordFiled, 'POST', route, app.id, {}, { dueOn: '2027-05-01', confirmation: 'L26000123456', receiptDocumentId: uploadId });
    expect(filed.status).toBe(200);
    expect(filed.body).toMatchObject({ dueOn: '2027-05-01', confirmation: 'L26000123456', receiptDocumentId: uploadId });

    const done = await getApplication(app.id);
    expect(orderView(done).documents.map((d) => d.kind)).toContain('annual_report_receipt');
    expect((await getMessage(`annual-report:${app.id}:2027-05-01:filed`))?.payload).toMatchObject({ event: 'filed', confirmation: 'L26000123456' });
    expect(orderCalendar(done).events?.find((e) => e.kind === 'annual-report' && e.date === '2027-05-01')?.title).toMatch(/: done$/);
    const listed = await call(listRoute, 'GET', '/api/staff/annual-reports');
    expect(listed.body.reports.some((r: { applicationId: string }) => r.applicationId === app.id)).toBe(false);

    // Cancelling stops the next charge (May 1, 2028's, charged on April 10, 2028).
    const cancelled = await call(cancelRoute, 'POST', '/api/orders/{id}/annual-reports/cancel', app.id, {}, undefined, false);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    await sweepAnnualReports(Date.parse('2028-04-10T16:00:00Z'));
    expect((await getApplication(app.id)).annualReportHistory).toHaveLength(1);
  });

  it('a Texas order is told its report is free and cannot agree', async () => {
    const app = await putPaidOrder('TX', { email: 'sam@example.com' });
    const view = await call(viewRoute, 'GET', '/api/orders/{id}/annual-reports', app.id, {}, undefined, false);
    expect(view.body).toMatchObject({ available: false, reason: expect.stringContaining('free to file') });
    const agreed = await call(agreeRoute, 'POST', '/api/orders/{id}/annual-reports', app.id, {}, { consent: true }, false);
    expect(agreed.status).toBe(409);
    expect(agreed.body).toMatchObject({ code: 'not_sold' });
  });
});
