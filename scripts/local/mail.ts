import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent, S3Event } from 'aws-lambda';
import { MailDev } from 'maildev';
import { INBOUND_MAIL_PREFIX } from '../../functions/email/inbound.ts';
import { inboundEmailDomainSetting } from '../config.ts';
import { freePort, type RunningService } from './services.ts';

/**
 * The local twins of the email parts: maildev (SMTP + a web viewer) for SES, a poller on
 * DynamoDB Local's stream for the Streams -> Lambda trigger, and a timer for the scheduled
 * sweep. Each calls the same handler the AWS trigger calls.
 */

export interface MailCatcher extends RunningService {
  smtpPort: number;
  viewerUrl: string;
  /** Calls `listener` with each message the catcher receives from now on: its envelope recipients and its raw MIME. */
  onMessage(listener: (message: { id: string; recipients: string[]; raw: string }) => Promise<void>): void;
}

export async function startMailCatcher(dataDir: string, ports: { smtp?: number; web?: number } = {}): Promise<MailCatcher> {
  const smtpPort = ports.smtp ?? (await freePort());
  const webPort = ports.web ?? (await freePort());
  const mailDirectory = join(dataDir, 'maildev');
  mkdirSync(mailDirectory, { recursive: true });
  const maildev = new MailDev({
    smtp: smtpPort,
    web: webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    mailDirectory,
    silent: true,
    log: { level: 'silent' },
  } as never);
  // maildev announces its API on stdout whatever the log level: keep the start banner ours.
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    String(chunk).startsWith('MailDev') ? true : write(chunk, ...rest)) as typeof process.stdout.write;
  try {
    await maildev.start();
  } finally {
    process.stdout.write = write;
  }
  const viewerUrl = `http://127.0.0.1:${webPort}`;
  const smtp = maildev.getServers()?.smtp;
  return {
    endpoint: viewerUrl,
    viewerUrl,
    smtpPort,
    stop: () => maildev.stop(),
    onMessage(listener) {
      smtp?.on('new', async (email: { id: string; envelope?: { to?: { address: string }[] } }) => {
        try {
          const chunks: Buffer[] = [];
          for await (const chunk of await smtp.getRawEmail(email.id)) chunks.push(Buffer.from(chunk));
          await listener({
            id: email.id,
            recipients: (email.envelope?.to ?? []).map((t) => t.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
        } catch (err) {
          console.error(`mail catcher: message ${email.id} not handled: ${(err as Error).message}`);
        }
      });
    },
  };
}

/** The inbound domain `npm start` receives replies at (INBOUND_EMAIL_DOMAIN overrides it). */
export const LOCAL_INBOUND_DOMAIN = 'reply.creator-llc.local';

/**
 * A message the catcher received for the inbound domain: stored in the local bucket under
 * INBOUND_MAIL_PREFIX and handed to `handler` as the bucket's notification, as on AWS (the SES
 * receipt rule's S3 action, then the bucket's event). Messages to anyone else are left alone.
 */
export async function feedInboundEmail(
  message: { id: string; recipients: string[]; raw: string },
  handler: (event: S3Event) => Promise<void>,
  env?: NodeJS.ProcessEnv,
): Promise<boolean> {
  const domain = inboundEmailDomainSetting(env)?.trim().toLowerCase();
  if (!domain || !message.recipients.some((r) => r.endsWith(`@${domain}`))) return false;
  const { s3, documentsBucket } = await import('../../functions/lib/clients/s3.ts');
  const { PutObjectCommand } = await import('../../functions/lib/clients/s3-sdk.ts');
  const key = `${INBOUND_MAIL_PREFIX}${message.id}`;
  await s3().send(new PutObjectCommand({ Bucket: documentsBucket(), Key: key, Body: message.raw }));
  await handler({ Records: [{ s3: { bucket: { name: documentsBucket() }, object: { key, size: Buffer.byteLength(message.raw) } } }] } as unknown as S3Event);
  return true;
}

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<unknown>;

/**
 * Reads a table's stream on DynamoDB Local and hands each batch to `handler`, as the Lambda
 * event source mapping does on AWS. Starts at the stream's tip: what was written while the
 * runtime was down is picked up by the sweep, which runs once at start.
 */
export function startStreamPoller(endpoint: string, table: string, handler: StreamHandler, intervalMs = 250): RunningService {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const ddb = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials });
  const streams = new DynamoDBStreamsClient({ endpoint, region: 'us-east-1', credentials });
  const iterators = new Map<string, string>();
  const seen = new Set<string>();
  /** The last record handed over from each shard. */
  const delivered = new Map<string, string>();
  let stopped = false;
  let first = true;
  let lastDescribe = 0;

  async function discoverShards(streamArn: string): Promise<void> {
    const out = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of out.StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (seen.has(id)) continue;
      seen.add(id);
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      // At start only open shards matter (from their tip); shards born later are read whole.
      if (first && !open) continue;
      const it = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: first ? 'LATEST' : 'TRIM_HORIZON' }));
      if (it.ShardIterator) iterators.set(id, it.ShardIterator);
    }
    first = false;
  }

  // Every call, the first included, sits inside the loop's catch: DynamoDB Local may be down
  // (crashed, restarting) at any moment, and a rejection escaping this loop would end the runtime.
  let streamArn: string | undefined;
  const loop = async () => {
    while (!stopped) {
      try {
        if (!streamArn) {
          const described = await ddb.send(new DescribeTableCommand({ TableName: table }));
          streamArn = described.Table?.LatestStreamArn;
          if (!streamArn) throw new Error(`Table ${table} has no stream`);
        }
        if (Date.now() - lastDescribe > 5000 || iterators.size === 0) {
          lastDescribe = Date.now();
          await discoverShards(streamArn);
        }
        for (const [shardId, iterator] of [...iterators]) {
          let out: GetRecordsCommandOutput;
          try {
            out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
          } catch (err) {
            if ((err as Error).name !== 'TrimmedDataAccessException') throw err;
            // DynamoDB Local sometimes answers an iterator taken at the tip of a shard this way once
            // the shard gets a record. Starting over from the tips would skip that record (the
            // first save of a table, say): the shard is read on from the last record handed over,
            // or from its start (both consumers are idempotent).
            const last = delivered.get(shardId);
            const again = await streams.send(
              new GetShardIteratorCommand({
                StreamArn: streamArn,
                ShardId: shardId,
                ...(last ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: last } : { ShardIteratorType: 'TRIM_HORIZON' }),
              }),
            );
            if (again.ShardIterator) iterators.set(shardId, again.ShardIterator);
            else iterators.delete(shardId);
            continue;
          }
          if (out.NextShardIterator) iterators.set(shardId, out.NextShardIterator);
          else iterators.delete(shardId);
          // Each record names the stream it came from, as the Lambda event source mapping's do.
          const records = (out.Records ?? []).map((r) => ({ ...r, eventSourceARN: streamArn })) as _Record[];
          if (records.length) {
            await handler({ Records: records } as unknown as DynamoDBStreamEvent);
            const last = records[records.length - 1].dynamodb?.SequenceNumber;
            if (last) delivered.set(shardId, last);
          }
        }
      } catch (err) {
        if (!stopped) console.error(`stream poller (${table}):`, (err as Error).message);
        // An expired iterator or a restarted database: start over from the shards' tips.
        iterators.clear();
        seen.clear();
        first = true;
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  };
  const running = loop();
  return {
    endpoint,
    stop: async () => {
      stopped = true;
      await running.catch(() => undefined);
      ddb.destroy();
      streams.destroy();
    },
  };
}

/** Runs `fn` now and then every `everyMs`, one run at a time, as EventBridge would schedule it. */
export function startTimer(fn: () => Promise<unknown>, everyMs: number): RunningService {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = fn()
      .catch((err) => console.error('scheduled job:', (err as Error).message))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
      });
  };
  tick();
  return {
    endpoint: '',
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
