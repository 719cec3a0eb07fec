import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PARTS } from './parts.ts';
import { type BenchRow, printTable, toMarkdown } from './table.ts';

/**
 * `npm run bench`: every benchmark in one table, each figure with its budget: the Lambda
 * functions against their SDK floor (./lambda.ts), the web pages against static HTML
 * (./web.ts), local load (./load.ts), the staff screens at scale (./scale.ts) and the cost
 * model (./cost.ts), each part in a process of its own (./parts.ts); `--write` also refreshes
 * docs/benchmarks.md. `--only lambda,web,...` runs some of them (without --write).
 */
const NOTES_MARKER = '<!-- notes: kept when the table is refreshed -->';

/** Runs one part in its own process and returns its rows (a failed part fails the bench). */
function runPart(part: string): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'creator-llc-bench-'));
  try {
    const out = join(dir, 'rows.json');
    // --expose-gc: the export part samples the heap after a collection (./back-office.ts).
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(import.meta.dirname, 'parts.ts'), part, out], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`The ${part} benchmark failed (exit ${r.status ?? r.signal})`);
    return JSON.parse(readFileSync(out, 'utf8')) as BenchRow[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt >= 0 ? process.argv[onlyAt + 1].split(',') : [...PARTS];
  const write = process.argv.includes('--write') && onlyAt < 0;
  const rows: BenchRow[] = [];
  for (const part of PARTS) {
    if (!only.includes(part)) continue;
    console.log(`== ${part}`);
    rows.push(...runPart(part));
  }

  printTable(rows);
  const failed = rows.filter((r) => !r.ok);
  console.log(failed.length ? `\n${failed.length} figure(s) outside budget.` : '\nEvery figure is within budget.');

  const unpublishable = rows.filter((r) => r.unpublishable);
  if (write && unpublishable.length)
    console.log(
      `\nNot writing docs/benchmarks.md: ${unpublishable.length} figure(s) were taken above a load average of 1 (see the load rows); run again on an idle machine.`,
    );
  if (write && !unpublishable.length) {
    const date = new Date().toISOString().slice(0, 10);
    const doc = [
      '# Benchmarks',
      '',
      `Measured ${date} with \`npm run bench\` on a ${cpus().length}-core machine shared with other work (${process.platform}, Node ${process.version}), Debian Chromium for the web pages. Refresh with \`npm run bench -- --write\`.`,
      '',
      "- **lambda**: each function as `npm run build:functions` builds it, against its reference: a handler that loads exactly the AWS SDK clients the function loads, the same way (at load or on first use), built the same way, and nothing else. Cold import = a fresh Node process from start until the handler module is imported, in CPU time (wall time beside it), median of 5 pairs measured alternately (`scripts/bench/lambda.ts`). Reported, with no pass or fail: a budget of 1.3x the reference was kept for a while and retired, because on a shared 2-core machine one run moves a function's ratio by 0.15 to 0.3, so a third of the functions changed sides from run to run, and the changes made to stay under it (a patched font library, generated code-point tables, annotated tables, tests pinning start files) cost every later change more than the milliseconds bought. What users gain from stays: one build per function, SDKs and rare libraries loaded on first use.",
      "- **web**: Lighthouse 13 mobile, median of 3 per page, the buyer's pages opened as the buyer's browser opens them (a saved application for the wizard's steps 2-4, a submitted one for the checkout, a paid order filed with its EIN for the order page). Each row says its throttling: simulated (Lighthouse's default, the score PageSpeed Insights shows) for performance, TBT, CLS, SEO, accessibility and the entry script's evaluation (`bootup-time`); devtools throttling (a phone's network and CPU applied to the real load) for each page's LCP against its floor, the same served HTML with every script removed, served by the same static server beside the same assets, loaded alternately with the page. The machine's load average is read before each page; the bench waits for it to be at most 1 and writes no table with a figure taken above that (`scripts/bench/web.ts`, docs/decisions/0438).",
      '- **load**: open-loop visitor rounds against `npm start`, one viewer address per round through the origin-verified CloudFront-Viewer-Address header (the per-address limits unchanged), DynamoDB Local in memory; the memory of the server is compared after a warm-up round of the same traffic, so growth means a leak, not the heap reaching its working size (`scripts/bench/load.ts`).',
      '- **scale**: the staff dashboard and list handlers at 1,000 and 100,000 applications, DynamoDB commands counted, sizes alternated (`scripts/bench/scale.ts`).',
      "- **reminders**: 100,000 paid orders with the federal estimated-tax series in DynamoDB Local (in memory), their reminder rows as the payment writes them; one run of the reminder sweep on the last day of the spread, when every row is due at once, with its DynamoDB requests counted; the planned send days of the first and the next date, each checked against the 7-day floor and the spread's share of `emailMaxPerDay` (`scripts/bench/reminders.ts`; the 1,200-row version runs in `npm test`).",
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
