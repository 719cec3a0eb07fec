import { describe, expect, it } from 'vitest';
import { recordUploadSchema, uploadRequestSchema } from './documents.schema.ts';
import { documentsBlocker, looksLikePdf, MAX_UPLOAD_BYTES, uploadFileProblem } from './documents.ts';

describe('order documents rules', () => {
  it('are generated only for a paid order with complete details, once processing started', () => {
    const ready = { paymentStatus: 'paid', detailsCompletedAt: '2026-11-20T10:00:00Z' };
    for (const status of ['processing', 'filed', 'completed']) expect(documentsBlocker({ ...ready, status })).toBeUndefined();
    expect(documentsBlocker({ ...ready, status: 'submitted' })).toMatch(/start processing/);
    expect(documentsBlocker({ ...ready, status: undefined })).toMatch(/start processing/);
    for (const paymentStatus of ['unpaid', 'pending', 'failed', 'refunded', 'needs_review', undefined])
      expect(documentsBlocker({ ...ready, status: 'processing', paymentStatus })).toMatch(/Not paid yet/);
    expect(documentsBlocker({ paymentStatus: 'paid', status: 'processing' })).toMatch(/filing details/);
  });

  it('accept PDF uploads of at most 10 MB, in the browser and on the server', () => {
    expect(uploadFileProblem({ type: 'application/pdf', size: 1000, name: 'a.pdf' })).toBeUndefined();
    expect(uploadFileProblem({ type: '', size: 1000, name: 'Stamped.PDF' })).toBeUndefined();
    expect(uploadFileProblem({ type: 'text/html', size: 1000, name: 'a.pdf' })).toMatch(/Only PDF/);
    expect(uploadFileProblem({ type: 'application/pdf', size: 0, name: 'a.pdf' })).toMatch(/empty/);
    expect(uploadFileProblem({ type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1, name: 'a.pdf' })).toMatch(/at most 10 MB/);
    expect(uploadRequestSchema.safeParse({ contentType: 'application/pdf', size: MAX_UPLOAD_BYTES }).success).toBe(true);
    expect(uploadRequestSchema.safeParse({ contentType: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ contentType: 'text/html', size: 10 }).success).toBe(false);
    expect(uploadRequestSchema.safeParse({ contentType: 'application/pdf', size: 10, name: 'x' }).success).toBe(false);
  });

  it('record only the upload kinds, with a file number as the state writes it', () => {
    expect(recordUploadSchema.safeParse({ kind: 'approved_articles', fileNumber: ' L26000123456 ' }).data).toEqual({
      kind: 'approved_articles',
      fileNumber: 'L26000123456',
    });
    expect(recordUploadSchema.safeParse({ kind: 'formation' }).success).toBe(false);
    expect(recordUploadSchema.safeParse({ kind: 'other', fileNumber: '<script>' }).success).toBe(false);
  });

  it('know a PDF by its first bytes', () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect(looksLikePdf(bytes('%PDF-1.7\n'))).toBe(true);
    expect(looksLikePdf(bytes('<html>%PDF-'))).toBe(false);
    expect(looksLikePdf(bytes('%PDF'))).toBe(false);
  });
});
