import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '#shared/staff/accounts.ts';

/**
 * One-time recovery codes of the second factor (docs/decisions/0300-second-factor-changes-and-recovery-codes.md): ten at each
 * enrolment, shown once, stored only as hashes on the person's item. Each code is 10 characters
 * of a 32-letter alphabet (50 random bits), so a plain SHA-256 is enough to store it: unlike a
 * password it cannot be guessed from a list, and every guess at the code step is slowed and
 * counted like a wrong authenticator code.
 */

/** "k3m9qx7hta" -> "k3m9q-x7hta": what the person is shown and types. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** The hash a code is stored under (the code as typed, normalised by the request schema). */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(`staff-recovery:${code}`).digest('base64url');

/** Ten new codes: the formatted codes to show once, and the hashes to store (hash -> when generated). */
export function newRecoveryCodes(now = new Date()): { codes: string[]; stored: Record<string, string> } {
  const codes: string[] = [];
  const stored: Record<string, string> = {};
  while (codes.length < RECOVERY_CODE_COUNT) {
    let code = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    const hash = hashRecoveryCode(code);
    if (Object.hasOwn(stored, hash)) continue;
    stored[hash] = now.toISOString();
    codes.push(formatRecoveryCode(code));
  }
  return { codes, stored };
}
