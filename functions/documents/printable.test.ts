import { describe, expect, it } from 'vitest';
import { PRINTABLE_NAME_RANGES } from '#shared/data/printable-characters.ts';
import { filingDetailsBodySchema } from '#shared/filing/details.schema.ts';
import { unprintableCharacters, unprintableMessage } from '#shared/name-patterns.ts';
import { wizardDataSchema } from '#shared/wizard/data.schema.ts';
import { businessNameSchema } from '#shared/wizard/fields.schema.ts';
import { encodeRanges, fontRuns, printableNameRanges } from './fonts.ts';

/**
 * Every name the wizard and the filing form accept prints in every document: the browser and the
 * server refuse, naming it, a letter no document font has (shared/data/printable-characters.ts,
 * written from the fonts), and store names in one Unicode form (NFC).
 */
describe('printable names', () => {
  it('the shared list of printable characters is the one the fonts give (run scripts/data/printable-characters.ts after a font changes)', () => {
    expect(PRINTABLE_NAME_RANGES).toBe(encodeRanges(printableNameRanges()));
  });

  it('accepts the letters and marks our fonts print, the overlay marks U+0334-U+0338 included', () => {
    for (const name of ['Zoë Ünlü', 'Zo\u0335e Ma\u0338rk', 'Nguyễn Thị Hương', '山田太郎', 'محمد علي', 'ø\u0315'])
      expect(unprintableCharacters(name), name).toEqual([]);
    // Each of them has a font that prints it (no fallback to a font without the glyph).
    expect(fontRuns('Ma\u0338rk').every((r) => r.file.startsWith('NotoSans'))).toBe(true);
  });

  it('names the letters no font of ours has, each once', () => {
    expect(unprintableCharacters('ᏣᎳᎩ Ꮳ')).toEqual(['Ꮳ', 'Ꮃ', 'Ꭹ']);
    expect(unprintableMessage('First name', 'Ꮳ Lee')).toBe(
      `First name can't contain "Ꮳ" (U+13E3): the state's forms and your documents cannot print this character. Write the name without it.`,
    );
    expect(unprintableMessage('First name', 'Lee')).toBeUndefined();
  });

  it('the wizard refuses such a name with that sentence and stores names in NFC', () => {
    const refused = businessNameSchema.safeParse('ᏣᎳᎩ Media LLC');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toMatch(/^Business name can't contain "Ꮳ" \(U\+13E3\), "Ꮃ" \(U\+13B3\) or "Ꭹ" \(U\+13A9\)/);
    expect(businessNameSchema.parse('Cafe\u0301 Media LLC')).toBe('Café Media LLC');
    const first = wizardDataSchema.shape.firstName.safeParse('Ꮳ');
    expect(first.error?.issues[0].message).toContain('First name can\'t contain "Ꮳ" (U+13E3)');
    expect(wizardDataSchema.shape.firstName.parse('Zoe\u0308')).toBe('Zoë');
  });

  it('the filing form refuses it for every name it prints, and stores names in NFC', () => {
    const organizer = filingDetailsBodySchema.shape.organizer.shape.name;
    expect(organizer.safeParse('Ꮳ Lee').error?.issues[0].message).toContain('Organizer name can\'t contain "Ꮳ" (U+13E3)');
    expect(organizer.parse('Zoe\u0308 Lee')).toBe('Zoë Lee');
  });
});
