/**
 * "tx " -> "TX"; anything but two letters -> undefined. A module of its own so that importing it
 * does not bundle the fee and tax records of ./facts.ts with every price.
 */
export function normalizeCode(code: string | undefined | null): string | undefined {
  const c = (code ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(c) ? c : undefined;
}
