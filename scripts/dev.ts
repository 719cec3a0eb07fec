import { join } from 'node:path';
import { createServer } from 'vite';
import {
  apiPortSetting,
  dataDirSetting,
  dynamodbEndpointSetting,
  portSetting,
  setEnvironmentDefault,
  staffEmailSetting,
  staffPasswordSetting,
} from './config.ts';
import { StartupError, startRuntime } from './local/runtime.ts';

/** `npm run dev`: the API runtime plus Vite with hot reload, proxying /api and /documents to it. */
// Node 20 is supported by the pinned SDK; its notice about future releases is noise here.
setEnvironmentDefault('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');
const root = join(import.meta.dirname, '..');

async function main() {
  // Document links go through Vite's origin too (proxied below), so staff uploads stay same-origin.
  setEnvironmentDefault('DOCUMENT_LINKS_ORIGIN', `http://127.0.0.1:${Number(portSetting() ?? 3000)}`);
  const runtime = await startRuntime({
    port: Number(apiPortSetting() ?? 3001),
    dataDir: dataDirSetting() ?? join(root, '.data'),
    distDir: join(root, 'frontend/dist'),
    dynamodbEndpoint: dynamodbEndpointSetting(),
    staffPassword: staffPasswordSetting(),
    staffEmail: staffEmailSetting(),
    serveSite: false,
  });
  const vite = await createServer({
    configFile: join(root, 'frontend/vite.config.ts'),
    server: { port: Number(portSetting() ?? 3000), host: '127.0.0.1', proxy: { '/api': runtime.url, '/documents': runtime.url } },
  });
  await vite.listen();
  console.log(`Creator LLC (dev) at http://127.0.0.1:${vite.config.server.port}  (API ${runtime.url})`);
  console.log(`  data folder:     ${runtime.dataDir}`);
  console.log(`  staff sign-in:   ${runtime.staffEmail} / ${runtime.staffPassword}`);
  const shutdown = async () => {
    await vite.close();
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
