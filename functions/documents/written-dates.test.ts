import { describe, expect, it } from 'vitest';
import { pdftotext } from '../../tests/documents/poppler.ts';
import { detailsFor, EIN_DETAILS, orderFor, ourAgentIn } from '../../tests/documents/test-fixtures.ts';
import { orderDocuments } from './index.ts';
import { receiptPdf } from './receipt.ts';

/**
 * Every date a customer reads in a PDF is written out ("August 12, 2026", shared/written-date.ts),
 * never an ISO date, and money is in dollars (docs/product.md section 9): over the documents of a
 * full order (every add-on, the Form 2553 worksheet, a DBA) in a state with an official form and
 * in one with a worksheet, and over the payment and refund receipts. Read with pdftotext.
 */

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const FULL_ADD_ONS = { expeditedFiling: false, feinFiling: true, operatingAgreement: true, form2553: true };

describe('no ISO date in any document of a full order', () => {
  it.each(['FL', 'WY'])('%s: every generated document', async (code) => {
    const made = await orderDocuments(
      orderFor(code, {
        addOns: FULL_ADD_ONS,
        dbaName: 'Bright Pixel',
        form2553: { formation: { date: '2026-09-01', from: 'filing' }, ein: '88-1234567', today: '2026-09-20' },
      }),
      detailsFor(code, { ein: EIN_DETAILS }),
      ourAgentIn(code),
    );
    expect(made.blockers).toEqual([]);
    expect(made.documents.map((d) => d.kind)).toEqual(expect.arrayContaining(['operating_agreement', 'ein_worksheet', 'form_2553_worksheet']));
    for (const doc of made.documents) {
      const text = pdftotext(doc.bytes);
      expect(text, `${code} ${doc.kind}`).not.toMatch(ISO_DATE);
      // The staff cover sheet quotes a state's own fee sentence ("$100.00 for the filing") word for word.
      if (doc.kind !== 'cover_sheet') expect(text, `${code} ${doc.kind}`).not.toMatch(/\$\d[\d,]*\.00\b/);
    }
  });

  it('the payment and refund receipts', async () => {
    const base = {
      orderNumber: 'CL-7CA8E82E',
      businessName: 'Bright Pixel Studios FL LLC',
      customer: { name: 'Jordan Rivera', email: 'jordan@example.com' },
      seller: { legalName: 'Creator Filings LLC', address: { line1: '1 Harbor Way', city: 'Miami', state: 'FL', zip: '33101', country: 'US' } },
      method: 'Card (Stripe)',
    };
    const payment = await receiptPdf({
      ...base,
      kind: 'payment',
      paidAt: '2026-08-12T15:04:05.000Z',
      lines: [{ label: 'Florida LLC formation', amount: 299 }],
      totalUsd: 299,
    });
    const refund = await receiptPdf({
      ...base,
      kind: 'refund',
      refundedAt: '2026-08-20T15:04:05.000Z',
      refundId: 're_1',
      amountUsd: 50,
      reason: 'expedited filing not offered',
      paidUsd: 299,
      refundedToDateUsd: 50,
      arrival: 'in 5 to 10 business days',
    });
    for (const doc of [payment, refund]) expect(pdftotext(doc.bytes), doc.title).not.toMatch(ISO_DATE);
    expect(pdftotext(refund.bytes)).toContain('August 20, 2026');
  });
});
