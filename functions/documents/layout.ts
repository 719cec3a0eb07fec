import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { DocumentFonts } from './fonts.ts';
import { type Marker, type StructureElement, StructureTree } from './structure.ts';

/**
 * A small page-layout engine: a generator describes its document as blocks (headings,
 * paragraphs, labelled fields, checklist items, tables, signature lines) and renderPdf() lays
 * them out on US Letter pages with a running header and "Page N of M" footer. Every string is
 * printed through DocumentFonts, so any script prints as written. The PDF is tagged: each block
 * becomes a structure element (title H1, heading H2, subheading H3, para P, bullets L/LI,
 * table and consecutive fields Table/TR/TH/TD, notice and signature Div of P) around the text
 * it draws, and decoration is marked as artifacts (structure.ts).
 */

export type Tone = 'ok' | 'missing' | 'warn' | 'info';

export type Block =
  | { type: 'title'; text: string; subtitle?: string[] }
  | { type: 'heading'; text: string }
  | { type: 'subheading'; text: string }
  | { type: 'para'; text: string; size?: number; bold?: boolean; muted?: boolean; indent?: number }
  | { type: 'field'; label: string; value: string | string[] }
  | { type: 'check'; tone: Tone; label: string; value?: string | string[]; note?: string; cite?: string }
  | { type: 'notice'; tone: 'warn' | 'info'; title?: string; text: string | string[] }
  | { type: 'table'; columns: { title: string; width: number }[]; rows: string[][] }
  | { type: 'bullets'; items: string[] }
  | { type: 'signature'; name: string; caption: string; signed?: string; date?: string }
  | { type: 'space'; size: number }
  | { type: 'rule' }
  | { type: 'pageBreak' };

export interface DocumentModel {
  title: string;
  subject: string;
  /** Short text at the top of every page. */
  header: string;
  /** Small print at the bottom of every page, beside the page number. */
  footer: string;
  createdAt: Date;
  blocks: Block[];
}

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = { x: 54, top: 64, bottom: 66 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.x;
const LABEL_WIDTH = 150;

const INK = rgb(0.1, 0.12, 0.18);
const MUTED = rgb(0.38, 0.41, 0.48);
const ACCENT = rgb(0.2, 0.24, 0.6);
const LINE = rgb(0.78, 0.8, 0.86);
const TONES: Record<Tone, { label: string; fill: ReturnType<typeof rgb>; text: ReturnType<typeof rgb> }> = {
  ok: { label: 'OK', fill: rgb(0.86, 0.95, 0.88), text: rgb(0.08, 0.4, 0.18) },
  missing: { label: 'MISSING', fill: rgb(0.99, 0.88, 0.88), text: rgb(0.62, 0.08, 0.08) },
  warn: { label: 'CHECK', fill: rgb(1, 0.94, 0.8), text: rgb(0.55, 0.33, 0) },
  info: { label: 'NOTE', fill: rgb(0.9, 0.92, 0.98), text: rgb(0.2, 0.24, 0.6) },
};

/** Words, runs of spaces, and single CJK characters (which break anywhere) with their marks. */
const WRAP_TOKENS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]\p{M}*|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+|\s+/gu;

interface Row {
  height: number;
  draw: (page: PDFPage, top: number, mark: Marker) => void;
  keepWithNext?: boolean;
  pageBreak?: boolean;
}

function blockTexts(b: Block): string[] {
  switch (b.type) {
    case 'title':
      return [b.text, ...(b.subtitle ?? [])];
    case 'heading':
    case 'subheading':
    case 'para':
      return [b.text];
    case 'field':
      return [b.label, ...[b.value].flat()];
    case 'check':
      return [b.label, ...[b.value ?? []].flat(), b.note ?? '', b.cite ?? ''];
    case 'notice':
      return [b.title ?? '', ...[b.text].flat()];
    case 'table':
      return [...b.columns.map((c) => c.title), ...b.rows.flat()];
    case 'bullets':
      return b.items;
    case 'signature':
      return [b.name, b.caption, b.signed ?? '', b.date ?? ''];
    default:
      return [];
  }
}

