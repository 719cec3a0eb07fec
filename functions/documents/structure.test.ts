import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfinfo, pdfTagged, pdftotext } from '../../tests/documents/poppler.ts';
import { address, detailsFor, EIN_DETAILS, orderFor, ourAgentIn } from '../../tests/documents/test-fixtures.ts';
import { orderDocuments } from './index.ts';
import { receiptPdf } from './receipt.ts';
import { taxSummaryPdf } from './tax-summary.ts';

/**
 * Tagged PDFs (decision 0370): every document carries a structure tree built from its blocks,
 * its text in marked content that the tree points to, the page header and footer as artifacts,
 * a document language and its title shown in the window. Read back with pdf-lib (the raw
 * objects) and poppler's pdfinfo (an independent reader).
 */

interface Element {
  type: string;
  /** The marked content the element holds directly: page index and MCID. */
  content: { page: number; mcid: number }[];
  kids: Element[];
  ref?: string;
}

/** The structure tree as written: elements with their marked-content references resolved to page indexes. */
async function readStructure(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const pageIndex = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i]));
  const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
  const byRef = new Map<string, Element>();

  const read = (dict: PDFDict, ref: PDFRef | undefined): Element => {
    const element: Element = { type: dict.lookup(PDFName.of('S'), PDFName).decodeText(), content: [], kids: [], ref: ref?.toString() };
    if (ref) byRef.set(ref.toString(), element);
    const pg = dict.get(PDFName.of('Pg'));
    const k = dict.get(PDFName.of('K'));
    const kids = k instanceof PDFArray ? k.asArray() : k ? [k] : [];
    for (const kid of kids) {
      if (kid instanceof PDFNumber) element.content.push({ page: pageIndex.get(String(pg))!, mcid: kid.asNumber() });
      else if (kid instanceof PDFRef) element.kids.push(read(doc.context.lookup(kid, PDFDict), kid));
      else if (kid instanceof PDFDict)
        element.content.push({ page: pageIndex.get(String(kid.get(PDFName.of('Pg'))))!, mcid: kid.lookup(PDFName.of('MCID'), PDFNumber).asNumber() });
    }
    return element;
  };
  const top = root.get(PDFName.of('K'));
  const document = read(doc.context.lookup(top, PDFDict), top instanceof PDFRef ? top : undefined);

  // Per page: the MCIDs its content stream marks, and the ParentTree's element for each.
  const nums = root.lookup(PDFName.of('ParentTree'), PDFDict).lookup(PDFName.of('Nums'), PDFArray).asArray();
  const parentTree = new Map<number, string[]>();
  for (let i = 0; i < nums.length; i += 2)
    parentTree.set(
      (nums[i] as PDFNumber).asNumber(),
      doc.context
        .lookup(nums[i + 1], PDFArray)
        .asArray()
        .map(String),
    );
  const pages = doc.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const streams = contents instanceof PDFRef ? [contents] : doc.context.lookup(contents, PDFArray).asArray();
    const text = streams
      .map((s) => {
        const stream = doc.context.lookup(s);
        if (!(stream instanceof PDFRawStream)) throw new Error('a page content stream is not a stream');
        return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      })
      .join('\n');
    return {
      mcids: [...text.matchAll(/\/MCID (\d+)/g)].map((m) => Number(m[1])),
      artifacts: [...text.matchAll(/\/Artifact/g)].length,
      owners: parentTree.get(page.node.lookup(PDFName.of('StructParents'), PDFNumber).asNumber()) ?? [],
    };
  });

  const all: Element[] = [];
  const walk = (e: Element) => {
    all.push(e);
    e.kids.forEach(walk);
  };
  walk(document);
  const count = (type: string) => all.filter((e) => e.type === type).length;
  return { doc, document, all, byRef, pages, count };
}

const order = orderFor('FL', { addOns: { expeditedFiling: false, feinFiling: true, operatingAgreement: true } });
const documents = async (d = detailsFor('FL', { ein: EIN_DETAILS })) => (await orderDocuments(order, d, ourAgentIn('FL'))).documents;

