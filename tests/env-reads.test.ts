import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The environment is read in one module per unit, each setting behind a named accessor: a
// newcomer finds every variable a unit reads, and its default, in one file. Tests set the
// environment as they need and are left out, as are the modules that only help tests.

const ROOT = join(import.meta.dirname, '..');
const UNITS = ['functions', 'shared', 'frontend/src', 'site', 'infra', 'scripts'];

/** The config modules: the only source files that touch `process.env`. */
const CONFIG_MODULES = ['functions/lib/config.ts', 'scripts/config.ts', 'site/config.ts', 'infra/stage-config.ts'];

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const isTestCode = (file: string) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || file === 'infra/test-support.ts' || file.startsWith('infra/fixtures/');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((f) => !f.split('/').includes('node_modules'))
    .sort();
}

const MARKER = '__PROCESS_ENV__';

/**
 * How `code` reaches the process's environment, if it does: `process.env` in any spelling
 * (`.X`, `[x]`, `['env']`, passed whole, written), `const { env } = process`, or `env` from
 * `node:process`. esbuild parses the file, so comments and strings that mention it do not count.
 */
function envAccess(code: string, file = 'file.ts'): string[] {
  const loader = file.endsWith('x') ? 'tsx' : 'ts';
  const out = transformSync(code, { loader, format: 'esm', define: { 'process.env': MARKER } }).code;
  const found: string[] = [];
  if (out.includes(MARKER)) found.push('process.env');
  if (/\{[^{}]*\benv\b[^{}]*\}\s*=\s*process\b/.test(out)) found.push('env destructured from process');
  for (const [, clause] of out.matchAll(/import\s+([^;]*?)\s+from\s*["'](?:node:)?process["']/g)) {
    if (/\benv\b/.test(clause)) found.push('env imported from node:process');
    for (const name of clause.match(/^(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)/)?.slice(1) ?? [])
      if (new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\s*\\.\\s*env\\b`).test(out)) found.push(`${name}.env`);
  }
  return found;
}

describe('environment reads', () => {
  it('only the config modules touch process.env (functions/lib/config.ts, scripts/config.ts, site/config.ts, infra/stage-config.ts)', () => {
    const files = UNITS.flatMap(sourceFiles).filter((f) => !isTestCode(f) && !CONFIG_MODULES.includes(f));
    expect(files.length).toBeGreaterThan(300);
    const offenders = files.flatMap((f) => envAccess(readFileSync(join(ROOT, f), 'utf8'), f).map((how) => `${f}: ${how}`));
    expect(offenders).toEqual([]);
  });

  it('the config modules exist', () => {
    for (const f of CONFIG_MODULES) expect(() => readFileSync(join(ROOT, f)), f).not.toThrow();
  });

  it('finds every way of reaching the environment, and not a mention of it', () => {
    expect(envAccess('const a = process.env.X;')).toEqual(['process.env']);
    expect(envAccess("const a = process.env['X'];")).toEqual(['process.env']);
    expect(envAccess("const a = process['env'].X;")).toEqual(['process.env']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    expect(envAccess('const a = `${process.env.X}`;')).toEqual(['process.env']);
    expect(envAccess('f(process.env);')).toEqual(['process.env']);
    expect(envAccess("Object.assign(process.env, { X: '1' });")).toEqual(['process.env']);
    expect(envAccess("process.env.X ??= '1';")).toEqual(['process.env']);
    expect(envAccess('const { env } = process; export const a = env.X;')).toEqual(['env destructured from process']);
    expect(envAccess("import { env } from 'node:process'; export const a = env.X;")).toEqual(['env imported from node:process']);
    expect(envAccess("import p from 'node:process'; export const a = p.env.X;")).toEqual(['p.env']);
    expect(envAccess("import * as p from 'process'; export const a = p.env.X;")).toEqual(['p.env']);
    expect(envAccess('const a = <b>{process.env.X}</b>;', 'page.tsx')).toEqual(['process.env']);

    expect(envAccess("// process.env.X\n/* process.env */ const a = 'process.env.NODE_ENV';")).toEqual([]);
    expect(envAccess("import { stdin, stdout } from 'node:process'; export const a = [stdin, stdout, process.argv];")).toEqual([]);
    expect(envAccess("const define = { 'process.env.NODE_ENV': '\"production\"' };")).toEqual([]);
  });
});
