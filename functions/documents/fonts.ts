// fontkit's shapers for complex scripts (Devanagari, Bengali, Khmer, ...) are generator
// functions compiled for regenerator's runtime, which they expect as a global.
import 'regenerator-runtime/runtime.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { documentFontsDir } from '../lib/config.ts';

/**
 * The fonts every document is written in: Noto Sans (Latin, Greek, Cyrillic, Vietnamese) and
 * one Noto face per other script, so a business or person name in any of them prints as
 * written. Files in ./fonts/ (SIL Open Font License, ./fonts/OFL.txt; provenance in
 * ./fonts/README.md). Only the glyphs a document uses are embedded (subset), and a script's
 * font is read only when a document contains that script.
 */
export const LATIN_FONTS = { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' } as const;

type Range = readonly [number, number];

/** Scripts Noto Sans does not cover, each with its font and Unicode blocks. */
export const SCRIPT_FONTS: readonly { script: string; file: string; rtl?: true; ranges: readonly Range[] }[] = [
  {
    script: 'Arabic',
    file: 'NotoSansArabic-Regular.ttf',
    rtl: true,
    ranges: [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x0870, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
  },
  {
    script: 'Hebrew',
    file: 'NotoSansHebrew-Regular.ttf',
    rtl: true,
    ranges: [
      [0x0590, 0x05ff],
      [0xfb1d, 0xfb4f],
    ],
  },
  {
    script: 'Armenian',
    file: 'NotoSansArmenian-Regular.ttf',
    ranges: [
      [0x0530, 0x058f],
      [0xfb13, 0xfb17],
    ],
  },
  {
    script: 'Devanagari',
    file: 'NotoSansDevanagari-Regular.ttf',
    ranges: [
      [0x0900, 0x097f],
      [0xa8e0, 0xa8ff],
    ],
  },
  { script: 'Bengali', file: 'NotoSansBengali-Regular.ttf', ranges: [[0x0980, 0x09ff]] },
  { script: 'Gurmukhi', file: 'NotoSansGurmukhi-Regular.ttf', ranges: [[0x0a00, 0x0a7f]] },
  { script: 'Gujarati', file: 'NotoSansGujarati-Regular.ttf', ranges: [[0x0a80, 0x0aff]] },
  { script: 'Tamil', file: 'NotoSansTamil-Regular.ttf', ranges: [[0x0b80, 0x0bff]] },
  { script: 'Telugu', file: 'NotoSansTelugu-Regular.ttf', ranges: [[0x0c00, 0x0c7f]] },
  { script: 'Kannada', file: 'NotoSansKannada-Regular.ttf', ranges: [[0x0c80, 0x0cff]] },
  { script: 'Malayalam', file: 'NotoSansMalayalam-Regular.ttf', ranges: [[0x0d00, 0x0d7f]] },
  { script: 'Sinhala', file: 'NotoSansSinhala-Regular.ttf', ranges: [[0x0d80, 0x0dff]] },
  { script: 'Thai', file: 'NotoSansThai-Regular.ttf', ranges: [[0x0e00, 0x0e7f]] },
  { script: 'Lao', file: 'NotoSansLao-Regular.ttf', ranges: [[0x0e80, 0x0eff]] },
  {
    script: 'Myanmar',
    file: 'NotoSansMyanmar-Regular.ttf',
    ranges: [
      [0x1000, 0x109f],
      [0xa9e0, 0xa9ff],
      [0xaa60, 0xaa7f],
    ],
  },
  {
    script: 'Georgian',
    file: 'NotoSansGeorgian-Regular.ttf',
    ranges: [
      [0x10a0, 0x10ff],
      [0x1c90, 0x1cbf],
      [0x2d00, 0x2d2f],
    ],
  },
  {
    script: 'Ethiopic',
    file: 'NotoSansEthiopic-Regular.ttf',
    ranges: [
      [0x1200, 0x139f],
      [0x2d80, 0x2ddf],
      [0xab00, 0xab2f],
    ],
  },
  {
    script: 'Khmer',
    file: 'NotoSansKhmer-Regular.ttf',
    ranges: [
      [0x1780, 0x17ff],
      [0x19e0, 0x19ff],
    ],
  },
  {
    script: 'CJK',
    file: 'NotoSansCJKsc-Regular.ttf',
    ranges: [
      [0x3000, 0x303f],
      [0x3040, 0x30ff],
      [0x3100, 0x318f],
      [0x31f0, 0x31ff],
      [0x3400, 0x4dbf],
      [0x4e00, 0x9fff],
      [0xac00, 0xd7af],
      [0xf900, 0xfaff],
      [0xff00, 0xffef],
    ],
  },
];

/** Every font file the documents may read, for a bundler that must ship them. */
export const FONT_FILES: readonly string[] = [LATIN_FONTS.regular, LATIN_FONTS.bold, ...SCRIPT_FONTS.map((f) => f.file)];

const RTL_FILES = new Set(SCRIPT_FONTS.filter((f) => f.rtl).map((f) => f.file));

let fontDirectory = documentFontsDir() || fileURLToPath(new URL('./fonts/', import.meta.url));

/**
 * Where the font files are read from: ./fonts/ beside this module, or DOCUMENT_FONTS_DIR. A
 * bundled function must ship the files there (e.g. copy functions/documents/fonts/ next to
 * the bundle and point DOCUMENT_FONTS_DIR at it).
 */
export function setFontDirectory(dir: string): void {
  fontDirectory = dir;
  bytes.clear();
  parsed.clear();
}

const bytes = new Map<string, Uint8Array>();
const parsed = new Map<string, ReturnType<typeof fontkit.create>>();

function fontBytes(file: string): Uint8Array {
  let b = bytes.get(file);
  if (!b) {
    try {
      b = new Uint8Array(readFileSync(join(fontDirectory, file)));
    } catch (err) {
      throw new Error(
        `Document font ${file} is missing from ${fontDirectory}: ship functions/documents/fonts/ with the code or set DOCUMENT_FONTS_DIR (${(err as Error).message})`,
      );
    }
    bytes.set(file, b);
  }
  return b;
}

function parsedFont(file: string): ReturnType<typeof fontkit.create> {
  let font = parsed.get(file);
  if (!font) {
    font = fontkit.create(fontBytes(file));
    parsed.set(file, font);
  }
  return font;
}

function hasGlyph(file: string, codePoint: number): boolean {
  return parsedFont(file).hasGlyphForCodePoint(codePoint);
}

/**
 * The OpenType features a run is shaped with: Latin ligatures off ("fi" and "fl" stay two
 * letters for copy and search), and mark positioning off for a run the font cannot position
 * (see positionsMarks).
 */
function featuresFor(file: string, positionMarks: boolean): Record<string, boolean> | undefined {
  const features: Record<string, boolean> = {
    ...(file.startsWith('NotoSans-') ? { liga: false, clig: false } : {}),
    ...(positionMarks ? {} : { mark: false, mkmk: false }),
  };
  return Object.keys(features).length ? features : undefined;
}

/**
 * Whether the font can position the combining marks of `text`. fontkit's mark positioning
 * throws on a mark the font has no anchor for after that base (the overlay marks U+0334-U+0338
 * on any letter, U+0315 after "ø"): such a run is shaped without mark positioning, so the mark
 * is drawn where the font designed it instead of the document failing.
 */
function positionsMarks(file: string, text: string): boolean {
  if (!/\p{M}/u.test(text)) return true;
  try {
    parsedFont(file).layout(text, featuresFor(file, true) as never);
    return true;
  } catch {
    return false;
  }
}

/** The embedded font a run is drawn with: the file, or its copy shaped without mark positioning. */
const NO_MARK_POSITIONING = '#no-mark-positioning';
const runKey = (r: FontRun) => (r.positionMarks === false ? `${r.file}${NO_MARK_POSITIONING}` : r.file);

function scriptFile(cp: number): string | undefined {
  for (const f of SCRIPT_FONTS) for (const [lo, hi] of f.ranges) if (cp >= lo && cp <= hi) return f.file;
  return undefined;
}

/** Marks, joiners and variation selectors belong to the character before them. */
const isAttached = (ch: string, cp: number) => /\p{M}/u.test(ch) || cp === 0x200c || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f);
/** Spaces, punctuation, digits and symbols print in the font of the text around them when it has them. */
const NEUTRAL = /[\p{Z}\p{P}\p{N}\p{S}\s]/u;

export interface FontRun {
  file: string;
  text: string;
  rtl: boolean;
  /** false: the font cannot position this run's combining marks, so it is shaped without (positionsMarks). */
  positionMarks?: false;
}

/** Splits text into runs that one font can print (each character in the first font that has it). */
export function fontRuns(text: string, bold = false): FontRun[] {
  const latin = bold ? LATIN_FONTS.bold : LATIN_FONTS.regular;
  const runs: FontRun[] = [];
  let current: FontRun | undefined;
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    let file: string;
    if (current && (isAttached(ch, cp) || (NEUTRAL.test(ch) && hasGlyph(current.file, cp)))) file = current.file;
    else {
      const script = scriptFile(cp);
      file = script && hasGlyph(script, cp) ? script : latin;
      if (file === latin && !hasGlyph(latin, cp)) {
        const other = SCRIPT_FONTS.find((f) => hasGlyph(f.file, cp));
        if (other) file = other.file;
      }
    }
    if (current && current.file === file) current.text += ch;
    else {
      current = { file, text: ch, rtl: RTL_FILES.has(file) };
      runs.push(current);
    }
  }
  // Spaces and punctuation after right-to-left words belong to the text that follows, not inside the reversed run.
  const split = runs.flatMap((r): FontRun[] => {
    const tail = r.rtl ? /[\s\p{P}]+$/u.exec(r.text)?.[0] : undefined;
    if (!tail || tail.length === r.text.length || ![...tail].every((c) => hasGlyph(latin, c.codePointAt(0)!))) return [r];
    return [
      { ...r, text: r.text.slice(0, -tail.length) },
      { file: latin, text: tail, rtl: false },
    ];
  });
  return split.map((r) => (positionsMarks(r.file, r.text) ? r : { ...r, positionMarks: false }));
}

