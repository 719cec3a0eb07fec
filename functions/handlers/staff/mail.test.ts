import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { putPaidOrder } from '../../../tests/fakes/documents.ts';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listActivity } from '../../data/activity.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { listAudit } from '../../data/audit.ts';
import { renderEmail } from '../../email/render.ts';
import { orderView } from '../../orders/view.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as markHandled } from './mail-handled.ts';
import { handler as logMail } from './mail-log.ts';
import { handler as listOpenMail } from './mail-open.ts';
import { handler as startUpload } from './upload-start.ts';

/**
 * The mail room (docs/decisions/0421-mail-room.md): staff log a piece of mail with its scan; one
 * write keeps it on the order, its scan in the vault, the audit and activity entries and the
 * customer's email; the back office's clock runs until it is marked handled.
 */

let headers: Record<string, string>;
beforeAll(async () => {
  headers = (await signedInPerson({ role: 'processor' })).headers;
});

const post = (handler: typeof logMail, route: string, id: string, extra: Record<string, string>, body?: unknown) =>
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

async function uploadScan(id: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const bytes = await doc.save();
  const ticket = await post(startUpload, '/api/staff/applications/{id}/uploads', id, {}, { contentType: 'application/pdf', size: bytes.byteLength });
  expect(ticket.status).toBe(200);
  const put = await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
  return ticket.body.uploadId;
}

const log = (id: string, body: unknown) => post(logMail, '/api/staff/applications/{id}/mail', id, {}, body);

describe('the mail room', () => {
  it('logs a service of process: the order holds it, the scan is in the vault, the urgent email is queued, audited', async () => {
    const app = await putPaidOrder('WY', { status: 'completed', email: 'jordan@example.com' });
    const uploadId = await uploadScan(app.id);
    const res = await log(app.id, {
      sender: 'Superior Court of Wyoming, Laramie County',
      receivedOn: '2026-12-01',
      kind: 'service_of_process',
      answerDeadline: '2026-12-22',
      uploadId,
    });
    expect(res.status).toBe(200);
    expect(res.body.mail).toEqual([
      expect.objectContaining({ id: uploadId, kind: 'service_of_process', documentId: uploadId, clock: expect.objectContaining({ hours: 4, overdue: false }) }),
    ]);

    const stored = await getApplication(app.id);
    expect(stored.mail).toEqual([
      expect.objectContaining({ sender: 'Superior Court of Wyoming, Laramie County', receivedOn: '2026-12-01', answerDeadline: '2026-12-22' }),
    ]);
    expect(stored.documents?.map((d) => [d.kind, d.id])).toEqual([['mail_scan', uploadId]]);
    const view = orderView(stored);
    expect(view.mail?.[0]).toMatchObject({ label: 'Service of process', documentId: uploadId });
    expect(view.documents.map((d) => d.kind)).toContain('mail_scan');

    const email = await getMessage(`mail:${app.id}:${uploadId}`);
    expect(email).toMatchObject({ kind: 'mail_received', to: 'jordan@example.com', payload: { kind: 'service_of_process', answerDeadline: '2026-12-22' } });
    const rendered = await renderEmail({ kind: 'mail_received', payload: email!.payload } as never);
    expect(rendered.subject).toMatch(/^URGENT: /);
    expect(rendered.text).toContain('December 22, 2026');

    const trail = await listAudit({ applicationId: app.id });
    expect(trail.items.find((e) => e.action === 'mail_logged')).toMatchObject({ subject: 'Service of process from Superior Court of Wyoming, Laramie County' });
    const feed = await listActivity(['filing'], 50);
    expect(feed.some((e) => e.applicationId === app.id && e.action === 'mail_logged')).toBe(true);

    // Logging the same upload again changes nothing; marking it handled stops the clock, audited.
    expect((await log(app.id, { sender: 'Court', receivedOn: '2026-12-01', kind: 'service_of_process', uploadId })).status).toBe(200);
    expect((await getApplication(app.id)).version).toBe(stored.version);
    const handled = await post(markHandled, '/api/staff/applications/{id}/mail/{mailId}/handled', app.id, { mailId: uploadId });
    expect(handled.status).toBe(200);
    expect(handled.body.mail[0]).toMatchObject({ handledAt: expect.any(String), handledBy: expect.any(String) });
    expect(handled.body.mail[0].clock).toBeUndefined();
    expect((await listAudit({ applicationId: app.id })).items.some((e) => e.action === 'mail_handled')).toBe(true);
  }, 60_000);

  it("labels a likely solicitation in the customer's email, with why", async () => {
    const app = await putPaidOrder('WY', { status: 'completed', email: 'jordan@example.com' });
    const uploadId = await uploadScan(app.id);
    expect((await log(app.id, { sender: 'Business Compliance Records Office', receivedOn: '2026-11-30', kind: 'solicitation', uploadId })).status).toBe(200);
    const email = await getMessage(`mail:${app.id}:${uploadId}`);
    const rendered = await renderEmail({ kind: 'mail_received', payload: email!.payload } as never);
    expect(rendered.subject).toContain('Likely solicitation');
    expect(rendered.text).toContain('looks like an official notice but is an offer to sell a service; no government sends this');
  }, 60_000);

  it('refuses a date that is not on the calendar with the field named, and records nothing', async () => {
    const app = await putPaidOrder('WY', { status: 'completed' });
    const uploadId = await uploadScan(app.id);
    const res = await log(app.id, { sender: 'IRS', receivedOn: '2026-02-30', kind: 'irs_notice', uploadId });
    expect(res.status).toBe(400);
    expect(res.body.details.receivedOn[0]).toBe('Enter a real date: month, day and year');
    expect((await getApplication(app.id)).mail).toBeUndefined();
    expect(await getMessage(`mail:${app.id}:${uploadId}`)).toBeUndefined();
  }, 60_000);
});

