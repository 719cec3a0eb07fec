import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [p] : [];
  });
}

const root = join(import.meta.dirname, '..');

/** The folder whose modules alone send commands to the applications table (docs/decisions/0006). */
const APPLICATIONS_FOLDER = 'functions/data/applications/';

/** What ./item.ts exports to the folder's workflow modules only: the table's name and the write mechanics. */
const TABLE_MECHANICS = ['table', 'ItemUpdate', 'update', 'updateWith', 'readItem', 'whyNotWritten'];

const ITEM_MODULE = join(root, APPLICATIONS_FOLDER, 'item.ts');

/** The mechanics a module imports from the applications item module (type-only imports never send anything). */
function mechanicsImported(file: string): string[] {
  const imports = readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']*)'/g);
  return [...imports].flatMap(([, onlyTypes, names, from]) =>
    onlyTypes || resolve(dirname(file), from) !== ITEM_MODULE
      ? []
      : names
          .split(',')
          .map((n) => n.trim())
          .filter((n) => TABLE_MECHANICS.includes(n)),
  );
}

describe('data access', () => {
  // Request paths use Get/Query only: a Scan's cost grows with the table.
  it('no handler or data module uses Scan', () => {
    const offenders = sourceFiles(join(root, 'functions')).filter((f) => /\bScan(Command|Input)?\b/.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  // Every write's version condition and every change's counters and activity live in one folder;
  // a command sent from anywhere else could skip them.
  it(`only ${APPLICATIONS_FOLDER} sends commands to the applications table`, () => {
    const outside = sourceFiles(join(root, 'functions')).filter((f) => !relative(root, f).startsWith(APPLICATIONS_FOLDER));
    const offenders = outside.flatMap((f) => {
      const source = readFileSync(f, 'utf8');
      const names = /tableName\(\s*['"]applications['"]\s*\)|\btables\.applications\b/.test(source) ? ['the table name'] : [];
      return [...names, ...mechanicsImported(f)].map((what) => `${relative(root, f)}: ${what}`);
    });
    expect(offenders).toEqual([]);
  });

  it('finds the applications table where the folder sends it commands', () => {
    const inside = sourceFiles(join(root, APPLICATIONS_FOLDER));
    // The check above passes vacuously if the table is named some other way: the folder must name it as the check looks for.
    expect(inside.some((f) => /tableName\(\s*'applications'\s*\)/.test(readFileSync(f, 'utf8')))).toBe(true);
    expect(inside.filter((f) => mechanicsImported(f).length > 0).length).toBeGreaterThan(0);
  });
});
