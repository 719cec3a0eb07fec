import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putPaidOrder } from '../../../tests/fakes/documents.ts';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler as recordSent } from '../staff/election-sent.ts';
import { handler as recordUpload } from '../staff/upload-record.ts';
import { handler as startUpload } from '../staff/upload-start.ts';
import { handler as addPayer } from './payer-add.ts';
import { handler as listPayers } from './payers.ts';
import { handler as w9Link } from './payers-w9.ts';

/**
 * Issue 46's W-9 switch from end to end: a Florida order with the Form 2553 add-on lists its
 * payers; staff record the fax, then upload the CP261; every payer is flagged for a W-9 update
 * and the W-9 values PDF carries the LLC's name and EIN where it carried the owner's name before.
 */
let headers: Record<string, string>;
beforeAll(async () => {
  headers = (await signedInPerson({ role: 'processor' })).headers;
});
const dir = mkdtempSync(join(tmpdir(), 'w9-switch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const call = (handler: Parameters<typeof invoke>[0], method: string, route: string, params: Record<string, string>, body?: unknown, staff = false) =>
  invoke(
    handler,
    apiEvent({
      method,
      route,
      path: Object.entries(params).reduce((p, [k, v]) => p.replace(`{${k}}`, v), route),
      pathParameters: params,
      ...(body === undefined ? {} : { body }),
      ...(staff ? { headers } : {}),
    }),
  );

async function pdfText(id: string, name: string): Promise<string> {
  const res = await call(w9Link, 'GET', '/api/orders/{id}/w9-values', { id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, new Uint8Array(await (await fetch(res.body.url)).arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

async function uploadPdf(id: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const bytes = await doc.save();
  const ticket = await call(
    startUpload,
    'POST',
    '/api/staff/applications/{id}/uploads',
    { id },
    { contentType: 'application/pdf', size: bytes.byteLength },
    true,
  );
  expect(ticket.status).toBe(200);
  expect((await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: Buffer.from(bytes) })).status).toBe(200);
  return ticket.body.uploadId;
}

describe('the W-9 switch, from the fax to the CP261', () => {
  it('flags every payer once the election is in effect, and the W-9 values change from the owner to the LLC and its EIN', async () => {
    const paidAt = '2026-11-20T15:00:00.000Z';
    const app = await putPaidOrder('FL', {
      status: 'filed',
      form2553: true,
      paidAt,
      filedOn: '2026-11-23',
      ein: '12-3456789',
      details: { members: [{ name: 'Jordan Rivera', address: { line1: '1 Main St', city: 'Miami', state: 'FL', zip: '33101' }, ownershipPercent: 100 }] },
      pricedOrder: { totalCents: 34900, state: 'FL', expeditedFiling: false, feinFiling: false, operatingAgreement: false, form2553: true, pricedAt: paidAt },
    });
    for (const payer of [
      { name: 'YouTube', kind: 'platform', form: 'platform_tax_page', how: 'tax_page', givenOn: '2024-01-15' },
      { name: 'Glow Skincare', kind: 'brand', form: 'w9', how: 'email', givenOn: '2026-10-01' },
    ])
      expect((await call(addPayer, 'POST', '/api/orders/{id}/payers', { id: app.id }, payer)).status).toBe(201);

    const before = await pdfText(app.id, 'before');
    expect(before).toMatch(/1 Name of entity\/individual Jordan Rivera/);
    expect(before).toMatch(/2 Business name\/disregarded entity (name )?Bright Pixel Studios FL LLC/);

    const sent = await call(
      recordSent,
      'POST',
      '/api/staff/applications/{id}/election',
      { id: app.id },
      { how: 'fax', sentOn: '2026-12-01', sentTo: '855-214-7520' },
      true,
    );
    expect(sent.status).toBe(200);
    // Sent is not in effect: nothing to update yet.
    expect((await call(listPayers, 'GET', '/api/orders/{id}/payers', { id: app.id })).body.w9UpdatesLeft).toBe(0);

    const letter = await uploadPdf(app.id);
    const recorded = await call(
      recordUpload,
      'POST',
      '/api/staff/applications/{id}/uploads/{uploadId}/record',
      { id: app.id, uploadId: letter },
      { kind: 'cp261_letter', effectiveOn: '2026-11-23' },
      true,
    );
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);

    const after = (await call(listPayers, 'GET', '/api/orders/{id}/payers', { id: app.id })).body;
    expect(after.electionEffectiveOn).toBe('2026-11-23');
    expect(after.payers.map((p: { name: string; w9Update: string }) => [p.name, p.w9Update])).toEqual([
      ['YouTube', 'needed'],
      ['Glow Skincare', 'needed'],
    ]);
    const text = await pdfText(app.id, 'after');
    expect(text).toMatch(/1 Name of entity\/individual Bright Pixel Studios FL LLC/);
    expect(text).toContain('Employer identification number 12-3456789');
    expect(text).toContain('enter "S"');
  }, 60_000);
});
