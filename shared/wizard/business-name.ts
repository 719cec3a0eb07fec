import { findState, stateName } from '../states.ts';
import { CONTENT_TYPES, type ContentType } from './options.ts';

/** Ends in an LLC designator: "LLC", "L.L.C." or "Limited Liability Company" (any case). */
const DESIGNATOR = /(?:^|[\s,])(?:l\.?\s?l\.?\s?c\.?|limited\s+liability\s+company)\s*$/i;

export const LLC_SUFFIX = ' LLC';

export function hasDesignator(name: string): boolean {
  return DESIGNATOR.test(name.trim());
}

function tidy(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** The name without its trailing designator (and a comma before it). */
export function baseName(name: string): string {
  return tidy(name)
    .replace(DESIGNATOR, '')
    .replace(/[\s,]+$/, '');
}

/**
 * ' LLC' appended when the name has no designator yet (on blur, and when a suggestion is picked);
 * "llc", "L.L.C." and "Limited Liability Company" are kept as typed, never doubled.
 */
export function normaliseBusinessName(name: string): string {
  const t = tidy(name);
  if (!t) return '';
  return hasDesignator(t) ? t : `${t}${LLC_SUFFIX}`;
}

/**
 * The key two names collide on: letters and digits only, lower case, designator ignored.
 * "Bright Studios, L.L.C." and "bright-studios llc" share "brightstudios". Empty when nothing is left.
 */
export function nameKey(name: string): string {
  return baseName(name)
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Words most states reserve for regulated businesses; each state's own list is added to these. */
export const COMMON_RESTRICTED_WORDS = ['bank', 'insurance', 'trust', 'university'] as const;

function words(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim()} `;
}

/** Restricted words (per the filing state's rules, plus the common ones) the name contains. */
export function restrictedWordsIn(name: string, stateCode: string | undefined): string[] {
  const list = new Set<string>([...COMMON_RESTRICTED_WORDS, ...(findState(stateCode)?.restrictedWords ?? [])]);
  const haystack = words(baseName(name));
  const found: string[] = [];
  for (const word of list) {
    const needle = words(word);
    if (needle.trim() && haystack.includes(needle)) found.push(word);
  }
  return found;
}

export type NameRuleResult = { ok: true; name: string } | { ok: false; name: string; reason: string };

/** State naming rules we can check ourselves: a real name, an LLC designator, no restricted words. */
export function checkNameRules(rawName: string, stateCode: string | undefined): NameRuleResult {
  const name = normaliseBusinessName(rawName);
  if (!/[a-z]/i.test(baseName(name))) return { ok: false, name, reason: 'Enter a business name with at least one letter before "LLC".' };
  if (baseName(name).length > 100) return { ok: false, name, reason: 'Business names are limited to 100 characters.' };
  const restricted = restrictedWordsIn(name, stateCode);
  if (restricted.length) {
    const where = findState(stateCode) ? ` in ${stateName(stateCode)}` : '';
    const list = restricted.map((w) => `"${w}"`).join(', ');
    return { ok: false, name, reason: `Names containing ${list} need approval from a state regulator${where}, so we can't file them as a standard LLC.` };
  }
  return { ok: true, name };
}

// ---- Name ideas ------------------------------------------------------------------------------

/**
 * Why name ideas leave a typed keyword out (nameCandidates drops every name with a restricted
 * word): the sentence the helper shows beside the ideas, or undefined when none was left out.
 */
export function restrictedKeywordsNote(keywords: readonly string[], stateCode: string | undefined): string | undefined {
  const words = [...new Set(keywords.flatMap((k) => restrictedWordsIn(k, stateCode)))];
  if (!words.length) return undefined;
  const list = words.map((w) => `"${w}"`).join(', ');
  const where = findState(stateCode) ? ` in ${stateName(stateCode)}` : '';
  return `We left ${list} out of these ideas: names containing ${words.length > 1 ? 'these words' : 'it'} need approval from a state regulator${where}, so we can't file them as a standard LLC.`;
}

/** Words that suit each content type; used when keywords are few or blank. */
const CATEGORY_WORDS: Record<ContentType, string[]> = {
  lifestyle: ['Lifestyle', 'Everyday', 'Sunday'],
  fitness: ['Fit', 'Strong', 'Active'],
  food: ['Kitchen', 'Flavor', 'Table'],
  travel: ['Wander', 'Journey', 'Roam'],
  beauty: ['Glow', 'Beauty', 'Radiant'],
  gaming: ['Play', 'Arcade', 'Pixel'],
  fashion: ['Style', 'Thread', 'Wardrobe'],
  tech: ['Tech', 'Byte', 'Circuit'],
  pets: ['Paw', 'Pet', 'Furry'],
  diy: ['Maker', 'Craft', 'Handmade'],
  music: ['Sound', 'Rhythm', 'Melody'],
  comedy: ['Laugh', 'Comedy', 'Punchline'],
};

const SUFFIXES = ['Studios', 'Media', 'Creative', 'Collective', 'Co', 'Labs', 'Digital', 'Productions', 'House', 'Works', 'Content', 'Ventures'];
const PREFIXES = ['The', 'Bright', 'Golden', 'True'];

export const MIN_SUGGESTIONS = 8;
export const MAX_SUGGESTIONS = 12;

function titleWord(raw: string): string {
  const cleaned = raw
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 24)
    .trim();
  return cleaned
    .split(' ')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/** Small stable hash so the same input always gives the same ideas. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function isContentType(value: string): value is ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(value);
}

/**
 * Candidate names (without designator), best first: each keyword (or the category's words when
 * there are none) paired with creator-business words. Deterministic, no network. The caller
 * drops names already taken and keeps 8-12.
 */
export function nameCandidates(keywords: readonly string[], category: string, stateCode?: string): string[] {
  const fromKeywords = keywords.map(titleWord).filter((w) => /[A-Za-z]/.test(w));
  const categoryWords = isContentType(category) ? CATEGORY_WORDS[category] : [titleWord(category)].filter(Boolean);
  const bases = [...new Set([...fromKeywords, ...categoryWords])].slice(0, 8);
  if (bases.length === 0) bases.push(...CATEGORY_WORDS.lifestyle);
  const seed = hash(`${fromKeywords.join('|').toLowerCase()}#${category.toLowerCase()}`);
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (name: string) => {
    const key = nameKey(name);
    if (!key || seen.has(key) || name.length > 60) return;
    if (restrictedWordsIn(name, stateCode).length) return;
    seen.add(key);
    out.push(name);
  };
  for (let round = 0; round < SUFFIXES.length && out.length < 40; round++) {
    bases.forEach((base, i) => {
      const suffix = SUFFIXES[(seed + round + i * 5) % SUFFIXES.length];
      add(`${base} ${suffix}`);
      if (round === 1) add(`${PREFIXES[(seed + i) % PREFIXES.length]} ${base} ${SUFFIXES[(seed + i + 7) % SUFFIXES.length]}`);
    });
  }
  return out;
}
