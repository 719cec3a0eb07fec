import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A feature imports no other feature: each folder under frontend/src/features/ (every one there
// is, and every one added later) may import frontend/src/components/, lib/, paths.ts, #shared/ and
// packages, and files of its own folder, never a file of another feature's folder. What two
// features need goes to components/ or lib/. Test files are left out (a feature's test may render
// another feature's page), as the lint rule this replaces did. Biome's noRestrictedImports
// matches an import's text, not "a folder other than mine", so the rule is checked here on the
// resolved paths, whatever way an import is spelled.

const ROOT = resolve(import.meta.dirname, '../..');
const FEATURES = 'frontend/src/features';
const SOURCE = /\.(ts|tsx|mts)$/;
const isTest = (file: string) => /\.test\.(ts|tsx)$/.test(file);

// `import x from '...'`, `import type ...`, `export ... from '...'`, `import '...'`, `import('...')`.
const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository paths a source file's relative imports name, from its text (comments removed). */
function relativeImports(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('.')) found.push(relative(ROOT, resolve(ROOT, dirname(file), spec)));
  }
  return found;
}

/** The feature folder a repository path is in, if any. */
function featureOf(path: string): string | undefined {
  return path.startsWith(`${FEATURES}/`) ? path.slice(FEATURES.length + 1).split('/')[0] : undefined;
}

/** `file -> target` for each import of `file` into a feature folder other than its own. */
function crossFeatureImports(file: string, text: string): string[] {
  const own = featureOf(file);
  return relativeImports(file, text)
    .filter((target) => {
      const other = featureOf(target);
      return other !== undefined && other !== own;
    })
    .map((target) => `${file} -> ${target}`);
}

function featureFiles(): string[] {
  return readdirSync(join(ROOT, FEATURES), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

describe('feature boundaries', () => {
  const files = featureFiles().filter((f) => !isTest(f));

  it('reads every feature folder', () => {
    const folders = new Set(files.map((f) => featureOf(f)));
    expect(folders.size).toBeGreaterThan(10);
    expect(folders).toContain('checkout');
    expect(folders).toContain('tax-plan');
  });

  it('has no feature importing another feature (move what both need to frontend/src/components/ or frontend/src/lib/)', () => {
    const crossing = files.flatMap((f) => crossFeatureImports(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(crossing).toEqual([]);
  });

  it('tells an import of another feature from one of its own folder, components/ or lib/', () => {
    const file = `${FEATURES}/tax-plan/TaxPlanPage.tsx`;
    const text = [
      "import { a } from '../wizard/wizard-api.ts';",
      "import type { B } from '../../features/order/types.ts';",
      "export { c } from '../staff/c.ts';",
      "const D = lazy(() => import('../checkout/CheckoutPage.tsx'));",
      "import { e } from './IncomeMapSection.tsx';",
      "import { f } from '../../lib/api.ts';",
      "import { g } from '../../components/Button.tsx';",
      "import { h } from '#shared/money.ts';",
      "// import { i } from '../legal/LegalPage.tsx';",
    ].join('\n');
    expect(crossFeatureImports(file, text)).toEqual([
      `${file} -> ${FEATURES}/wizard/wizard-api.ts`,
      `${file} -> ${FEATURES}/order/types.ts`,
      `${file} -> ${FEATURES}/staff/c.ts`,
      `${file} -> ${FEATURES}/checkout/CheckoutPage.tsx`,
    ]);
  });
});
