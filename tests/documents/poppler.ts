import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Poppler's command-line readers (Debian poppler-utils) on a PDF's bytes, for tests: an
 * independent reader of what the documents write, besides PDF.js and pdf-lib.
 */
function withFile<T>(bytes: Uint8Array, read: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'creator-llc-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `pdfinfo` with extra options ("-struct-text" prints the structure tree with each element's text). */
export const pdfinfo = (bytes: Uint8Array, ...options: string[]): string =>
  withFile(bytes, (file) => execFileSync('pdfinfo', [...options, file], { encoding: 'utf8' }));

/** Whether pdfinfo reports the PDF as tagged ("Tagged: yes"). */
export function pdfTagged(bytes: Uint8Array): boolean {
  const line = /^Tagged:\s*(\S+)/m.exec(pdfinfo(bytes));
  if (!line) throw new Error('pdfinfo printed no "Tagged:" line');
  return line[1] === 'yes';
}

/** The text as `pdftotext` reads it, in its reading order. */
export const pdftotext = (bytes: Uint8Array): string => withFile(bytes, (file) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
