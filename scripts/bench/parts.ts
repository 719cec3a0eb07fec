import { writeFileSync } from 'node:fs';
import { runIfMain } from '../cli.ts';
import { benchBackOffice, benchExport } from './back-office.ts';
import { benchCost } from './cost.ts';
import { lambdaBench, measureStackLayers, STACK_RUNS } from './lambda.ts';
import { benchLoad } from './load.ts';
import { benchReminders } from './reminders.ts';
import { benchScale } from './scale.ts';
import type { BenchRow } from './table.ts';
import { benchWeb } from './web.ts';

/**
 * The parts of `npm run bench` (./all.ts), each run in a process of its own by
 * `tsx scripts/bench/parts.ts <part> <rows.json>`: a part that starts a local runtime or a
 * DynamoDB Local leaves module state behind (the process's DynamoDB client, its configuration),
 * which the next part must not inherit.
 */
export const PARTS = ['lambda', 'web', 'load', 'scale', 'reminders', 'back-office', 'export', 'cost'] as const;
export type Part = (typeof PARTS)[number];

async function lambdaRows(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const r of (await lambdaBench()).rows) {
    rows.push(
      {
        area: 'lambda',
        metric: `${r.name} cold import (reference: ${r.sdk})`,
        value: `${r.ratio.toFixed(2)}x (${r.cpuMs.toFixed(0)} vs ${r.refCpuMs.toFixed(0)} ms CPU; wall ${r.wallMs.toFixed(0)} vs ${r.refWallMs.toFixed(0)} ms)`,
        // Reported, not judged: run-to-run noise is larger than a budget could tell apart.
        budget: '-',
        ok: true,
      },
      {
        area: 'lambda',
        metric: `${r.name} size at start / folder`,
        value: `${r.startKb.toFixed(0)} / ${r.totalKb.toFixed(0)} KB`,
        budget: '-',
        ok: true,
      },
    );
  }
  // Not budgets: the floor every route function's ratio sits on (the stack it is built on), measured in the same run.
  for (const r of await measureStackLayers()) {
    rows.push({
      area: 'lambda',
      metric: `stack every route is built on, ${r.layer} (reference: ${r.sdk}; median of ${STACK_RUNS} pairs)`,
      value: `${r.ratio.toFixed(2)}x (${r.cpuMs.toFixed(0)} vs ${r.refCpuMs.toFixed(0)} ms CPU)`,
      budget: '-',
      ok: true,
    });
  }
  return rows;
}

export const RUNNERS: Record<Part, () => Promise<BenchRow[]>> = {
  lambda: lambdaRows,
  web: () => benchWeb(),
  load: benchLoad,
  scale: benchScale,
  reminders: benchReminders,
  'back-office': benchBackOffice,
  export: benchExport,
  cost: benchCost,
};

runIfMain(import.meta.url, async () => {
  const [part, out] = process.argv.slice(2) as [Part, string];
  if (!RUNNERS[part] || !out) throw new Error(`usage: tsx scripts/bench/parts.ts <${PARTS.join('|')}> <rows.json>`);
  writeFileSync(out, JSON.stringify(await RUNNERS[part]()));
  process.exit(0);
});
