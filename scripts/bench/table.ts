/** One row of a benchmark report: a figure, its budget, and whether it holds. */
export interface BenchRow {
  area: string;
  metric: string;
  value: string;
  budget: string;
  ok: boolean;
  /** Taken on a busy machine (the web pages' load gate): printed, never written to docs/benchmarks.md. */
  unpublishable?: boolean;
}

export function printTable(rows: BenchRow[]): void {
  const head = ['area', 'metric', 'value', 'budget', 'ok'];
  const cells = rows.map((r) => [r.area, r.metric, r.value, r.budget, r.ok ? 'yes' : 'NO']);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

/**
 * The rows as a markdown table laid out as the formatter lays one out (each column padded to its
 * widest cell, the rule row in dashes), so a refreshed docs/benchmarks.md passes `biome ci`.
 */
export function toMarkdown(rows: BenchRow[]): string {
  const head = ['area', 'metric', 'value', 'budget', 'ok'];
  const cells = rows.map((r) => [r.area, r.metric, r.value, r.budget, r.ok ? 'yes' : 'NO']);
  const widths = head.map((h, i) => Math.max(3, h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}
