import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { putPaidOrder } from '../../../tests/fakes/documents.ts';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { sweepAnnualReports } from '../../compliance/annual-report.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { listAudit } from '../../data/audit.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as viewRoute } from '../compliance/annual-reports.ts';
import { handler as agreeRoute } from '../compliance/annual-reports-agree.ts';
import { handler as recordFiled } from './annual-report-filed.ts';
import { handler as refundRoute } from './annual-report-refund.ts';
import { handler as listRoute } from './annual-reports.ts';
import { handler as recordUpload } from './upload-record.ts';
import { handler as startUpload } from './upload-start.ts';

/**
 * An owner refunds one annual report's charge (docs/decisions/0435), through the route, with the
 * offline test provider and a fixed clock: a Florida report charged on April 10, 2027, not filed
 * by May 1, is refunded once however many owners press at once; the history, the staff's list,
 * the audit trail and the customer's email say so. A report filed before its due date, one never
 * charged and one already refunded answer 409; a processor or support gets 403.
 */
const ROUTE = '/api/staff/applications/{id}/annual-report/refund';
const CHARGE_DAY = Date.parse('2027-04-10T16:00:00Z');
const AFTER_DUE = Date.parse('2027-05-02T15:00:00Z');

let ip = 0;
const call = (
  handler: typeof refundRoute,
  route: string,
  id: string | undefined,
  headers: Record<string, string>,
  body?: unknown,
  extra: Record<string, string> = {},
) =>
  invoke(
    handler,
    apiEvent({
      method: body === undefined ? 'GET' : 'POST',
      route,
      path: Object.entries({ ...(id ? { id } : {}), ...extra }).reduce((p, [k, v]) => p.replace(`{${k}}`, v), route),
      ...(id ? { pathParameters: { id, ...extra } } : {}),
      ...(body === undefined ? {} : { body }),
      headers,
      sourceIp: `198.51.100.${++ip % 250}`,
    }),
  );

/** A filed Florida order whose customer agreed to the service, charged by the sweep on April 10, 2027. */
async function chargedOrder(email: string) {
  const app = await putPaidOrder('FL', {
    status: 'filed',
    email,
    filedOn: '2026-11-23',
    renewalCard: { provider: 'test', paymentMethodId: 'pm_test_4242', last4: '4242', savedAt: '2026-11-20T15:00:00.000Z' },
  });
  const agreed = await call(agreeRoute, '/api/orders/{id}/annual-reports', app.id, {}, { consent: true });
  expect(agreed.status).toBe(200);
  await sweepAnnualReports(CHARGE_DAY);
  expect((await getApplication(app.id)).annualReportHistory).toEqual([expect.objectContaining({ kind: 'charged', period: '2027-05-01' })]);
  return app;
}

afterEach(() => vi.useRealTimers());