/** Letters, marks and numbers (what a name is made of: shared/name-patterns.ts). */
const NAME_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

/**
 * Every letter, mark and number some font of ours has a glyph for, as ranges of code points:
 * what a name may hold for every document to print it. Written to
 * shared/data/printable-characters.ts by scripts/data/printable-characters.ts, which the
 * browser and the server check names against (a test keeps the two equal).
 */
export function printableNameRanges(): [number, number][] {
  const covered = new Set<number>();
  for (const file of FONT_FILES) for (const cp of parsedFont(file).characterSet) if (NAME_CHARACTER.test(String.fromCodePoint(cp))) covered.add(cp);
  const ranges: [number, number][] = [];
  for (const cp of [...covered].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  return ranges;
}

/** The ranges as shared/data/printable-characters.ts stores them: "start-end" or "start" in hex, comma-separated. */
export function encodeRanges(ranges: readonly [number, number][]): string {
  return ranges.map(([a, b]) => (a === b ? a.toString(16) : `${a.toString(16)}-${b.toString(16)}`)).join(',');
}

/** True when the text's first letter belongs to a right-to-left script. */
export function isRightToLeft(text: string): boolean {
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    const file = scriptFile(ch.codePointAt(0)!);
    return file !== undefined && RTL_FILES.has(file);
  }
  return false;
}

