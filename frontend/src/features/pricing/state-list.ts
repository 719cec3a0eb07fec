import { compareText } from '#shared/compare-text.ts';
import { processingFor } from '#shared/state-facts/processing-times.ts';
import { type ThreeYearCostOptions, threeYearCost } from '#shared/state-facts/three-year-cost.ts';
import type { StatePricing } from '#shared/states.ts';

export const SORT_OPTIONS = [
  { key: 'name', label: 'Name' },
  { key: 'filingFee', label: 'Filing fee' },
  { key: 'serviceFee', label: 'Service fee' },
  { key: 'totalCost', label: 'Total cost' },
  { key: 'threeYearCost', label: 'Three-year cost' },
  { key: 'processingTime', label: 'Processing time' },
] as const;

export type SortKey = (typeof SORT_OPTIONS)[number]['key'];

export function isSortKey(value: string): value is SortKey {
  return SORT_OPTIONS.some((o) => o.key === value);
}

/** "5-7 business days" -> [5, 7]; anything unreadable sorts last. */
export function processingDays(text: string): [number, number] {
  const m = /(\d+)(?:\s*-\s*(\d+))?/.exec(text);
  if (!m) return [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const low = Number(m[1]);
  const high = m[2] ? Number(m[2]) : low;
  const weeks = /week/i.test(text) ? 7 : 1;
  return [low * weeks, high * weeks];
}

const UNKNOWN = Number.POSITIVE_INFINITY;
/** A queue date is a published figure but not a duration: after every duration, before "none published". */
const QUEUE = Number.MAX_SAFE_INTEGER;

/**
 * Sort key of a state's processing time (shared/state-facts/processing-times.ts): business days
 * [fastest, slowest] where the state states a duration; queue dates after those; states that
 * publish no time last.
 */
export function processingRank(code: string): [number, number] {
  const s = processingFor(code)?.standard;
  if (!s) return [UNKNOWN, UNKNOWN];
  if (s.minBusinessDays !== undefined && s.maxBusinessDays !== undefined) return [s.minBusinessDays, s.maxBusinessDays];
  if (s.basis === 'queue-date') return [QUEUE, QUEUE];
  if (/immediate|within minutes|same day/i.test(s.text)) return [0, 0];
  const [low, high] = processingDays(s.text);
  return /^up to/i.test(s.text) ? [0, high] : [low, high];
}

const threeYearTotals = new Map<string, number>();
/**
 * A state's all-in first three years when the owner lives there (shared/state-facts/three-year-cost.ts),
 * with our agent priced as the cards price it (`options`); unknown sorts last.
 */
export function threeYearTotal(code: string, options: ThreeYearCostOptions = {}): number {
  const key = `${code} ${options.registeredAgentRenewalUsd ?? ''} ${options.ourAgentStates?.join(',') ?? '*'}`;
  let total = threeYearTotals.get(key);
  if (total === undefined) {
    total = threeYearCost(code, undefined, options)?.total ?? Number.POSITIVE_INFINITY;
    threeYearTotals.set(key, total);
  }
  return total;
}

/** States whose name contains the query, or whose code is the query (case-insensitive). */
export function searchStates(states: readonly StatePricing[], query: string): StatePricing[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...states];
  return states.filter((s) => s.name.toLowerCase().includes(q) || s.code.toLowerCase() === q);
}

/** Sorted copy: names A to Z, money low to high, processing fastest first (none published last); ties by name. */
export function sortStates(states: readonly StatePricing[], key: SortKey, costOptions: ThreeYearCostOptions = {}): StatePricing[] {
  const byName = (a: StatePricing, b: StatePricing) => compareText(a.name, b.name);
  const compare = (a: StatePricing, b: StatePricing): number => {
    switch (key) {
      case 'name':
        return 0;
      case 'processingTime': {
        const [al, ah] = processingRank(a.code);
        const [bl, bh] = processingRank(b.code);
        return al === bl ? (ah === bh ? 0 : ah < bh ? -1 : 1) : al < bl ? -1 : 1;
      }
      case 'threeYearCost':
        return threeYearTotal(a.code, costOptions) - threeYearTotal(b.code, costOptions);
      default:
        return a[key] - b[key];
    }
  };
  return [...states].sort((a, b) => compare(a, b) || byName(a, b));
}

export interface FeeBound {
  fee: number;
  /** Every state charging that fee, by name. */
  names: string[];
}

/**
 * The lowest and highest state filing fee and the states that charge them: the brief's "filing
 * fees range from $40 to $500" sentence, computed from the dataset instead of written down.
 */
export function filingFeeRange(states: readonly StatePricing[]): { low: FeeBound; high: FeeBound } | undefined {
  if (!states.length) return undefined;
  const fees = states.map((s) => s.filingFee);
  const bound = (fee: number): FeeBound => ({
    fee,
    names: states
      .filter((s) => s.filingFee === fee)
      .map((s) => s.name)
      .sort(),
  });
  return { low: bound(Math.min(...fees)), high: bound(Math.max(...fees)) };
}
