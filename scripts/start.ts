import { join } from 'node:path';
import {
  dataDirSetting,
  dynamodbEndpointSetting,
  localSiteSetting,
  portSetting,
  setEnvironmentDefault,
  skipBuildSetting,
  staffEmailSetting,
  staffPasswordSetting,
} from './config.ts';
import { StartupError, startRuntime } from './local/runtime.ts';
import { buildSiteIfStale, SITE_DIST } from './local/site-build.ts';

/** `npm start`: the whole product on this machine (site, API, DynamoDB Local, S3-compatible store). */
// Node 20 is supported by the pinned SDK; its notice about future releases is noise here.
setEnvironmentDefault('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');
const root = join(import.meta.dirname, '..');

async function main() {
  // SKIP_BUILD=1 serves whatever is built; LOCAL_SITE=off serves no site, so builds none.
  if (skipBuildSetting() !== '1' && localSiteSetting() !== 'off') buildSiteIfStale();
  const port = Number(portSetting() ?? 3000);
  const runtime = await startRuntime({
    port,
    dataDir: dataDirSetting() ?? join(root, '.data'),
    distDir: SITE_DIST,
    dynamodbEndpoint: dynamodbEndpointSetting(),
    staffPassword: staffPasswordSetting(),
    staffEmail: staffEmailSetting(),
    // LOCAL_SITE=off serves the API alone: no site to build or publish (the runtime's tests).
    serveSite: localSiteSetting() !== 'off',
  });
  console.log(`Creator LLC is running at ${runtime.url}`);
  console.log(`  data folder:     ${runtime.dataDir}`);
  console.log(`  sent email:      ${runtime.mailViewerUrl}  (also as .eml files in ${runtime.dataDir}/mail)`);
  console.log(`  staff sign-in:   ${runtime.staffEmail} / ${runtime.staffPassword}  (owner; staff login at ${runtime.url}/staff/login)`);
  console.log(`  DynamoDB:        ${runtime.dynamodbEndpoint}  (npm run staff:reset-factor -- --stage local --endpoint ...)`);
  console.log('Press Ctrl-C to stop.');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
