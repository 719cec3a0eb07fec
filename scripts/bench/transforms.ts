import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { BUNDLE_TRANSFORMS, buildFunction, functionSources, REPO_ROOT } from '../../infra/lambda-bundle.ts';
import { runIfMain } from '../cli.ts';
import { pathSetting, transformRunsSetting } from '../config.ts';
import { measurePair } from './lambda.ts';

/**
 * `npm run bench:transforms`: what each build-time replacement of infra/lambda-bundle.ts
 * (BUNDLE_TRANSFORMS) buys. The function it is measured on is built with every transform and
 * again without that one; both are measured alternately (CPU ms of a cold import, median of 7
 * pairs). A transform stays only if it saves at least KEEP_THRESHOLD_MS, or if the function does
 * not load without it (docs/decisions/0171).
 */
export const KEEP_THRESHOLD_MS = 5;
const RUNS = Number(transformRunsSetting() ?? 11);
const OUT_DIR = join(REPO_ROOT, '.bench', 'transforms');

export interface TransformRow {
  transform: string;
  measuredOn: string;
  withMs: number;
  withoutMs: number;
  savedMs: number;
  withKb: number;
  withoutKb: number;
  /** Why the function does not load without it, when it does not. */
  neededFor?: string;
  keep: boolean;
}

function loads(file: string): string | undefined {
  try {
    execFileSync(process.execPath, ['--input-type=module', '-e', 'await import(process.argv[1])', file], {
      cwd: REPO_ROOT,
      env: { PATH: pathSetting(), DEPLOYMENT: 'aws', PAYMENT_MODE: 'live', AWS_REGION: 'us-east-1', DOCUMENTS_BUCKET: 'b' },
      stdio: 'pipe',
    });
    return undefined;
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err)
      .split('\n')
      .find((l) => /Error/.test(l))
      ?.slice(0, 160);
  }
}

/** `only`: names of the transforms to measure (all when empty). */
export async function transformsBench(only: readonly string[] = []): Promise<TransformRow[]> {
  const rows: TransformRow[] = [];
  for (const t of BUNDLE_TRANSFORMS.filter((x) => !only.length || only.includes(x.name))) {
    const source = functionSources().find((s) => s.name === `handlers/${t.measuredOn}`);
    if (!source) throw new Error(`${t.name}: no function handlers/${t.measuredOn} to measure it on`);
    const dir = join(OUT_DIR, t.name.replace(/\W+/g, '-'));
    const withIt = await buildFunction(source, join(dir, 'with'));
    const without = await buildFunction(source, join(dir, 'without'), { without: [t.name] });
    const neededFor = loads(join(without.dir, 'index.mjs'));
    const m = neededFor ? undefined : measurePair(join(withIt.dir, 'index.mjs'), join(without.dir, 'index.mjs'), RUNS);
    const savedMs = m ? m.refCpuMs - m.cpuMs : Number.NaN;
    rows.push({
      transform: t.name,
      measuredOn: source.name,
      withMs: m ? Math.round(m.cpuMs * 10) / 10 : Number.NaN,
      withoutMs: m ? Math.round(m.refCpuMs * 10) / 10 : Number.NaN,
      savedMs: Math.round(savedMs * 10) / 10,
      withKb: Math.round(withIt.startBytes / 102.4) / 10,
      withoutKb: Math.round(without.startBytes / 102.4) / 10,
      neededFor,
      keep: Boolean(neededFor) || savedMs >= KEEP_THRESHOLD_MS,
    });
  }
  return rows;
}

runIfMain(import.meta.url, async () => {
  const rows = await transformsBench(process.argv.slice(2));
  console.log('| transform | measured on | cold import with / without (CPU ms) | saved ms | KB at start with / without | verdict |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    const verdict = r.neededFor ? `keep: does not load without it (${r.neededFor})` : r.keep ? 'keep' : `drop (< ${KEEP_THRESHOLD_MS} ms)`;
    console.log(`| ${r.transform} | ${r.measuredOn} | ${r.withMs} / ${r.withoutMs} | ${r.savedMs} | ${r.withKb} / ${r.withoutKb} | ${verdict} |`);
  }
});
