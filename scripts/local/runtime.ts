import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { hashPassword } from '../../functions/lib/password.ts';
import {
  awsAccessKeyIdSetting,
  awsRegionSetting,
  awsSecretAccessKeySetting,
  documentLinksOriginSetting,
  emailFromSetting,
  inboundEmailDomainSetting,
  linkSigningKeySetting,
  localJobsSetting,
  localReminderSweepMsSetting,
  localSweepMsSetting,
  localTtlSweepMsSetting,
  mailSmtpPortSetting,
  mailViewerPortSetting,
  setEnvironment,
  siteUrlSetting,
  staffSecondFactorSetting,
  stripeSecretKeySetting,
} from '../config.ts';
import { handleApiRequest } from './adapter.ts';
import { DOCUMENTS_PATH_PREFIX, proxyDocumentRequest } from './documents-proxy.ts';
import { localLinkSigningKey, localMasterKeyFile } from './keys.ts';
import { feedInboundEmail, LOCAL_INBOUND_DOMAIN, startMailCatcher, startStreamPoller, startTimer } from './mail.ts';
import { ensureTables, javaAvailable, type RunningService, startDynamoDbLocal, startS3, tableEnv } from './services.ts';
import { serveStatic } from './static.ts';
import { sweepExpiredItems } from './ttl-sweep.ts';

export const LOCAL_DOCUMENTS_BUCKET = 'creator-llc-documents';
export const LOCAL_TABLE_PREFIX = 'creator-llc';

export interface RuntimeOptions {
  port: number;
  dataDir: string;
  distDir: string;
  /** Use an existing DynamoDB instead of starting DynamoDB Local. */
  dynamodbEndpoint?: string;
  staffPassword?: string;
  /** The owner's email address (STAFF_EMAIL); DEFAULT_OWNER_EMAIL when not given. */
  staffEmail?: string;
  /** Serve the built SPA (false for `npm run dev`, where Vite serves it). */
  serveSite?: boolean;
}

export interface Runtime {
  url: string;
  /** The mail catcher's web viewer, where every email the product sends can be read. */
  mailViewerUrl: string;
  staffPassword: string;
  /** The owner's email address, who signs in with staffPassword. */
  staffEmail: string;
  /** Where the tables are (DynamoDB Local, or the DYNAMODB_ENDPOINT given): for operator commands such as `npm run staff:reset-factor`. */
  dynamodbEndpoint: string;
  dataDir: string;
  server: Server;
  stop(): Promise<void>;
}

export class StartupError extends Error {}

/** The outbox sweep runs every 5 minutes on AWS; locally every 30 s, so retries show up while you watch. */
const LOCAL_SWEEP_MS = Number(localSweepMsSetting()) || 30_000;
/** The reminder and renewal sweeps run daily on AWS; locally at start and then hourly (each acts once however often it runs). */
const LOCAL_REMINDER_SWEEP_MS = Number(localReminderSweepMsSetting()) || 3_600_000;
/** How often expired items are deleted (DynamoDB's TTL, twinned: scripts/local/ttl-sweep.ts). */
const LOCAL_TTL_SWEEP_MS = Number(localTtlSweepMsSetting()) || 60_000;

function optionalPort(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The owner's address when STAFF_EMAIL is not set (README, "Environment variables"). */
export const DEFAULT_OWNER_EMAIL = 'owner@creator-llc.local';

/** The staff password: STAFF_PASSWORD, else one generated on first start and kept in DATA_DIR. */
export function staffPasswordFor(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'staff-password.txt');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const generated = randomBytes(12).toString('base64url');
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  return generated;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new StartupError(`Port ${port} is already in use: stop what is using it or set PORT to another port.`) : err);
    });
    server.listen(port, '127.0.0.1', () => resolvePromise());
  });
}

