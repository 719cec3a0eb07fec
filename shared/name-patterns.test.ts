import { describe, expect, it } from 'vitest';
import { codePointRanges, oneCharOf, PATTERNS } from '../scripts/data/name-patterns.ts';
import { BUSINESS_NAME, PERSON_NAME, UNICODE_VERSION } from './name-patterns.ts';

const generated = { BUSINESS_NAME, PERSON_NAME } satisfies Record<keyof typeof PATTERNS, RegExp>;

describe('shared/name-patterns.ts (generated)', () => {
  for (const [name, rule] of Object.entries(PATTERNS)) {
    const pattern = generated[name as keyof typeof PATTERNS];

    it(`${name} allows exactly the characters ${rule.source} allows`, () => {
      expect(
        codePointRanges(oneCharOf(pattern)),
        `regenerate with: npx tsx scripts/data/name-patterns.ts (Unicode ${process.versions.unicode} here, ${UNICODE_VERSION} in the file)`,
      ).toEqual(codePointRanges(oneCharOf(rule)));
    });

    it(`${name} gives the rule's verdict on whole names`, () => {
      for (const value of ['', 'Zoë Ünlü-Łódź', "O'Brien, Jr.", '李明', 'Ж\u0301ан', 'Studio ٣2 & Co.', 'A\tB', 'Café™', 'Name $', 'x😀', 'a\u0000b']) {
        expect(pattern.test(value), JSON.stringify(value)).toBe(rule.test(value));
      }
    });
  }

  it('holds no property escape, which is what makes it cheap to load', () => {
    for (const pattern of Object.values(generated)) expect(pattern.source).not.toMatch(/\\p\{/);
  });
});
