import { describe, expect, it } from 'vitest';
import { folderCircles, importCircles, importsOf, isTest, sourceFiles } from '../tests/helpers/source-graph.ts';

// The import structure of functions/, checked on the source files themselves (as
// shared/architecture.test.ts checks shared/; docs/decisions/0405):
// - no import circle between files (type-only and dynamic imports count: a circle of types is
//   still a circle a reader has to walk);
// - no circle between folders, at every level: among the top-level folders of functions/, and,
//   inside each folder, among its subfolders (a folder's own files are not a folder: they may use
//   its subfolders and be used by them). A folder that imports another is never imported by it,
//   directly or through a third: lib/ is at the bottom and imports no domain, each domain's folder
//   (orders, payments, documents, compliance, staff, email, ...) imports only those below it,
//   and the route handlers and jobs are at the top.
// Test files are left out: a test may reach into any folder to arrange its case.

describe('import structure of functions/', () => {
  const functions = sourceFiles('functions').filter((f) => !isTest(f));

  it('finds the imports of functions/ (the walk reads what it should)', () => {
    expect(functions.length).toBeGreaterThan(100);
    expect(importsOf('functions/documents/generators.ts')).toContain('functions/documents/filing-packet.ts');
    expect(importsOf('functions/handlers/staff/documents-generate.ts')).toContain('functions/documents/order/generate.ts');
  });

  it('has no import circle between files', () => {
    expect(importCircles(functions)).toEqual([]);
  });

  it('has no folder importing a folder that imports it, at any level', () => {
    expect(folderCircles(functions, 'functions')).toEqual([]);
  });

  it('finds a circle between files when there is one', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'], f: ['a'] };
    expect(importCircles(Object.keys(graph), (f) => graph[f])).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('finds a circle between folders, through a third and inside a folder, and none in a one-way graph', () => {
    const graph: Record<string, string[]> = {
      'f/a/x.ts': ['f/b/y.ts'],
      'f/b/y.ts': ['f/c/z.ts', 'f/lib.ts'],
      'f/c/z.ts': ['f/a/w.ts'],
      'f/a/w.ts': [],
      'f/lib.ts': [],
      'f/d/one/p.ts': ['f/d/two/q.ts'],
      'f/d/two/q.ts': ['f/d/one/r.ts'],
      'f/d/one/r.ts': [],
    };
    const found = folderCircles(Object.keys(graph), 'f', (f) => graph[f]);
    expect(found.map((c) => c.folders)).toEqual([
      ['f/a/', 'f/b/', 'f/c/'],
      ['f/d/one/', 'f/d/two/'],
    ]);
    expect(found[1].arrows).toEqual(['f/d/one/ -> f/d/two/ (1: f/d/one/p.ts -> f/d/two/q.ts)', 'f/d/two/ -> f/d/one/ (1: f/d/two/q.ts -> f/d/one/r.ts)']);
    const oneWay: Record<string, string[]> = { 'f/a/x.ts': ['f/b/y.ts', 'f/x.ts'], 'f/b/y.ts': ['f/x.ts'], 'f/x.ts': ['f/a/x.ts'] };
    expect(folderCircles(Object.keys(oneWay), 'f', (f) => oneWay[f])).toEqual([]);
  });
});
