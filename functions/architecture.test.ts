import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

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

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts)$/;
const isTest = (file: string) => /\.test\.(ts|tsx)$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((f) => !f.split('/').includes('node_modules'))
    .sort();
}

// `import x from '...'`, `import type ...`, `export ... from '...'`, `import '...'`, `import('...')`.
const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository files a source file imports by a relative path (packages, node: builtins and #shared/ left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('.')) found.push(relative(ROOT, resolve(ROOT, dirname(file), spec)));
  }
  return found;
}

/** Every strongly connected group of two or more nodes (or a node with an edge to itself), each sorted. */
function cycles(nodes: readonly string[], edges: (node: string) => readonly string[]): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || edges(v).includes(v)) found.push(group.sort());
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return found;
}

type Imports = (file: string) => readonly string[];

/** The import circles among `files` (only imports between them count). */
export function importCircles(files: readonly string[], imports: Imports = importsOf): string[][] {
  const inSet = new Set(files);
  const edges = new Map(files.map((f) => [f, imports(f).filter((t) => inSet.has(t))]));
  return cycles(files, (f) => edges.get(f) ?? []);
}

/** The subfolder of `folder` a file is in; undefined outside `folder` and for the folder's own files. */
function nodeAt(folder: string, file: string): string | undefined {
  if (!file.startsWith(`${folder}/`)) return undefined;
  const rest = file.slice(folder.length + 1).split('/');
  return rest.length === 1 ? undefined : `${folder}/${rest[0]}/`;
}

/** Every folder holding one of `files`, and each of its parents down to `root`. */
function foldersOf(files: readonly string[], root: string): string[] {
  const out = new Set<string>();
  for (const f of files) for (let d = dirname(f); d === root || d.startsWith(`${root}/`); d = dirname(d)) out.add(d);
  return [...out].sort();
}

/**
 * The folder circles at every level under `root`: inside each folder, among its subfolders, each circle with the file imports that make it (`from -> to`, `file -> import`).
 */
export function folderCircles(files: readonly string[], root: string, imports: Imports = importsOf): { folders: string[]; arrows: string[] }[] {
  const inSet = new Set(files);
  const edges = files.flatMap((f) =>
    imports(f)
      .filter((t) => inSet.has(t) && t !== f)
      .map((t) => [f, t] as const),
  );
  return foldersOf(files, root).flatMap((folder) => {
    const arrows = new Map<string, string[]>();
    for (const [f, t] of edges) {
      const [a, b] = [nodeAt(folder, f), nodeAt(folder, t)];
      if (!a || !b || a === b) continue;
      const key = `${a} -> ${b}`;
      arrows.set(key, [...(arrows.get(key) ?? []), `${f} -> ${t}`]);
    }
    const next = (n: string) => [...arrows.keys()].filter((k) => k.startsWith(`${n} -> `)).map((k) => k.slice(n.length + 4));
    const nodes = [...new Set([...arrows.keys()].flatMap((k) => k.split(' -> ')))].sort();
    return cycles(nodes, next).map((group) => ({
      folders: group,
      arrows: [...arrows.entries()]
        .filter(([k]) => group.includes(k.split(' -> ')[0]) && group.includes(k.split(' -> ')[1]))
        .map(([k, via]) => `${k} (${via.length}: ${via[0]}${via.length > 1 ? ', ...' : ''})`),
    }));
  });
}

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