class Layout {
  /** The table a run of consecutive field blocks forms (label TH, value TD per row). */
  private fieldTable: StructureElement | undefined;

  constructor(private readonly fonts: DocumentFonts) {}

  /** Breaks text into lines no wider than width; words longer than a line (and CJK text) break between characters. */
  wrap(text: string, size: number, width: number, bold = false): string[] {
    const out: string[] = [];
    for (const paragraph of text.normalize('NFC').split('\n')) {
      const tokens = paragraph.match(WRAP_TOKENS) ?? [];
      let line = '';
      let lineWidth = 0;
      const flush = () => {
        out.push(line.trimEnd());
        line = '';
        lineWidth = 0;
      };
      for (const token of tokens) {
        const space = /^\s+$/.test(token);
        if (space && !line) continue;
        const w = this.fonts.width(token, size, bold);
        if (lineWidth + w <= width || space) {
          line += token;
          lineWidth += w;
          continue;
        }
        if (line.trim()) flush();
        if (w <= width) {
          line = token;
          lineWidth = w;
          continue;
        }
        // A token wider than the whole line: break it between characters.
        for (const ch of token) {
          const cw = this.fonts.width(ch, size, bold);
          if (lineWidth + cw > width && line) flush();
          line += ch;
          lineWidth += cw;
        }
      }
      out.push(line.trimEnd());
    }
    return out;
  }

