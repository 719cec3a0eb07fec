import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { COLD_IMPORT_BUDGET_RATIO, lambdaBench } from './lambda.ts';
import { benchLoad } from './load.ts';
import { type BenchRow, printTable, toMarkdown } from './table.ts';
import { benchWeb } from './web.ts';

/**
 * `npm run bench`: every benchmark (Lambda bundles, web pages, load and soak) in one table with
 * each figure and its budget; `--write` also refreshes docs/benchmarks.md.
 */
const NOTES_MARKER = '<!-- notes: kept when the table is refreshed -->';

async function main() {
  const rows: BenchRow[] = [];

  console.log('== Lambda functions');
  const lambda = await lambdaBench();
  for (const r of lambda.rows) {
    rows.push({
      area: 'lambda',
      metric: `${r.name} cold import (reference: ${r.sdk})`,
      value: `${r.ratio.toFixed(2)}x (${r.cpuMs.toFixed(0)} ms vs ${r.refCpuMs.toFixed(0)} ms CPU)`,
      budget: `≤ ${COLD_IMPORT_BUDGET_RATIO}x`,
      ok: r.withinBudget,
    });
    rows.push({
      area: 'lambda',
      metric: `${r.name} size (at start / folder)`,
      value: `${r.startKb.toFixed(0)} / ${r.totalKb.toFixed(0)} KB`,
      budget: '-',
      ok: true,
    });
  }

  console.log('== Web pages');
  rows.push(...(await benchWeb()));

  console.log('== Load and soak');
  rows.push(...(await benchLoad()));

  printTable(rows);
  const failed = rows.filter((r) => !r.ok);
  console.log(failed.length ? `\n${failed.length} figure(s) outside budget.` : '\nEvery figure is within budget.');

  if (process.argv.includes('--write')) {
    const date = new Date().toISOString().slice(0, 10);
    const doc = [
      '# Benchmarks',
      '',
      `Measured ${date} with \`npm run bench\` on a ${cpus().length}-core machine (${process.platform}, Node ${process.version}), Debian Chromium for the web pages. Lighthouse figures are medians of 3 mobile runs; they move with machine load. Refresh with \`npm run bench -- --write\`.`,
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
