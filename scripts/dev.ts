import { join } from 'node:path';
import { createServer } from 'vite';
import { StartupError, startRuntime } from './local/runtime.ts';

/** `npm run dev`: the API runtime plus Vite with hot reload, proxying /api and /documents to it. */
// Node 20 is supported by the pinned SDK; its notice about future releases is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const root = join(import.meta.dirname, '..');

async function main() {
  // Document links go through Vite's origin too (proxied below), so staff uploads stay same-origin.
  process.env.DOCUMENT_LINKS_ORIGIN ??= `http://127.0.0.1:${Number(process.env.PORT ?? 3000)}`;
  const runtime = await startRuntime({
    port: Number(process.env.API_PORT ?? 3001),
    dataDir: process.env.DATA_DIR ?? join(root, '.data'),
    distDir: join(root, 'frontend/dist'),
    dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT,
    staffPassword: process.env.STAFF_PASSWORD,
    staffEmail: process.env.STAFF_EMAIL,
    serveSite: false,
  });
  const vite = await createServer({
    configFile: join(root, 'frontend/vite.config.ts'),
    server: { port: Number(process.env.PORT ?? 3000), host: '127.0.0.1', proxy: { '/api': runtime.url, '/documents': runtime.url } },
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
