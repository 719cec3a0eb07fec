import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { APP_SHELL_FILE, PRERENDERED_PAGES } from '../site/pages.ts';
import { runIfMain } from './cli.ts';
import { DIST } from './prerender.ts';

/**
 * `npm run check:html` (after `npm run build`; .ci/run runs it): the built pages, each
 * prerendered page and the app shell, through the Nu HTML Checker (npm `vnu-jar`, run with the
 * machine's Java, as DynamoDB Local is). Any error fails; warnings and notes are printed only with
 * `--verbose`.
 */
export interface HtmlMessage {
  file: string;
  type: string;
  subType?: string;
  line?: number;
  message: string;
}

export function builtPages(dist = DIST): string[] {
  return [...PRERENDERED_PAGES.map((p) => p.file), APP_SHELL_FILE].map((file) => join(dist, file));
}

/** The checker's messages for `files` (its JSON output). */
export function checkHtml(files: readonly string[]): HtmlMessage[] {
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`Not built: ${missing.join(', ')}. Run "npm run build" first.`);
  const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
  // The checker writes its JSON report to stderr.
  const run = spawnSync('java', ['-jar', jar, '--format', 'json', '--exit-zero-always', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error || run.status !== 0) throw new Error(`The Nu HTML Checker did not run (Java 17 is needed): ${run.error?.message ?? run.stderr}`);
  // After whatever the JVM says first ("Picked up JAVA_TOOL_OPTIONS: ..." where that is set).
  const out = run.stderr.slice(Math.max(0, run.stderr.indexOf('{')));
  return parseReport(out);
}

function parseReport(json: string): HtmlMessage[] {
  const report = JSON.parse(json || '{"messages":[]}') as { messages: { url?: string; type: string; subType?: string; lastLine?: number; message: string }[] };
  return report.messages.map((m) => ({
    file: (m.url ?? '').replace(/^file:/, ''),
    type: m.type,
    subType: m.subType,
    line: m.lastLine,
    message: m.message,
  }));
}

/** Errors are what fails; "error" and a fatal "non-document-error" alike. */
export const isError = (m: HtmlMessage) => m.type === 'error' || (m.type === 'non-document-error' && m.subType !== 'warning');

runIfMain(import.meta.url, async () => {
  const files = builtPages();
  const messages = checkHtml(files);
  const errors = messages.filter(isError);
  const verbose = process.argv.includes('--verbose');
  for (const m of verbose ? messages : errors) console.log(`${m.file}:${m.line ?? '?'}: ${m.type}${m.subType ? `/${m.subType}` : ''}: ${m.message}`);
  console.log(`Nu HTML Checker: ${files.length} pages, ${errors.length} errors (${messages.length - errors.length} warnings and notes)`);
  if (errors.length) process.exit(1);
});
