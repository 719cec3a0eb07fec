import { type APIRequestContext, expect } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';

/**
 * Staff uploads through the API, as the dashboard makes them (docs/product.md section 10,
 * "Documents"): a presigned PUT of a PDF, then recording it (or, for the EIN letter of an order
 * that bought the EIN, recording it with the EIN).
 */

/** A one-page PDF saying `text`, like a state's stamped document or the IRS letter. */
export async function onePagePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14 });
  return Buffer.from(await doc.save());
}

async function uploadPdf(request: APIRequestContext, token: string, id: string, pdf: Buffer): Promise<string> {
  const headers = { 'staff-token': token };
  const ticket = await request.post(`/api/staff/applications/${id}/uploads`, { data: { contentType: 'application/pdf', size: pdf.byteLength }, headers });
  expect(ticket.status(), await ticket.text()).toBe(200);
  const { uploadId, url, headers: putHeaders } = (await ticket.json()) as { uploadId: string; url: string; headers: Record<string, string> };
  const put = await request.put(url, { data: pdf, headers: putHeaders });
  expect(put.status()).toBe(200);
  return uploadId;
}

/** Uploads and records the state-stamped formation document with the state's file number. */
export async function recordStampedDocument(request: APIRequestContext, token: string, id: string, fileNumber: string): Promise<void> {
  const uploadId = await uploadPdf(request, token, id, await onePagePdf(`FILED ${fileNumber}`));
  const res = await request.post(`/api/staff/applications/${id}/uploads/${uploadId}/record`, {
    data: { kind: 'approved_articles', fileNumber },
    headers: { 'staff-token': token },
  });
  expect(res.status(), await res.text()).toBe(200);
}
