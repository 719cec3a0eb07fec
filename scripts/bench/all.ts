import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { benchCost } from './cost.ts';
import { COLD_IMPORT_BUDGET_RATIO, lambdaBench } from './lambda.ts';
import { benchLoad } from './load.ts';
import { benchScale } from './scale.ts';
import { type BenchRow, printTable, toMarkdown } from './table.ts';
import { benchWeb } from './web.ts';

/**
 * `npm run bench`: every benchmark in one table, each figure with its budget: the Lambda
 * functions against their SDK floor (./lambda.ts), the web pages against static HTML
 * (./web.ts), local load (./load.ts), the staff screens at scale (./scale.ts) and the cost
 * model (./cost.ts); `--write` also refreshes docs/benchmarks.md. `--only lambda,web,...` runs
 * some of them (without --write).
 */
const NOTES_MARKER = '<!-- notes: kept when the table is refreshed -->';
const PARTS = ['lambda', 'web', 'load', 'scale', 'cost'] as const;

async function lambdaRows(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const r of (await lambdaBench()).rows) {
    rows.push(
      {
        area: 'lambda',
        metric: `${r.name} cold import (reference: ${r.sdk})`,
        value: `${r.ratio.toFixed(2)}x (${r.cpuMs.toFixed(0)} vs ${r.refCpuMs.toFixed(0)} ms CPU; wall ${r.wallMs.toFixed(0)} vs ${r.refWallMs.toFixed(0)} ms)`,
        budget: `≤ ${COLD_IMPORT_BUDGET_RATIO}x`,
        ok: r.withinBudget,
      },
      { area: 'lambda', metric: `${r.name} size at start / folder`, value: `${r.startKb.toFixed(0)} / ${r.totalKb.toFixed(0)} KB`, budget: '-', ok: true },
    );
  }
  return rows;
}

const RUNNERS: Record<(typeof PARTS)[number], () => Promise<BenchRow[]>> = {
  lambda: lambdaRows,
  web: () => benchWeb(),
  load: benchLoad,
  scale: benchScale,
  cost: benchCost,
};

async function main() {
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt >= 0 ? process.argv[onlyAt + 1].split(',') : [...PARTS];
  const write = process.argv.includes('--write') && onlyAt < 0;
  const rows: BenchRow[] = [];
  for (const part of PARTS) {
    if (!only.includes(part)) continue;
    console.log(`== ${part}`);
    rows.push(...(await RUNNERS[part]()));
  }

  printTable(rows);
  const failed = rows.filter((r) => !r.ok);
  console.log(failed.length ? `\n${failed.length} figure(s) outside budget.` : '\nEvery figure is within budget.');

  if (write) {
    const date = new Date().toISOString().slice(0, 10);
    const doc = [
      '# Benchmarks',
      '',
      `Measured ${date} with \`npm run bench\` on a ${cpus().length}-core machine shared with other work (${process.platform}, Node ${process.version}), Debian Chromium for the web pages. Refresh with \`npm run bench -- --write\`.`,
      '',
      '- **lambda**: each function as `npm run build:functions` builds it, against its reference: a handler that loads exactly the AWS SDK clients the function loads, the same way (at load or on first use), built the same way, and nothing else. Cold import = a fresh Node process from start until the handler module is imported, in CPU time (wall time beside it), median of 5 pairs measured alternately (`scripts/bench/lambda.ts`).',
      '- **web**: Lighthouse mobile, median of 3; the landing page alternates with its floor, the same prerendered HTML with every script removed, served by the same static server beside the same assets (`scripts/bench/web.ts`).',
      '- **load**: open-loop visitor rounds against `npm start`, one viewer address per round through the origin-verified CloudFront-Viewer-Address header (the per-address limits unchanged), DynamoDB Local in memory (`scripts/bench/load.ts`).',
      '- **scale**: the staff dashboard and list handlers at 1,000 and 100,000 applications, DynamoDB commands counted, sizes alternated (`scripts/bench/scale.ts`).',
      '- **cost**: one order journey run against the local runtime with every request counted, AWS list prices (`scripts/bench/cost.ts`).',
      '',
      toMarkdown(rows),
      '',
    ].join('\n');
    // Hand-written analysis below the marker survives a refresh.
    const file = join(import.meta.dirname, '../../docs/benchmarks.md');
    const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const notes = previous.includes(NOTES_MARKER) ? previous.slice(previous.indexOf(NOTES_MARKER)) : `${NOTES_MARKER}\n`;
    writeFileSync(file, `${doc}\n${notes}`);
    console.log('Wrote docs/benchmarks.md');
  }
  process.exit(failed.length ? 1 : 0);
}

await main();
