/**
 * Whole numbers with thousands separators, "1,234,567". Written out rather than through
 * toLocaleString: the first locale call loads ICU data, which costs a Lambda ~5 ms at cold start.
 */
export function groupThousands(n: number): string {
  const s = String(Math.abs(Math.round(n)));
  const grouped = s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 && Math.round(n) !== 0 ? `-${grouped}` : grouped;
}

/** Money is shown in whole US dollars without decimals (docs/product.md section 9). */
export function formatUsd(dollars: number): string {
  const rounded = Math.round(dollars);
  return rounded < 0 ? `-$${groupThousands(-rounded)}` : `$${groupThousands(rounded)}`;
}

/** An amount in cents (as providers and the server keep money), shown as formatUsd shows dollars. */
export function formatCents(cents: number): string {
  return formatUsd(cents / 100);
}

/**
 * An exact amount in cents as customers read it: whole dollars as formatUsd shows them ("$50"),
 * others to the cent ("$12.34"), never "$50.00" (a refund or a dispute may be any amount).
 */
export function formatExactCents(cents: number): string {
  const rounded = Math.round(cents);
  if (rounded % 100 === 0) return formatCents(rounded);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  return `${sign}$${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