/** Starts DynamoDB Local, the S3-compatible store and the HTTP server for the API and the site. */
export async function startRuntime(opts: RuntimeOptions): Promise<Runtime> {
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  if (!opts.dynamodbEndpoint && !javaAvailable()) {
    throw new StartupError(
      'Java 17 is needed to run DynamoDB Local: install it (Debian/Ubuntu: sudo apt-get install openjdk-17-jre-headless; macOS: brew install openjdk@17), or set DYNAMODB_ENDPOINT to use an existing DynamoDB.',
    );
  }
  const services: RunningService[] = [];
  // Where the site publisher writes the prerendered pages with this data folder's texts.
  const sitePagesDir = join(dataDir, 'site');
  // The port is claimed before the databases are up; until then every request gets a 503.
  let ready = false;
  // The S3-compatible store, once started: `/documents/*` goes there as CloudFront sends it to the bucket.
  let documentsStore: string | undefined;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!ready) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ error: 'The server is starting; try again in a moment', code: 'service_unavailable' }));
    } else if (path === '/api' || path.startsWith('/api/')) {
      void handleApiRequest(req, res);
    } else if (path.startsWith(DOCUMENTS_PATH_PREFIX) && documentsStore) {
      proxyDocumentRequest(req, res, documentsStore, LOCAL_DOCUMENTS_BUCKET);
    } else if (opts.serveSite === false) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Not found', code: 'route_not_found' }));
    } else {
      serveStatic(opts.distDir, req, res, sitePagesDir);
    }
  });
  // Idle keep-alive connections stay open longer than clients keep them (undici drops its own
  // after 4 s): a server closing one just as a slow client reuses it answers with a reset.
  server.keepAliveTimeout = 65_000;
  // Claim the port first so a port in use fails before anything else starts.
  await listen(server, opts.port);
  const stop = async () => {
    await new Promise<void>((r) => server.close(() => r()));
    server.closeAllConnections?.();
    await Promise.allSettled(services.map((s) => s.stop()));
  };
  try {
    let dynamoEndpoint = opts.dynamodbEndpoint;
    if (!dynamoEndpoint) {
      const ddb = await startDynamoDbLocal(join(dataDir, 'dynamodb'), { restartOnExit: true });
      services.push(ddb);
      dynamoEndpoint = ddb.endpoint;
    }
    const tables = await ensureTables(dynamoEndpoint, LOCAL_TABLE_PREFIX);
    const s3 = await startS3(join(dataDir, 's3'), [LOCAL_DOCUMENTS_BUCKET]);
    services.push(s3);
    documentsStore = s3.endpoint;
    const mail = await startMailCatcher(dataDir, { smtp: optionalPort(mailSmtpPortSetting()), web: optionalPort(mailViewerPortSetting()) });
    services.push(mail);
    const staffPassword = staffPasswordFor(dataDir, opts.staffPassword);
    const staffEmail = (opts.staffEmail || DEFAULT_OWNER_EMAIL).trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(staffEmail)) throw new StartupError(`STAFF_EMAIL is not an email address: ${staffEmail}`);
    const port = (server.address() as { port: number }).port;
    const url = `http://127.0.0.1:${port}`;
    const passwordHash = await hashPassword(staffPassword);
    setEnvironment({
      ...tableEnv(tables),
      DOCUMENTS_BUCKET: LOCAL_DOCUMENTS_BUCKET,
      DEPLOYMENT: 'local',
      PAYMENT_MODE: stripeSecretKeySetting() ? 'live' : 'test',
      AWS_REGION: awsRegionSetting() ?? 'us-east-1',
      AWS_ACCESS_KEY_ID: awsAccessKeyIdSetting() ?? 'local',
      AWS_SECRET_ACCESS_KEY: awsSecretAccessKeySetting() ?? 'local',
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      S3_ENDPOINT: s3.endpoint,
      // Document links through this server's /documents/ (the proxy above), as on AWS through the site.
      DOCUMENT_LINKS_ORIGIN: documentLinksOriginSetting() ?? url,
      SITE_URL: siteUrlSetting() ?? url,
      // The site publisher's local target (site/publisher/handler.ts): the built shell in, the pages out.
      SITE_TEMPLATE_DIR: opts.distDir,
      SITE_DIR: sitePagesDir,
      STAFF_PASSWORD_HASH: passwordHash,
      STAFF_OWNER_EMAIL: staffEmail,
      // A second factor is asked for on the prod stage; locally it is offered, not required.
      STAFF_SECOND_FACTOR: staffSecondFactorSetting() ?? 'optional',
      EMAIL_TRANSPORT: 'smtp',
      EMAIL_FROM: emailFromSetting() ?? 'CreatorLLC <orders@creator-llc.local>',
      SMTP_PORT: String(mail.smtpPort),
      MAIL_DIR: join(dataDir, 'mail'),
      // Replies to conversation emails come back here: the mail catcher takes mail for this domain (below).
      INBOUND_EMAIL_DOMAIN: inboundEmailDomainSetting() ?? LOCAL_INBOUND_DOMAIN,
      LINK_SIGNING_KEY: linkSigningKeySetting() ?? localLinkSigningKey(dataDir),
      LOCAL_MASTER_KEY_FILE: localMasterKeyFile(dataDir),
    });
    const { seedLocalData } = await import('../seed.ts');
    await seedLocalData();
    // The first start creates the owner's account with the staff password (later starts keep it).
    const { ensureOwnerAccount } = await import('../../functions/data/staff-accounts.ts');
    await ensureOwnerAccount({ email: staffEmail, passwordHash });
    // The AWS triggers' twins, calling the same handlers: the outbox stream and the sweep.
    const { handler: outboxStream } = await import('../../functions/jobs/outbox-stream.ts');
    const { handler: outboxSweep } = await import('../../functions/jobs/outbox-sweep.ts');
    // LOCAL_JOBS=off runs the API without them (queued email waits in the outbox for the next start).
    if (localJobsSetting() !== 'off') services.unshift(startStreamPoller(dynamoEndpoint, tables.outbox, outboxStream), startTimer(outboxSweep, LOCAL_SWEEP_MS));
    // SES receiving, twinned: mail the catcher receives for the inbound domain is stored in the
    // local bucket as SES stores it, and handed to the reply job as the bucket's notification.
    const { handler: inboundEmail } = await import('../../functions/jobs/inbound-email.ts');
    if (localJobsSetting() !== 'off')
      mail.onMessage(async (message) => {
        await feedInboundEmail(message, inboundEmail);
      });
    // EventBridge's daily rule, twinned: the compliance calendar's reminder sweep on a timer.
    const { handler: reminderSweep } = await import('../../functions/jobs/reminder-sweep.ts');
    if (localJobsSetting() !== 'off') services.unshift(startTimer(reminderSweep, LOCAL_REMINDER_SWEEP_MS));
    // And the renewal sweep's: the agreed renewals due today charged (each period once however often it runs).
    const { handler: renewalSweep } = await import('../../functions/jobs/renewal-sweep.ts');
    if (localJobsSetting() !== 'off') services.unshift(startTimer(renewalSweep, LOCAL_REMINDER_SWEEP_MS));
    // DynamoDB's TTL, twinned: unpaid applications, sent email and the rest leave when promised.
    const endpoint = dynamoEndpoint;
    if (localJobsSetting() !== 'off') services.unshift(startTimer(() => sweepExpiredItems(endpoint, tables), LOCAL_TTL_SWEEP_MS));
    // The site publisher's twin: the prerendered pages rendered now with this data folder's texts,
    // and again whenever staff publish one or save the operator's settings (the content and
    // operator settings tables' streams), into the folder served above.
    if (opts.serveSite !== false) {
      const { handler: publishSite } = await import('../../site/publisher/handler.ts');
      await publishSite();
      services.unshift(startStreamPoller(dynamoEndpoint, tables.content, publishSite));
      services.unshift(startStreamPoller(dynamoEndpoint, tables.operatorSettings, publishSite));
    }
    ready = true;
    return { url, mailViewerUrl: mail.viewerUrl, staffPassword, staffEmail, dynamodbEndpoint: dynamoEndpoint, dataDir, server, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