/**
 * The fonts of one PDF: Noto Sans regular and bold always, each other script's font when the
 * document's text contains that script. Each is embedded as a subset.
 */
export class DocumentFonts {
  private constructor(private readonly fonts: Map<string, PDFFont>) {}

  static async embed(doc: PDFDocument, texts: readonly string[]): Promise<DocumentFonts> {
    doc.registerFontkit(fontkit);
    const keys = new Set<string>([LATIN_FONTS.regular, LATIN_FONTS.bold]);
    for (const t of texts) for (const bold of [false, true]) for (const r of fontRuns(t, bold)) keys.add(runKey(r));
    const fonts = new Map<string, PDFFont>();
    for (const key of keys) {
      const noMarks = key.endsWith(NO_MARK_POSITIONING);
      const file = noMarks ? key.slice(0, -NO_MARK_POSITIONING.length) : key;
      const features = featuresFor(file, !noMarks);
      fonts.set(key, await doc.embedFont(fontBytes(file), { subset: true, ...(features ? { features } : {}) }));
    }
    return new DocumentFonts(fonts);
  }

  font(file: string): PDFFont {
    const f = this.fonts.get(file) ?? this.fonts.get(LATIN_FONTS.regular);
    if (!f) throw new Error(`Font ${file} was not embedded`);
    return f;
  }

  /** The runs of a line in drawing order, each with its font and width. */
  layout(text: string, size: number, bold = false): { font: PDFFont; text: string; width: number }[] {
    const runs = fontRuns(text, bold).map((r) => {
      const font = this.font(runKey(r));
      return { font, text: r.text, width: font.widthOfTextAtSize(r.text, size), rtl: r.rtl };
    });
    if (isRightToLeft(text)) runs.reverse();
    return runs;
  }

  private readonly widths = new Map<string, number>();

  /** The printed width of text at a size (memoised: wrapping measures the same words often). */
  width(text: string, size: number, bold = false): number {
    const key = `${bold ? 'b' : 'r'}${size}\u0000${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = 0;
      for (const r of fontRuns(text, bold)) w += this.font(runKey(r)).widthOfTextAtSize(r.text, size);
      this.widths.set(key, w);
    }
    return w;
  }
}