  draw(page: PDFPage, text: string, x: number, baseline: number, size: number, opts: { bold?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    let cx = x;
    for (const run of this.fonts.layout(text, size, opts.bold)) {
      page.drawText(run.text, { x: cx, y: baseline, size, font: run.font, color: opts.color ?? INK });
      cx += run.width;
    }
  }

  width(text: string, size: number, bold = false) {
    return this.fonts.width(text, size, bold);
  }

  /** Rows of wrapped text at an x offset, each line marked as content of `element`. */
  textRows(
    text: string,
    element: StructureElement,
    o: { size: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; width?: number; leading?: number },
  ): Row[] {
    const indent = o.indent ?? 0;
    const leading = o.leading ?? o.size * 1.38;
    return this.wrap(text, o.size, (o.width ?? CONTENT_WIDTH) - indent, o.bold).map((line) => ({
      height: leading,
      draw: (page, top, mark) => mark.content(element, () => this.draw(page, line, MARGIN.x + indent, top - o.size, o.size, { bold: o.bold, color: o.color })),
    }));
  }

  /** The rows a block is drawn in, and its structure elements as the last children of `parent`. */
  rows(b: Block, parent: StructureElement): Row[] {
    if (b.type !== 'field') this.fieldTable = undefined;
    switch (b.type) {
      case 'title': {
        const rows = this.textRows(b.text, parent.add('H1'), { size: 19, bold: true, leading: 25 });
        for (const s of b.subtitle ?? []) rows.push(...this.textRows(s, parent.add('P'), { size: 11, color: MUTED, leading: 15 }));
        rows.push({ height: 10, draw: () => {} });
        return rows;
      }
      case 'heading': {
        const element = parent.add('H2');
        const lines = this.wrap(b.text, 12, CONTENT_WIDTH, true);
        const height = 12 + lines.length * 16 + 4;
        return [
          {
            height,
            keepWithNext: true,
            draw: (page, top, mark) => {
              mark.artifact(() =>
                page.drawLine({ start: { x: MARGIN.x, y: top - 4 }, end: { x: MARGIN.x + CONTENT_WIDTH, y: top - 4 }, thickness: 0.6, color: LINE }),
              );
              lines.forEach((l, i) => {
                mark.content(element, () => this.draw(page, l, MARGIN.x, top - 12 - 12 - i * 16 + 2, 12, { bold: true, color: ACCENT }));
              });
            },
          },
        ];
      }
      case 'subheading': {
        const rows = this.textRows(b.text, parent.add('H3'), { size: 10.5, bold: true, leading: 15 });
        rows.unshift({ height: 4, draw: () => {}, keepWithNext: true });
        for (const r of rows) r.keepWithNext = true;
        return rows;
      }
      case 'para': {
        const size = b.size ?? 10.5;
        const rows = this.textRows(b.text, parent.add('P'), { size, bold: b.bold, color: b.muted ? MUTED : INK, indent: b.indent });
        rows.push({ height: size * 0.45, draw: () => {} });
        return rows;
      }
      case 'field': {
        this.fieldTable ??= parent.add('Table');
        const row = this.fieldTable.add('TR');
        const label = row.add('TH', 'Row');
        const value = row.add('TD');
        const size = 10.5;
        const leading = 14.5;
        const labelLines = this.wrap(b.label, 9, LABEL_WIDTH - 10, true);
        const valueLines = [b.value].flat().flatMap((v) => this.wrap(v || '—', size, CONTENT_WIDTH - LABEL_WIDTH));
        const height = Math.max(labelLines.length * 12.5, valueLines.length * leading) + 5;
        return [
          {
            height,
            draw: (page, top, mark) => {
              // One marked sequence per line, so a reader keeps the break between lines as a space.
              labelLines.forEach((l, i) => {
                mark.content(label, () => this.draw(page, l, MARGIN.x, top - 10.5 - i * 12.5, 9, { bold: true, color: MUTED }));
              });
              valueLines.forEach((l, i) => {
                mark.content(value, () => this.draw(page, l, MARGIN.x + LABEL_WIDTH, top - size - i * leading, size));
              });
            },
          },
        ];
      }
      case 'check': {
        const pill = 58;
        const x = MARGIN.x + pill + 8;
        const width = CONTENT_WIDTH - pill - 8;
        const labelLines = this.wrap(b.label, 10, width, true);
        const valueLines = [b.value ?? []].flat().flatMap((v) => this.wrap(v, 10, width));
        const noteLines = b.note ? this.wrap(b.note, 8.8, width) : [];
        const citeLines = b.cite ? this.wrap(b.cite, 8, width) : [];
        const height = labelLines.length * 13.5 + valueLines.length * 13.5 + noteLines.length * 11.5 + citeLines.length * 10.5 + 7;
        const tone = TONES[b.tone];
        // One paragraph: the pill's word ("MISSING") is part of what the item says.
        const element = parent.add('P');
        return [
          {
            height,
            draw: (page, top, mark) => {
              mark.artifact(() => page.drawRectangle({ x: MARGIN.x, y: top - 13, width: pill, height: 12, color: tone.fill }));
              const line = (draw: () => void) => mark.content(element, draw);
              const tw = this.width(tone.label, 7.5, true);
              line(() => this.draw(page, tone.label, MARGIN.x + (pill - tw) / 2, top - 10, 7.5, { bold: true, color: tone.text }));
              let y = top;
              for (const l of labelLines) line(() => this.draw(page, l, x, (y -= 13.5) + 3.5, 10, { bold: true }));
              for (const l of valueLines) line(() => this.draw(page, l, x, (y -= 13.5) + 3.5, 10));
              for (const l of noteLines)
                line(() => this.draw(page, l, x, (y -= 11.5) + 2.5, 8.8, { color: b.tone === 'ok' || b.tone === 'info' ? MUTED : tone.text }));
              for (const l of citeLines) line(() => this.draw(page, l, x, (y -= 10.5) + 2.5, 8, { color: MUTED }));
            },
          },
        ];
      }
      case 'notice': {
        const pad = 9;
        const width = CONTENT_WIDTH - 2 * pad;
        const box = parent.add('Div');
        const titleElement = b.title ? box.add('P') : undefined;
        const titleLines = b.title ? this.wrap(b.title, 10.5, width, true) : [];
        const lines = [b.text].flat().flatMap((t) => {
          const element = box.add('P');
          return this.wrap(t, 9.5, width).map((line) => ({ line, element }));
        });
        const height = titleLines.length * 14 + lines.length * 13 + 2 * pad + 8;
        const fill = b.tone === 'warn' ? rgb(1, 0.96, 0.86) : rgb(0.93, 0.95, 1);
        const border = b.tone === 'warn' ? rgb(0.85, 0.62, 0.2) : rgb(0.55, 0.6, 0.85);
        return [
          {
            height,
            draw: (page, top, mark) => {
              mark.artifact(() =>
                page.drawRectangle({
                  x: MARGIN.x,
                  y: top - height + 8,
                  width: CONTENT_WIDTH,
                  height: height - 8,
                  color: fill,
                  borderColor: border,
                  borderWidth: 0.8,
                }),
              );
              let y = top - pad;
              if (titleElement)
                for (const l of titleLines) mark.content(titleElement, () => this.draw(page, l, MARGIN.x + pad, (y -= 14) + 3, 10.5, { bold: true }));
              for (const { line, element } of lines) mark.content(element, () => this.draw(page, line, MARGIN.x + pad, (y -= 13) + 3, 9.5));
            },
          },
        ];
      }
      case 'table': {
        const total = b.columns.reduce((s, c) => s + c.width, 0);
        const widths = b.columns.map((c) => (c.width / total) * CONTENT_WIDTH);
        const table = parent.add('Table');
        const cellRows = (cells: string[], bold: boolean, size: number): Row => {
          const row = table.add('TR');
          // The bold row is the column headings.
          const elements = cells.map(() => (bold ? row.add('TH', 'Column') : row.add('TD')));
          const wrapped = cells.map((c, i) => this.wrap(c, size, widths[i] - 8, bold));
          const height = Math.max(...wrapped.map((w) => w.length)) * (size + 4) + 7;
          return {
            height,
            keepWithNext: bold,
            draw: (page, top, mark) => {
              let x = MARGIN.x;
              wrapped.forEach((lines, i) => {
                const cellX = x;
                lines.forEach((l, j) => {
                  mark.content(elements[i], () => this.draw(page, l, cellX + 4, top - size - 3 - j * (size + 4), size, { bold, color: bold ? MUTED : INK }));
                });
                x += widths[i];
              });
              mark.artifact(() =>
                page.drawLine({
                  start: { x: MARGIN.x, y: top - height + 1 },
                  end: { x: MARGIN.x + CONTENT_WIDTH, y: top - height + 1 },
                  thickness: 0.5,
                  color: LINE,
                }),
              );
            },
          };
        };
        return [
          cellRows(
            b.columns.map((c) => c.title),
            true,
            8.5,
          ),
          ...b.rows.map((r) => cellRows(r, false, 9.5)),
          { height: 6, draw: () => {} },
        ];
      }
      case 'bullets': {
        const list = parent.add('L');
        return b.items.flatMap((item) => {
          const rows = this.textRows(item, list.add('LI').add('LBody'), { size: 10, indent: 14 });
          const first = rows[0];
          if (first) {
            const draw = first.draw;
            first.draw = (page, top, mark) => {
              mark.artifact(() => page.drawCircle({ x: MARGIN.x + 5, y: top - 6.5, size: 1.6, color: INK }));
              draw(page, top, mark);
            };
          }
          rows.push({ height: 2, draw: () => {} });
          return rows;
        });
      }
      case 'signature': {
        const width = 260;
        const { signed, date } = b;
        // The signature and who signed, then the date: two paragraphs; the lines are decoration.
        const box = parent.add('Div');
        const signer = box.add('P');
        const dated = box.add('P');
        return [
          {
            height: 62,
            draw: (page, top, mark) => {
              const lineY = top - 30;
              if (signed) mark.content(signer, () => this.draw(page, signed, MARGIN.x + 4, lineY + 5, 12, { color: ACCENT }));
              mark.artifact(() => {
                page.drawLine({ start: { x: MARGIN.x, y: lineY }, end: { x: MARGIN.x + width, y: lineY }, thickness: 0.7, color: INK });
                page.drawLine({ start: { x: MARGIN.x + width + 30, y: lineY }, end: { x: MARGIN.x + width + 150, y: lineY }, thickness: 0.7, color: INK });
              });
              if (date) mark.content(dated, () => this.draw(page, date, MARGIN.x + width + 34, lineY + 5, 10.5));
              mark.content(signer, () => {
                // Name and capacity on one line, so they also read together when the text is copied.
                this.draw(page, b.name, MARGIN.x, lineY - 13, 10, { bold: true });
                const captionX = MARGIN.x + this.width(b.name, 10, true) + 8;
                if (captionX + this.width(b.caption, 8.5) <= MARGIN.x + width) this.draw(page, b.caption, captionX, lineY - 13, 8.5, { color: MUTED });
                else this.draw(page, b.caption, MARGIN.x, lineY - 25, 8.5, { color: MUTED });
              });
              mark.content(dated, () => this.draw(page, 'Date', MARGIN.x + width + 30, lineY - 13, 8.5, { color: MUTED }));
            },
          },
        ];
      }
      case 'space':
        return [{ height: b.size, draw: () => {} }];
      case 'rule':
        return [
          {
            height: 10,
            draw: (page, top, mark) =>
              mark.artifact(() =>
                page.drawLine({ start: { x: MARGIN.x, y: top - 5 }, end: { x: MARGIN.x + CONTENT_WIDTH, y: top - 5 }, thickness: 0.6, color: LINE }),
              ),
          },
        ];
      case 'pageBreak':
        return [{ height: 0, draw: () => {}, pageBreak: true }];
    }
  }
}

/** Lays the model out and returns the PDF's bytes. */
export async function renderPdf(model: DocumentModel): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(model.title, { showInWindowTitleBar: true });
  doc.setSubject(model.subject);
  doc.setAuthor('CreatorLLC');
  doc.setCreator('CreatorLLC');
  doc.setProducer('CreatorLLC (pdf-lib)');
  doc.setLanguage('en-US');
  doc.setCreationDate(model.createdAt);
  doc.setModificationDate(model.createdAt);

