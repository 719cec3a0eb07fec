import { describe, expect, it } from 'vitest';
import { applicationItem } from '../../tests/fakes/staff.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { orderView } from './view.ts';

/**
 * The order page's sentences are the server's (next steps, deliverables, the renewal, the tax
 * plan's words): every date in them is written out (shared/written-date.ts), never an ISO date,
 * on an order that went all the way (filed, EIN recorded, documents delivered, DBA, Form 2553).
 * The ISO dates the view carries as data (`at`, `paidAt`) are formatted by the page.
 */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

/** Every string in the view that reads as words (has a space), with its path. */
function sentences(value: unknown, path = 'view'): [string, string][] {
  if (typeof value === 'string') return /\s/.test(value) ? [[path, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => sentences(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => sentences(v, `${path}.${k}`));
  return [];
}

const doc = (id: string, kind: string, title: string, at: string) => ({
  id,
  kind,
  title,
  key: `documents/orders/x/${id}.pdf`,
  fileName: `${id}.pdf`,
  version: 1,
  createdAt: at,
  origin: kind === 'approved_articles' || kind === 'ein_letter' || kind === 'dba_registration' ? 'uploaded' : 'generated',
  size: 1000,
});

describe('no ISO date in the order page’s sentences', () => {
  it.each(['submitted', 'processing', 'filed', 'completed'])('an order %s, with every add-on and its documents', (status) => {
    const item = applicationItem({
      status,
      state: 'TX',
      feinFiling: true,
      operatingAgreement: true,
      form2553: true,
      dbaRegistration: true,
      dbaName: 'Pixel Kitchen',
      paidAt: '2026-08-12T15:04:05.000Z',
      processingAt: '2026-08-14T10:00:00.000Z',
      ...(status === 'filed' || status === 'completed' ? { fileNumber: '0805123456', filedOn: '2026-08-20', filedAt: '2026-08-20T12:00:00.000Z' } : {}),
      ...(status === 'completed'
        ? {
            completedAt: '2026-09-02T12:00:00.000Z',
            ein: '88-1234567',
            einRecordedAt: '2026-08-25T12:00:00.000Z',
            documents: [
              doc('a1', 'approved_articles', 'Certificate of Formation (state-stamped)', '2026-08-21T12:00:00.000Z'),
              doc('e1', 'ein_letter', 'IRS EIN confirmation letter', '2026-08-25T12:00:00.000Z'),
              doc('d1', 'dba_registration', 'Assumed name certificate', '2026-08-28T12:00:00.000Z'),
              doc('o1', 'operating_agreement', 'Operating agreement', '2026-08-14T10:00:00.000Z'),
              doc('f1', 'form_2553_worksheet', 'Form 2553 worksheet', '2026-08-26T12:00:00.000Z'),
            ],
          }
        : {}),
    }) as unknown as ApplicationItem;
    const view = orderView(item, undefined, Date.parse('2026-09-10T12:00:00.000Z'));
    const withIso = sentences(view).filter(([, text]) => ISO_DATE.test(text));
    expect(withIso).toEqual([]);
    // It did say dated things, in words.
    if (status === 'completed') expect(sentences(view).some(([, t]) => /\b(?:August|September) \d{1,2}, 2026\b/.test(t))).toBe(true);
  });
});
