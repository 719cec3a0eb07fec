import { describe, expect, it } from 'vitest';
import { BUSINESS_NAME, PERSON_NAME } from './name-patterns.ts';

// [value, a person's name accepts it, a business name accepts it]
const VERDICTS: [string, boolean, boolean][] = [
  ['', true, true],
  ['Zoë Ünlü-Łódź', true, true],
  ["O'Brien, Jr.", true, true],
  ['O’Neil', true, true],
  ['李明', true, true],
  ['Ж\u0301ан', true, true],
  ['A\tB', true, true],
  ['Studio ٣2 & Co.', false, true],
  ['Acme (East) #2: A/B + C@D!?', false, true],
  ['Café™', false, false],
  ['Name $', false, false],
  ['x😀', false, false],
  ['a\u0000b', false, false],
  ['a_b', false, false],
  ['a"b', false, false],
];

describe('shared/name-patterns.ts', () => {
  for (const [value, person, business] of VERDICTS) {
    it(`${JSON.stringify(value)}: person ${person ? 'accepts' : 'refuses'}, business ${business ? 'accepts' : 'refuses'}`, () => {
      expect(PERSON_NAME.test(value)).toBe(person);
      expect(BUSINESS_NAME.test(value)).toBe(business);
    });
  }

  it('writes its classes as Unicode property escapes, so the OpenAPI document reads as the rule', () => {
    expect(PERSON_NAME.source).toBe("^[\\p{L}\\p{M}\\s'’.,-]*$");
    expect(BUSINESS_NAME.source).toBe("^[\\p{L}\\p{M}\\p{N}\\s&'’.,!?()+@#:/-]*$");
  });
});
