import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FONT_FILES, orderDocuments } from '../functions/documents/index.ts';
import { pdfFlatText } from '../tests/documents/pdf-text.ts';
import { detailsFor, EIN_DETAILS, orderFor, ourAgentIn } from '../tests/documents/test-fixtures.ts';
import { buildFunction, functionCodeDir, handlerEntry, REPO_ROOT } from './lambda-bundle.ts';

/**
 * The functions that write the order's PDFs read the Noto fonts beside their code at run time
 * (functions/documents/fonts.ts looks in `./fonts/` of its own URL). Their builds must ship the
 * folder, and the bundled library must write what the sources write.
 */
const dir = mkdtempSync(join(REPO_ROOT, '.bundle-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('document functions', () => {
  it.each(['staff/documents-generate', 'staff/update-application'])(
    '%s ships the fonts folder',
    async (handler) => {
      const out = functionCodeDir(handler, dir);
      const built = await buildFunction({ name: handler, entry: handlerEntry(handler) }, out);
      expect(built.assets).toContain('documents-fonts');
      for (const file of FONT_FILES) expect(existsSync(join(out, 'fonts', file)), file).toBe(true);
    },
    120_000,
  );

  it('the bundled library finds its fonts beside the bundle and writes the same documents', async () => {
    const out = join(dir, 'library');
    await buildFunction({ name: 'library', entry: join(REPO_ROOT, 'functions/documents/index.ts') }, out);
    const saved = process.env.DOCUMENT_FONTS_DIR;
    delete process.env.DOCUMENT_FONTS_DIR;
    try {
      const bundled = (await import(pathToFileURL(join(out, 'index.mjs')).href)) as { orderDocuments: typeof orderDocuments };
      const order = orderFor('NY', {
        businessName: 'Café Zoë Ünlü 工作室 LLC',
        addOns: { expeditedFiling: false, feinFiling: true, operatingAgreement: true },
      });
      const details = detailsFor('NY', { ein: EIN_DETAILS });
      const [fromBundle, fromSource] = await Promise.all([
        bundled.orderDocuments(order, details, ourAgentIn('NY')),
        orderDocuments(order, details, ourAgentIn('NY')),
      ]);
      expect(fromBundle.documents.map((d) => d.kind)).toEqual(['cover_sheet', 'formation', 'operating_agreement', 'ein_worksheet', 'ein_summary']);
      for (const [i, doc] of fromBundle.documents.entries()) {
        const text = await pdfFlatText(doc.bytes);
        expect(text).toBe(await pdfFlatText(fromSource.documents[i].bytes));
        expect(text).toContain('Café Zoë Ünlü 工作室 LLC');
      }
    } finally {
      if (saved !== undefined) process.env.DOCUMENT_FONTS_DIR = saved;
    }
  }, 120_000);
});
