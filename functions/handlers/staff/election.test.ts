import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { putPaidOrder } from '../../../tests/fakes/documents.ts';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { orderCalendar } from '../../compliance/order-calendar.ts';
import { listActivity } from '../../data/activity.ts';
import { versionOf } from '../../data/applications/item.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { listAudit } from '../../data/audit.ts';
import { orderView } from '../../orders/view.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as recordSent } from './election-sent.ts';
import { handler as recordUpload } from './upload-record.ts';
import { handler as startUpload } from './upload-start.ts';

/**
 * The S-corporation election tracked to its end (docs/decisions/0422-election-tracked.md): a
 * Florida order with the Form 2553 add-on; staff record the fax, then upload the CP261 with its
 * effective date; the order shows the election waiting, then in effect, and the customer is emailed.
 */

let headers: Record<string, string>;
beforeAll(async () => {
  headers = (await signedInPerson({ role: 'processor' })).headers;
});

const post = (handler: typeof recordSent, route: string, id: string, extra: Record<string, string>, body?: unknown) =>
  invoke(
    handler,
    apiEvent({
      method: 'POST',
      route,
      path: Object.entries({ id, ...extra }).reduce((p, [k, v]) => p.replace(`{${k}}`, v), route),
      pathParameters: { id, ...extra },
      ...(body === undefined ? {} : { body }),
      headers,
    }),
  );

async function uploadPdf(id: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const bytes = await doc.save();
  const ticket = await post(startUpload, '/api/staff/applications/{id}/uploads', id, {}, { contentType: 'application/pdf', size: bytes.byteLength });
  expect(ticket.status).toBe(200);
  const put = await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
  return ticket.body.uploadId;
}

const floridaWith2553 = () => {
  const paidAt = '2026-11-20T15:00:00.000Z';
  return putPaidOrder('FL', {
    status: 'filed',
    email: 'jordan@example.com',
    form2553: true,
    paidAt,
    filedOn: '2026-11-23',
    pricedOrder: { totalCents: 34900, state: 'FL', expeditedFiling: false, feinFiling: false, operatingAgreement: false, form2553: true, pricedAt: paidAt },
  });
};

describe('the S-corporation election, tracked', () => {
  it('records the fax (audited), shows it waiting with its due date, then a CP261 upload puts it in effect and emails the customer', async () => {
    const app = await floridaWith2553();
    const before = await getApplication(app.id);
    expect(orderView(before, undefined, Date.parse('2026-12-01T12:00:00Z')).election).toMatchObject({ state: 'not-started', deadline: '2027-02-08' });

    const sent = await post(recordSent, '/api/staff/applications/{id}/election', app.id, {}, { how: 'fax', sentOn: '2026-12-01', sentTo: '855-214-7520' });
    expect(sent.status).toBe(200);
    expect(sent.body.election).toMatchObject({ how: 'fax', sentTo: '855-214-7520', sendTo: expect.stringContaining('Form 2553 instructions give for') });

    const stored = await getApplication(app.id);
    expect(stored.sCorpElection?.sent).toEqual({ how: 'fax', on: '2026-12-01', to: '855-214-7520' });
    expect(versionOf(stored)).toBe(versionOf(before) + 1);
    expect(orderView(stored, undefined, Date.parse('2026-12-02T12:00:00Z')).election).toMatchObject({
      state: 'waiting',
      sentOn: '2026-12-01',
      dueOn: '2027-02-01',
      headline: 'Sent: waiting for the IRS, its answer due by February 1, 2027',
    });
    const trail = await listAudit({ applicationId: app.id });
    expect(trail.items.find((e) => e.action === 'election_sent')).toMatchObject({ after: { sent: { how: 'fax', on: '2026-12-01' } } });
    expect((await listActivity(['filing'], 50)).some((e) => e.applicationId === app.id && e.action === 'election_sent')).toBe(true);
    // The calendar holds the day to call the IRS.
    const calendar = orderCalendar(stored, Date.parse('2026-12-02T12:00:00Z'));
    expect(calendar.events?.find((e) => e.id === 's-corp-election:answer')).toMatchObject({
      date: '2027-02-01',
      title: 'Call the IRS if no CP261 by February 1, 2027',
    });

    // The CP261 needs its effective date.
    const letter = await uploadPdf(app.id);
    const noDate = await post(recordUpload, '/api/staff/applications/{id}/uploads/{uploadId}/record', app.id, { uploadId: letter }, { kind: 'cp261_letter' });
    expect(noDate.status).toBe(400);
    const recorded = await post(
      recordUpload,
      '/api/staff/applications/{id}/uploads/{uploadId}/record',
      app.id,
      { uploadId: letter },
      {
        kind: 'cp261_letter',
        effectiveOn: '2026-11-23',
      },
    );
    expect(recorded.status).toBe(200);
    expect(recorded.body.election).toMatchObject({ state: 'in-effect', effectiveOn: '2026-11-23' });
    const done = await getApplication(app.id);
    expect(done.documents?.find((d) => d.id === letter)).toMatchObject({ kind: 'cp261_letter', title: 'IRS acceptance letter (CP261)' });
    const view = orderView(done);
    expect(view.election).toMatchObject({ state: 'in-effect', headline: 'S-corporation election in effect from November 23, 2026' });
    expect(view.documents.map((d) => d.kind)).toContain('cp261_letter');
    expect(orderCalendar(done).events?.some((e) => e.id === 's-corp-election:answer')).toBe(false);
    const email = await getMessage(`deliverable:${app.id}:${letter}`);
    expect(email).toMatchObject({ kind: 'deliverable_ready', to: 'jordan@example.com', payload: { title: 'Your S-corporation election is in effect' } });
    expect((email?.payload as { detail?: string } | undefined)?.detail).toContain('November 23, 2026');
  }, 60_000);

  it('refuses an order without the Form 2553 add-on, and a date not on the calendar', async () => {
    const app = await putPaidOrder('FL', { status: 'filed' });
    const res = await post(recordSent, '/api/staff/applications/{id}/election', app.id, {}, { how: 'mail', sentOn: '2026-12-01', sentTo: 'Ogden' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('election_not_bought');
    const fl = await floridaWith2553();
    const bad = await post(recordSent, '/api/staff/applications/{id}/election', fl.id, {}, { how: 'fax', sentOn: '2026-02-30', sentTo: '855' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.sentOn[0]).toBe('Enter a real date: month, day and year');
    expect((await getApplication(fl.id)).sCorpElection).toBeUndefined();
  }, 60_000);
});
