import zipPrefixes from '../data/zip-prefixes-by-state.json' with { type: 'json' };
import { findState } from '../states.ts';

/**
 * A ZIP code belongs to a state: its first three digits are the prefix of a sectional center
 * that lies in one state (a few straddle two). The prefixes come from a data file
 * (shared/data/zip-prefixes-by-state.json, written by scripts/data/zip-prefixes.ts with its
 * source). A prefix the file does not know is not judged: a new ZIP code is never refused.
 */
const PREFIXES: Readonly<Record<string, readonly string[]>> = zipPrefixes.prefixes;

/** The states a ZIP code's prefix belongs to ([] when the file does not know it). */
export function statesOfZip(zip: string): readonly string[] {
  return PREFIXES[zip.trim().slice(0, 3)] ?? [];
}

/** The sentence for a ZIP code outside the address's state, naming the field; undefined when they agree or cannot be judged. */
export function zipStateProblem(zip: string, state: string): string | undefined {
  const code = state.trim().toUpperCase();
  const chosen = findState(code);
  const states = statesOfZip(zip);
  if (!chosen || states.length === 0 || states.includes(code)) return undefined;
  const where = states.map((s) => findState(s)?.name ?? s).join(' or ');
  return `ZIP code ${zip.trim()} is in ${where}, not ${chosen.name}: check the ZIP code or the state`;
}
