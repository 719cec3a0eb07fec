/**
 * The EIN the IRS assigns an LLC: nine digits written XX-XXXXXXX, whose first two digits (the
 * prefix) name the IRS campus or channel that assigned it. The prefixes are the IRS's own list,
 * "How EINs are assigned and valid EIN prefixes",
 * https://www.irs.gov/businesses/small-businesses-self-employed/how-eins-are-assigned-and-valid-ein-prefixes
 * per campus: Andover 10, 12; Atlanta 60, 67; Austin 50, 53; Brookhaven 01-06, 11, 13, 14, 16,
 * 21-23, 25, 34, 51, 52, 54-59, 65; Cincinnati 30, 32, 35-38, 61; Fresno 15, 24; Kansas City 40,
 * 44; Memphis 94, 95; Ogden 80, 90; Philadelphia 33, 39, 41-43, 46, 48, 62-64, 66, 68, 71-77,
 * 85-88, 91-93, 98, 99; Internet 20, 26, 27, 45-47, 81-88; Small Business Administration 31.
 * Checked on 2026-11-27 against copies of that table (the page itself could not be fetched
 * from here): the campus lists differ between copies in which of 81-88 belong to Philadelphia or
 * the Internet channel, never in the prefixes issued, which are these 83. A number outside them
 * is a typing mistake.
 */

const ranges: [number, number][] = [
  [1, 6],
  [10, 16],
  [20, 27],
  [30, 48],
  [50, 68],
  [71, 77],
  [80, 88],
  [90, 95],
  [98, 99],
];

/** Every prefix the IRS issues, two digits each. */
export const EIN_PREFIXES: readonly string[] = ranges.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, '0')),
);

/** Why `value` is not an EIN, in the sentence staff see, or undefined. Dashes and spaces are ignored. */
export function einProblem(value: string): string | undefined {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{9}$/.test(digits)) return 'Enter the 9 digits of the EIN, like 12-3456789';
  if (!EIN_PREFIXES.includes(digits.slice(0, 2)))
    return `No EIN starts with ${digits.slice(0, 2)}: the IRS issues none with that prefix. Check the number on the IRS letter`;
  return undefined;
}

/** The EIN as the IRS writes it (XX-XXXXXXX); `value` must pass einProblem. */
export function formatEin(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return `${digits.slice(0, 2)}-${digits.slice(2)}`;
}