  const texts = [model.header, model.footer, ...model.blocks.flatMap(blockTexts)];
  const fonts = await DocumentFonts.embed(doc, texts);
  const layout = new Layout(fonts);
  const structure = new StructureTree(doc);
  const rows = model.blocks.flatMap((b) => layout.rows(b, structure.root));

  const pages: PDFPage[] = [];
  let page: PDFPage | undefined;
  let top = 0;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    structure.on(page);
    pages.push(page);
    top = PAGE.height - MARGIN.top;
  };
  newPage();
  const bottom = MARGIN.bottom;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.pageBreak) {
      if (top < PAGE.height - MARGIN.top) newPage();
      continue;
    }
    // A heading stays with what follows it.
    let needed = row.height;
    for (let j = i; rows[j]?.keepWithNext && rows[j + 1]; j++) needed += rows[j + 1].height;
    if (top - needed < bottom && top < PAGE.height - MARGIN.top) newPage();
    row.draw(page!, top, structure);
    top -= row.height;
  }

  // The running header and footer repeat on every page: artifacts, not part of the structure.
  pages.forEach((p, i) => {
    structure.on(p);
    structure.artifact(() => {
      layout.draw(p, model.header, MARGIN.x, PAGE.height - 36, 8, { color: MUTED });
      p.drawLine({ start: { x: MARGIN.x, y: PAGE.height - 42 }, end: { x: PAGE.width - MARGIN.x, y: PAGE.height - 42 }, thickness: 0.5, color: LINE });
    }, 'Header');
    const footerLines = layout.wrap(model.footer, 7, CONTENT_WIDTH - 80).slice(0, 4);
    const footerTop = 22 + (footerLines.length - 1) * 8.8;
    structure.artifact(() => {
      footerLines.forEach((l, j) => {
        layout.draw(p, l, MARGIN.x, footerTop - j * 8.8, 7, { color: MUTED });
      });
      const number = `Page ${i + 1} of ${pages.length}`;
      layout.draw(p, number, PAGE.width - MARGIN.x - layout.width(number, 8), footerTop, 8, { color: MUTED });
    }, 'Footer');
  });
  structure.write();
  return doc.save({ useObjectStreams: true });
}