describe('tagged PDFs', () => {
  it('the operating agreement: Document with one H1, headings, paragraphs and tables; every MCID on every page belongs to its element', async () => {
    const agreement = (await documents()).find((d) => d.kind === 'operating_agreement')!;
    const { doc, document, all, byRef, pages, count } = await readStructure(agreement.bytes);

    expect(document.type).toBe('Document');
    expect(count('H1')).toBe(1);
    expect(count('H2')).toBeGreaterThan(3);
    expect(count('P')).toBeGreaterThan(10);
    expect(count('Table')).toBeGreaterThan(0);
    expect(count('TH')).toBeGreaterThan(0);
    expect(count('TD')).toBeGreaterThan(0);
    for (const e of all.filter((x) => x.type === 'TR')) expect(e.kids.every((c) => c.type === 'TH' || c.type === 'TD')).toBe(true);
    expect(pages.length).toBeGreaterThan(1);

    // The MCIDs each page marks are 0..n-1, each referenced by exactly one element on that page,
    // and the ParentTree maps each back to that element.
    const referenced = all.flatMap((e) => e.content.map((c) => ({ ...c, ref: e.ref })));
    pages.forEach((page, i) => {
      expect(page.mcids.length, `page ${i + 1}`).toBeGreaterThan(0);
      expect(page.mcids).toEqual(page.mcids.map((_, j) => j));
      const onPage = referenced.filter((r) => r.page === i);
      expect(onPage.map((r) => r.mcid).sort((a, b) => a - b)).toEqual(page.mcids);
      expect(page.owners).toHaveLength(page.mcids.length);
      for (const r of onPage) expect(page.owners[r.mcid], `page ${i + 1} MCID ${r.mcid}`).toBe(r.ref);
      // The running header and footer (and rules) are artifacts.
      expect(page.artifacts).toBeGreaterThanOrEqual(2);
    });
    expect(byRef.size).toBe(all.length);

    // Catalog: marked, language, title shown in the window.
    const marked = doc.catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'));
    expect(String(marked)).toBe('true');
    expect(doc.catalog.get(PDFName.of('Lang'))?.toString()).toBe('(en-US)');
    expect(String(doc.catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict).get(PDFName.of('DisplayDocTitle')))).toBe('true');
    expect(doc.getTitle()).toBe(agreement.title);
  });

  it('poppler reads the headings, lists and tables with their text, and leaves the running header and footer out', async () => {
    const summary = (await documents()).find((d) => d.kind === 'ein_summary')!;
    const tree = pdfinfo(summary.bytes, '-struct-text');
    expect(tree).toMatch(/^Document\n {2}H1 \(block\)\n {4}"Your EIN application"/);
    expect(tree).toMatch(/ {2}L \(block\)\n {4}LI \(block\)\n {6}LBody \(block\)\n {8}"We apply once/);
    expect(tree).toMatch(/H2 \(block\)/);
    // pdftotext reads the page number; the structure does not (it is pagination, an artifact).
    expect(pdftotext(summary.bytes)).toContain('Page 1 of 1');
    expect(tree).not.toContain('Page 1 of 1');
  });

  it('every kind of document is tagged with one H1: the order’s, the Form 2553 worksheet, receipts for a payment and a refund, the year-end tax summary', async () => {
    const seller = { legalName: 'Creator Filings LLC', address: { line1: '1 Harbor Way', city: 'Miami', state: 'FL', zip: '33101', country: 'US' } };
    const base = {
      orderNumber: 'CL-7CA8E82E',
      businessName: 'Bright Pixel Studios FL LLC',
      customer: { name: 'Jordan Rivera', email: 'jordan@example.com' },
      seller,
    };
    const payment = await receiptPdf({
      ...base,
      kind: 'payment',
      method: 'Card (Stripe)',
      paidAt: '2026-08-12T15:04:05.000Z',
      lines: [{ label: 'Florida LLC formation', amount: 299 }],
      totalUsd: 299,
    });
    const refund = await receiptPdf({
      ...base,
      kind: 'refund',
      method: 'Card (Stripe)',
      refundedAt: '2026-08-20T15:04:05.000Z',
      refundId: 're_1',
      amountUsd: 50,
      reason: 'expedited filing not offered',
      paidUsd: 299,
      refundedToDateUsd: 50,
      arrival: 'in 5 to 10 business days',
    });
    const withForm2553 = await orderDocuments(
      orderFor('WY', {
        addOns: { expeditedFiling: false, feinFiling: true, operatingAgreement: true, form2553: true },
        form2553: { formation: { date: '2026-09-01', from: 'filing' }, ein: '88-1234567', today: '2026-09-20' },
      }),
      detailsFor('WY', { ein: EIN_DETAILS }),
      ourAgentIn('WY'),
    );
    const form2553 = withForm2553.documents.filter((d) => d.kind === 'form_2553_worksheet');
    expect(form2553).toHaveLength(1);
    const taxSummary = await taxSummaryPdf({
      orderNumber: 'CL-7CA8E82E',
      businessName: 'Bright Pixel Studios FL LLC',
      customerName: 'Jordan Rivera',
      saved: { request: { year: 2026, filingStatus: 'single', profit: 60_000 }, savedAt: '2026-11-27T10:00:00.000Z' },
    });
    const all = [...(await documents()), ...form2553, payment, refund, taxSummary];
    expect(all.length).toBeGreaterThanOrEqual(9);
    for (const d of all) {
      expect(pdfTagged(d.bytes), d.fileName).toBe(true);
      const { count } = await readStructure(d.bytes);
      expect(count('H1'), d.fileName).toBe(1);
    }
    // The receipt's seller and lines are table cells a reader can move through.
    const tree = pdfinfo(payment.bytes, '-struct-text');
    expect(tree).toContain('TH:');
    expect(tree).toContain('"Creator Filings LLC"');
  });

  it('right-to-left and combining-mark names keep their text under the tags', async () => {
    const people = ['محمد علي', 'Zo\u0335e Ma\u0338rk', 'דנה כהן'];
    const members = people.map((p, i) => ({ name: p, address: address(`${i + 1} Main Street`, 'Miami', 'FL', '33101'), ownershipPercent: i === 0 ? 34 : 33 }));
    const agreement = (await documents(detailsFor('FL', { members, ein: EIN_DETAILS }))).find((d) => d.kind === 'operating_agreement')!;
    expect(pdfTagged(agreement.bytes)).toBe(true);
    const text = pdftotext(agreement.bytes).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
    for (const p of people) expect(text).toContain(p);
  });
});
