import { build } from 'esbuild';
import { esbuildOptions } from '../infra/lambda-bundle.ts';

/**
 * `tsx scripts/bundle-function.ts <entry> <outfile>`: bundles one Lambda handler with the
 * shared options and plugins (infra/lambda-bundle.ts). Run by each NodejsFunction's
 * afterBundling hook, because the esbuild CLI that NodejsFunction runs cannot load plugins.
 */
const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error('usage: tsx scripts/bundle-function.ts <entry> <outfile>');
  process.exit(2);
}
await build(esbuildOptions(entry, outfile));
