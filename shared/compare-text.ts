/**
 * Plain code-unit order for sort comparators: right for ISO timestamps, ids and ASCII names.
 * Used instead of localeCompare, whose collator costs a Lambda a few ms at cold start.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
