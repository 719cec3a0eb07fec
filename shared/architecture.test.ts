import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importsInto, importsOf, isTest, ROOT, sourceFiles } from '../tests/helpers/source-graph.ts';

// The import structure the code base keeps, checked on the source files themselves:
// shared/ has no import circle (type-only imports count: a circle of types is still a circle a
// reader has to walk) and imports nothing from the units built on it (functions/, frontend/,
// site/, scripts/, infra/), tests included; and the API (functions/) imports nothing from the
// front end (frontend/) or the site unit (site/). Biome's noRestrictedImports says part of this
// per file (biome.json); this walks the resolved paths, whatever way an import is spelled.
// Also the size the API contract's files keep (shared/api/: at most 600 lines a file).

/** The units built on shared/: shared/ imports none of them. */
const ABOVE_SHARED = ['functions', 'frontend', 'site', 'scripts', 'infra'];
/** The most lines a file under shared/api/ may have: a route group that outgrows it is split (see shared/api/contract.ts). */
const MAX_API_FILE_LINES = 600;

/** The number of lines of a text (a last line without its newline counts). */
export function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('import structure', () => {
  const shared = sourceFiles('shared').filter((f) => !isTest(f));

  it('finds the imports of shared/ (the walk reads what it should)', () => {
    expect(shared.length).toBeGreaterThan(50);
    expect(importsOf('shared/api/contract.ts')).toContain('shared/api/contract/wizard.schema.ts');
    expect(importsOf('shared/api/contract/wizard.schema.ts')).toContain('shared/wizard/data.schema.ts');
  });

  it('has no import circle in shared/', () => {
    expect(importCircles(shared)).toEqual([]);
  });

  it('has nothing in shared/, tests included, importing from functions/, frontend/, site/, scripts/ or infra/ (the domain and the contract depend on nothing built on them)', () => {
    const everything = sourceFiles('shared');
    expect(everything.length).toBeGreaterThan(shared.length);
    expect(importsInto(everything, ABOVE_SHARED)).toEqual([]);
  });

  it('has nothing under functions/ importing from frontend/ or site/ (the API does not depend on the screen)', () => {
    const functions = sourceFiles('functions');
    expect(functions.length).toBeGreaterThan(100);
    const intoScreen = functions.flatMap((f) =>
      importsOf(f)
        .filter((t) => /^(frontend|site)\//.test(t))
        .map((t) => `${f} -> ${t}`),
    );
    expect(intoScreen).toEqual([]);
  });

  it('finds an import into a folder when there is one', () => {
    const graph: Record<string, string[]> = { 'shared/a.ts': ['shared/b.ts', 'functions/tables.ts'], 'shared/b.ts': ['tests/fixtures/x.ts', 'infra/app.ts'] };
    expect(importsInto(Object.keys(graph), ABOVE_SHARED, (f) => graph[f])).toEqual(['shared/a.ts -> functions/tables.ts', 'shared/b.ts -> infra/app.ts']);
  });

  it('finds a circle when there is one', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'], f: ['a'] };
    expect(importCircles(Object.keys(graph), (f) => graph[f])).toEqual([['a', 'b', 'c'], ['e']]);
  });
});

describe('the size of the API contract', () => {
  it(`has no file under shared/api/ above ${MAX_API_FILE_LINES} lines (one file per route group: shared/api/contract/)`, () => {
    const files = readdirSync(join(ROOT, 'shared/api'), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => relative(ROOT, join(e.parentPath, e.name)));
    expect(files).toContain('shared/api/contract.ts');
    const tooLong = files.map((f) => ({ f, lines: lineCount(readFileSync(join(ROOT, f), 'utf8')) })).filter(({ lines }) => lines > MAX_API_FILE_LINES);
    expect(tooLong.map(({ f, lines }) => `${f}: ${lines} lines`)).toEqual([]);
  });

  it('counts lines as wc -l does, and a last line without its newline', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([0, 1, 1, 2, 2]);
  });
});
