import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import graph of the source files, read from the files themselves: the one walker of the
 * architecture tests (shared/architecture.test.ts, functions/architecture.test.ts). Type-only and
 * dynamic imports count: a circle of types is still a circle a reader has to walk.
 */

/** How a file's imports are read (a fake graph in the self-checks). */
export type Imports = (file: string) => readonly string[];

/** The repository's root folder. */
export const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts)$/;
/** A test file (left out of the structure: a test may reach into any folder to arrange its case). */
export const isTest = (file: string) => /\.test\.(ts|tsx)$/.test(file);

/** The TypeScript source files under `dir` (a path from the root), as paths from the root, sorted. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((f) => !f.split('/').includes('node_modules'))
    .sort();
}

// `import x from '...'`, `import type ...`, `export ... from '...'`, `import '...'`, `import('...')`.
const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository files a source file imports, as paths from the root (packages and node: builtins left out; `#shared/` resolved). */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('#shared/')) found.push(join('shared', spec.slice('#shared/'.length)));
    else if (spec.startsWith('.')) found.push(relative(ROOT, resolve(ROOT, dirname(file), spec)));
  }
  return found;
}

/** Each import of `files` into one of the top-level folders `into`, as `file -> import`. */
export function importsInto(files: readonly string[], into: readonly string[], imports: Imports = importsOf): string[] {
  return files.flatMap((f) =>
    imports(f)
      .filter((t) => into.includes(t.split('/')[0]))
      .map((t) => `${f} -> ${t}`),
  );
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
