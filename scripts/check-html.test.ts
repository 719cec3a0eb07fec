import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkHtml, isError } from './check-html.ts';

/** `npm run check:html` reports what the Nu HTML Checker finds, and only errors fail it. */
const dir = mkdtempSync(join(tmpdir(), 'creator-llc-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;

describe('checkHtml', () => {
  it('passes a valid page and reports a dialog inside a paragraph as an error, with its file', () => {
    const valid = join(dir, 'valid.html');
    const invalid = join(dir, 'invalid.html');
    writeFileSync(valid, page('<p>First 3 years <button type="button">Breakdown</button></p><dialog open><h2>Cost</h2></dialog>'));
    writeFileSync(invalid, page('<p>First 3 years <button type="button">Breakdown</button><dialog open><h2>Cost</h2></dialog></p>'));
    const errors = checkHtml([valid, invalid]).filter(isError);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.file.endsWith('invalid.html'))).toBe(true);
  }, 60_000);
});