describe('POST /api/staff/applications/{id}/annual-report/refund', () => {
  it('refunds a report not filed by its due date once, under two owners at once; the history, list, audit and email say so', async () => {
    const app = await chargedOrder('casey@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(AFTER_DUE);
    const owner = await signedInPerson({ role: 'owner' });
    const other = await signedInPerson({ role: 'owner' });
    const body = { dueOn: '2027-05-01', reason: 'We did not file it before its due date' };

    for (const role of ['processor', 'support'] as const) {
      const refused = await call(refundRoute, ROUTE, app.id, (await signedInPerson({ role })).headers, body);
      expect(refused.status, role).toBe(403);
      expect(refused.body).toEqual({ error: 'Only an owner may do this', code: 'owner_only' });
    }
    expect((await call(refundRoute, ROUTE, app.id, owner.headers, { dueOn: '2027-05-01' })).status).toBe(400);
    const never = await call(refundRoute, ROUTE, app.id, owner.headers, { ...body, dueOn: '2028-05-01' });
    expect(never.status).toBe(409);
    expect(never.body).toMatchObject({ code: 'not_charged', error: expect.stringContaining('never charged') });

    const answers = await Promise.all([call(refundRoute, ROUTE, app.id, owner.headers, body), call(refundRoute, ROUTE, app.id, other.headers, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409);
    expect(lost?.body).toMatchObject({ code: 'already_refunded', error: expect.stringContaining('already refunded') });
    const won = answers.find((a) => a.status === 200);
    expect(won?.body.annualReportCharges).toEqual([
      expect.objectContaining({ dueOn: '2027-05-01', amountCents: 23_775, refund: expect.objectContaining({ amountCents: 23_775 }) }),
    ]);

    const refunded = await getApplication(app.id);
    expect(refunded.annualReportHistory?.filter((e) => e.kind === 'refunded')).toEqual([
      expect.objectContaining({ period: '2027-05-01', amountCents: 23_775, detail: body.reason, reference: expect.stringMatching(/^test_refund_/) }),
    ]);
    expect(refunded.annualReportCharge?.refund).toMatchObject({ amountCents: 23_775 });

    // The order page's history, the customer's email, the audit trail and the staff's list.
    const view = await call(viewRoute, '/api/orders/{id}/annual-reports', app.id, {});
    expect(view.body.history).toContainEqual(expect.objectContaining({ kind: 'refunded', amountCents: 23_775, period: '2027-05-01' }));
    expect((await getMessage(`annual-report:${app.id}:2027-05-01:refunded`))?.payload).toMatchObject({
      event: 'refunded',
      amountCents: 23_775,
      reason: body.reason,
    });
    const audit = await listAudit({ applicationId: app.id });
    expect(audit.items.filter((e) => e.action === 'annual_report_refunded')).toHaveLength(1);
    const list = await call(listRoute, '/api/staff/annual-reports', undefined, owner.headers);
    expect(list.body.reports.some((r: { applicationId: string }) => r.applicationId === app.id)).toBe(false);

    // Again: already refunded. Recording it filed now: refused, we no longer file it.
    const again = await call(refundRoute, ROUTE, app.id, owner.headers, body);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_refunded');
    const filed = await call(recordFiled, '/api/staff/applications/{id}/annual-report', app.id, owner.headers, {
      dueOn: '2027-05-01',
      confirmation: 'L26000999999',
      receiptDocumentId: 'any',
    });
    expect(filed.status).toBe(409);
    expect(filed.body.code).toBe('report_refunded');
  });

  it('refuses a report filed before its due date, as the Refund Policy says', async () => {
    const app = await chargedOrder('robin@example.com');
    const owner = await signedInPerson({ role: 'owner' });
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const bytes = await doc.save();
    const ticket = await call(startUpload, '/api/staff/applications/{id}/uploads', app.id, owner.headers, {
      contentType: 'application/pdf',
      size: bytes.byteLength,
    });
    expect(ticket.status).toBe(200);
    expect((await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: Buffer.from(bytes) })).status).toBe(200);
    const uploadId = ticket.body.uploadId;
    expect(
      (
        await call(
          recordUpload,
          '/api/staff/applications/{id}/uploads/{uploadId}/record',
          app.id,
          owner.headers,
          { kind: 'annual_report_receipt' },
          { uploadId },
        )
      ).status,
    ).toBe(200);
    const filed = await call(recordFiled, '/api/staff/applications/{id}/annual-report', app.id, owner.headers, {
      dueOn: '2027-05-01',
      confirmation: 'L26000123456',
      receiptDocumentId: uploadId,
    });
    expect(filed.status).toBe(200);

    const refused = await call(refundRoute, ROUTE, app.id, owner.headers, { dueOn: '2027-05-01', reason: 'The customer asked' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'report_filed', error: expect.stringContaining('before its due date') });
    expect((await getApplication(app.id)).annualReportHistory?.some((e) => e.kind === 'refunded')).toBe(false);
  });
});