describe('GET /api/staff/mail: the mail not handled across every order', () => {
  const list = async (cursor?: string) =>
    invoke(listOpenMail, apiEvent({ method: 'GET', route: '/api/staff/mail', path: '/api/staff/mail', ...(cursor ? { query: { cursor } } : {}), headers }));
  /** Every page, as staff would read them with "Show more". */
  async function allOpen(): Promise<{ applicationId: string; mail: { id: string; kind: string; clock?: { hours: number; dueAt: string } }[] }[]> {
    const out = [];
    let cursor: string | undefined;
    do {
      const res = await list(cursor);
      expect(res.status).toBe(200);
      out.push(...res.body.items);
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);
    return out;
  }

  it('lists each order with its pieces not handled, soonest clock first; handled mail leaves the list', async () => {
    const later = await putPaidOrder('FL', { status: 'completed', email: 'a@example.com' });
    const sooner = await putPaidOrder('WY', { status: 'completed', email: 'b@example.com' });
    const notice = await uploadScan(later.id);
    expect((await log(later.id, { sender: 'Florida Department of State', receivedOn: '2026-12-01', kind: 'state_notice', uploadId: notice })).status).toBe(200);
    const summons = await uploadScan(sooner.id);
    expect((await log(sooner.id, { sender: 'County Court', receivedOn: '2026-12-01', kind: 'service_of_process', uploadId: summons })).status).toBe(200);
    const other = await uploadScan(sooner.id);
    expect((await log(sooner.id, { sender: 'A bank', receivedOn: '2026-12-01', kind: 'other', uploadId: other })).status).toBe(200);

    const mine = (await allOpen()).filter((o) => o.applicationId === later.id || o.applicationId === sooner.id);
    // The service of process (4 business hours) comes before the state notice logged before it (8).
    expect(mine.map((o) => o.applicationId)).toEqual([sooner.id, later.id]);
    expect(mine[0].mail.map((m) => [m.kind, m.clock?.hours])).toEqual([
      ['service_of_process', 4],
      ['other', 8],
    ]);
    expect(mine[1].mail.map((m) => m.kind)).toEqual(['state_notice']);

    // Handling the summons leaves the other piece; handling that too takes the order off the list.
    expect((await post(markHandled, '/api/staff/applications/{id}/mail/{mailId}/handled', sooner.id, { mailId: summons })).status).toBe(200);
    expect((await allOpen()).find((o) => o.applicationId === sooner.id)?.mail.map((m) => m.id)).toEqual([other]);
    expect((await post(markHandled, '/api/staff/applications/{id}/mail/{mailId}/handled', sooner.id, { mailId: other })).status).toBe(200);
    expect((await allOpen()).some((o) => o.applicationId === sooner.id)).toBe(false);
    const stored = await getApplication(sooner.id);
    expect(stored.mailOpen).toBeUndefined();
    expect(stored.mailDueAt).toBeUndefined();
  });

  it('refuses support (the mail room is the processors’) and a tampered cursor', async () => {
    const support = (await signedInPerson({ role: 'support' })).headers;
    const res = await invoke(listOpenMail, apiEvent({ method: 'GET', route: '/api/staff/mail', path: '/api/staff/mail', headers: support }));
    expect(res.status).toBe(403);
    expect((await list('not-a-cursor')).status).toBe(400);
  });
});
