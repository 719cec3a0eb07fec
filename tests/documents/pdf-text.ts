import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';

/**
 * The text of a PDF as a person copying from the document, or a search index, would get it, for
 * tests. Read with PDF.js (pdfjs-dist, a dev dependency), so the tests need nothing outside
 * node_modules: its text comes from each font's ToUnicode map, the same source any PDF reader uses.
 */

const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;

/** The opened document, and `close` to release it (PDF.js 6 closes a document through its loading task). */
async function openPdf(bytes: Uint8Array): Promise<{ pdf: PDFDocumentProxy; close: () => Promise<void> }> {
  // The legacy build is the one for Node; loaded once per test file.
  const { getDocument, VerbosityLevel } = await (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
  const task = getDocument({
    // A copy: PDF.js may take over the buffer it is given, and a test reads the same bytes again.
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: `${join(PDFJS_DIR, 'standard_fonts')}/`,
    cMapUrl: `${join(PDFJS_DIR, 'cmaps')}/`,
    cMapPacked: true,
    verbosity: VerbosityLevel.ERRORS,
  });
  return { pdf: await task.promise, close: () => task.destroy() };
}

/** One page's text: a line break where PDF.js ends a line or the baseline moves. */
function pageText(items: (TextItem | TextMarkedContent)[]): string {
  const lines: string[] = [];
  let line = '';
  let baseline: number | undefined;
  for (const item of items) {
    if (!('str' in item)) continue;
    const y = item.transform[5];
    if (line !== '' && baseline !== undefined && Math.abs(y - baseline) > 0.5) {
      lines.push(line);
      line = '';
    }
    line += item.str;
    baseline = y;
    if (item.hasEOL) {
      lines.push(line);
      line = '';
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

/** The PDF's text in reading order, NFC-normalised; each page ends with a form feed. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { pdf, close } = await openPdf(bytes);
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      pages.push(`${pageText((await page.getTextContent()).items)}\n\f`);
      page.cleanup();
    }
    return pages.join('').normalize('NFC');
  } finally {
    await close();
  }
}

/** Whitespace collapsed, so a value wrapped over two lines still matches. */
export function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Every text of the PDF's pages in one string with whitespace collapsed. */
export async function pdfFlatText(bytes: Uint8Array): Promise<string> {
  return flat(await pdfText(bytes));
}

/** Number of pages, from the PDF's own page count. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const { pdf, close } = await openPdf(bytes);
  try {
    return pdf.numPages;
  } finally {
    await close();
  }
}
