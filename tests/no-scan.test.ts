import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Request paths use Get/Query only: a Scan's cost grows with the table. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [p] : [];
  });
}

describe('data access', () => {
  it('no handler or data module uses Scan', () => {
    const root = join(import.meta.dirname, '..');
    const offenders = sourceFiles(join(root, 'functions')).filter((f) => /\bScan(Command|Input)?\b/.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
});
