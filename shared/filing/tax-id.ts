/**
 * Which nine-digit numbers can be a US taxpayer id of each kind, before anyone types them into
 * the IRS's EIN application:
 * - SSN: the Social Security Administration issues none whose first three digits (the area) are
 *   000, 666 or 900-999 (https://www.ssa.gov/employer/randomization.html).
 * - ITIN: the IRS issues ITINs as nine-digit numbers that begin with 9
 *   (https://www.irs.gov/individuals/individual-taxpayer-identification-number).
 */
export type TaxIdType = 'ssn' | 'itin';

/** The sentence for the field when `digits` (nine digits, dashes allowed) cannot be of `type`; undefined when it can. */
export function taxIdProblem(type: TaxIdType, value: string): string | undefined {
  const digits = value.replace(/-/g, '');
  if (!/^\d{9}$/.test(digits)) return undefined;
  const area = digits.slice(0, 3);
  if (type === 'itin') return digits.startsWith('9') ? undefined : 'An ITIN always starts with 9: check the number, or choose SSN';
  if (area === '000' || area === '666' || digits.startsWith('9'))
    return digits.startsWith('9')
      ? 'An SSN never starts with 9 (numbers that do are ITINs): check the number, or choose ITIN'
      : `An SSN never starts with ${area}: check the number`;
  return undefined;
}
