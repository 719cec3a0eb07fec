import goodStandingData from '../data/good-standing.json' with { type: 'json' };
import { normalizeCode } from './codes.ts';
import type { FactSource } from './facts.ts';

/**
 * Whether a state registering an LLC formed elsewhere asks for a certificate of good standing
 * (existence) from the state of formation (../data/good-standing.json, from the notes of the US
 * LLC State Requirements Dataset's foreign-qualification records, a part its maintainer marks as
 * a draft; credit in ../data/STATES-NOTICE). Only what a record says: a state whose record does
 * not mention it is `unknown`, never "not needed".
 */

export type GoodStanding =
  | {
      code: string;
      name: string;
      required: true;
      /** The record's words. */
      words: string;
      /** How recent the certificate must be, in the record's words, where it gives a limit. */
      maxAge: string | null;
      /** The same limit in days, where the record gives it in days. */
      maxAgeDays: number | null;
      source: FactSource;
    }
  | { code: string; name: string; required: 'unknown' };

interface Row {
  code: string;
  name: string;
  required: boolean | string;
  words: string | null;
  maxAge: string | null;
  maxAgeDays: number | null;
  source: { name: string; url: string; accessed: string } | null;
}

const rows = new Map((goodStandingData.states as Row[]).map((r) => [r.code, r]));

/** Our data's answer for a home state; undefined for a code that is not a state. */
export function goodStandingFor(code: string): GoodStanding | undefined {
  const c = normalizeCode(code);
  const r = c ? rows.get(c) : undefined;
  if (!r) return undefined;
  if (r.required === true && r.words && r.source)
    return {
      code: r.code,
      name: r.name,
      required: true,
      words: r.words,
      maxAge: r.maxAge,
      maxAgeDays: r.maxAgeDays,
      source: { name: r.source.name, url: r.source.url, verifiedAt: r.source.accessed },
    };
  return { code: r.code, name: r.name, required: 'unknown' };
}

/**
 * The sentence staff and the customer read: what the home state asks of the formation state's
 * certificate, or that our data does not say.
 */
export function goodStandingSentence(homeCode: string, formationStateName: string): string {
  const g = goodStandingFor(homeCode);
  if (!g) return 'Our data does not say whether a certificate of good standing is needed.';
  if (g.required === 'unknown')
    return `Our data does not say whether ${g.name} asks for a certificate of good standing from ${formationStateName}: check the application's instructions before filing.`;
  return `${g.name} asks for a certificate of good standing (existence) from ${formationStateName}${g.maxAge ? `, dated ${g.maxAge}` : ''}: "${g.words}" (${g.source.name}, checked ${g.source.verifiedAt}).`;
}
