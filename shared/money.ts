/** Money is shown in whole US dollars without decimals (SPEC section 9). */
export function formatUsd(dollars: number): string {
  return `$${Math.round(dollars).toLocaleString('en-US')}`;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
