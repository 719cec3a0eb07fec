import { describe, expect, it } from 'vitest';
import {
  baseName,
  checkNameRules,
  hasDesignator,
  MIN_SUGGESTIONS,
  nameCandidates,
  nameKey,
  normaliseBusinessName,
  restrictedKeywordsNote,
  restrictedWordsIn,
} from './business-name.ts';

describe('normaliseBusinessName', () => {
  it("appends ' LLC' when there is no designator", () => {
    expect(normaliseBusinessName('Bright Studios')).toBe('Bright Studios LLC');
    expect(normaliseBusinessName('  Bright   Studios ')).toBe('Bright Studios LLC');
  });
  it.each([
    'Bright Studios LLC',
    'Bright Studios llc',
    'Bright Studios L.L.C.',
    'Bright Studios L.L.C',
    'Bright Studios, LLC',
    'Bright Studios Limited Liability Company',
    'bright studios limited liability company',
  ])('does not double the designator of %s', (name) => {
    expect(normaliseBusinessName(name)).toBe(name.trim());
    expect(hasDesignator(name)).toBe(true);
  });
  it('a word merely ending in llc is not a designator', () => {
    expect(normaliseBusinessName('Shellc')).toBe('Shellc LLC');
  });
  it('leaves an empty name empty', () => {
    expect(normaliseBusinessName('   ')).toBe('');
  });
});

describe('nameKey', () => {
  it('ignores case, punctuation and the designator', () => {
    expect(nameKey('Bright Studios, L.L.C.')).toBe('brightstudios');
    expect(nameKey('bright-studios llc')).toBe('brightstudios');
    expect(nameKey('BRIGHT STUDIOS Limited Liability Company')).toBe('brightstudios');
    expect(nameKey('Bright Studios')).toBe('brightstudios');
    expect(baseName('Bright Studios, LLC')).toBe('Bright Studios');
  });
  it('is empty for a designator alone', () => {
    expect(nameKey('LLC')).toBe('');
  });
});

describe('state naming rules', () => {
  it('rejects common restricted words in every state', () => {
    for (const word of ['Bank', 'Insurance', 'Trust', 'University']) {
      const result = checkNameRules(`Creator ${word}`, 'FL');
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toContain(word.toLowerCase());
    }
  });
  it("uses the filing state's own list", () => {
    expect(restrictedWordsIn('Lone Star Lottery LLC', 'TX')).toEqual(['lottery']);
    expect(restrictedWordsIn('Lone Star Lottery LLC', 'FL')).toEqual([]);
    expect(restrictedWordsIn('Acme Credit Union', 'CO')).toContain('credit union');
  });
  it('matches whole words only', () => {
    expect(restrictedWordsIn('Trusty Paws', 'FL')).toEqual([]);
    expect(restrictedWordsIn('Banksy Art', 'AL')).toEqual([]);
  });
  it('accepts a clean name and reports it with its designator', () => {
    expect(checkNameRules('Glow Media', 'CA')).toEqual({ ok: true, name: 'Glow Media LLC' });
  });
  it('limits the name before the designator to 100 characters', () => {
    expect(checkNameRules(`${'a'.repeat(100)} LLC`, 'FL')).toEqual({ ok: true, name: `${'a'.repeat(100)} LLC` });
    expect(checkNameRules(`${'a'.repeat(101)} LLC`, 'FL')).toEqual({
      ok: false,
      name: `${'a'.repeat(101)} LLC`,
      reason: 'Business names are limited to 100 characters.',
    });
  });
  it('names the filing state in the restricted-word reason, when it is known', () => {
    expect(checkNameRules('Creator Trust', 'FL')).toEqual({
      ok: false,
      name: 'Creator Trust LLC',
      reason: 'Names containing "trust" need approval from a state regulator in Florida, so we can\'t file them as a standard LLC.',
    });
    expect(checkNameRules('Creator Trust', undefined)).toEqual({
      ok: false,
      name: 'Creator Trust LLC',
      reason: 'Names containing "trust" need approval from a state regulator, so we can\'t file them as a standard LLC.',
    });
  });
  it('needs letters before the designator', () => {
    expect(checkNameRules('LLC', 'FL').ok).toBe(false);
    expect(checkNameRules('123', 'FL').ok).toBe(false);
  });
});

describe('nameCandidates', () => {
  it('is deterministic, distinct and built from the keywords', () => {
    const a = nameCandidates(['sunny', 'bites'], 'food');
    expect(a).toEqual(nameCandidates(['sunny', 'bites'], 'food'));
    expect(a.length).toBeGreaterThanOrEqual(MIN_SUGGESTIONS);
    expect(new Set(a.map(nameKey)).size).toBe(a.length);
    expect(a[0]).toMatch(/^Sunny /);
    expect(a.some((n) => n.includes('Bites'))).toBe(true);
  });
  it('never repeats a name key, even when keywords differ only in spacing or punctuation', () => {
    const names = nameCandidates(['sun ny', 'sunny', 'sun-ny'], 'food');
    expect(new Set(names.map(nameKey)).size).toBe(names.length);
  });
  it('falls back to the category words', () => {
    const names = nameCandidates([], 'fitness');
    expect(names.length).toBeGreaterThanOrEqual(MIN_SUGGESTIONS);
    expect(names.some((n) => /Fit|Strong|Active/.test(n))).toBe(true);
  });
  it('different input gives different ideas', () => {
    expect(nameCandidates(['nova'], 'tech')).not.toEqual(nameCandidates(['luna'], 'tech'));
  });
  it('never suggests restricted words for the state', () => {
    expect(nameCandidates(['trust', 'lotto', 'glow'], 'beauty', 'TX').some((n) => /trust|lotto/i.test(n))).toBe(false);
  });
});

describe('name ideas say why a typed keyword is left out', () => {
  it('"bank" is dropped from every idea, and the note says so with the state', () => {
    expect(nameCandidates(['Bank', 'Sunny'], 'finance', 'FL').some((n) => /bank/i.test(n))).toBe(false);
    expect(restrictedKeywordsNote(['Bank', 'Sunny'], 'FL')).toBe(
      'We left "bank" out of these ideas: names containing it need approval from a state regulator in Florida, so we can\'t file them as a standard LLC.',
    );
    expect(restrictedKeywordsNote(['Sunny'], 'FL')).toBeUndefined();
  });
});
