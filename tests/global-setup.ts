import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type RunningService, startDynamoDbLocal, startS3 } from '../scripts/local/services.ts';

/**
 * Starts DynamoDB Local (in memory) and the S3-compatible store once for the whole test run, in a
 * temporary folder of the run's own that teardown removes, failed runs included.
 */
let services: RunningService[] = [];
let runDir: string | undefined;

export const TEST_BUCKET = 'creator-llc-test-documents';
const RUN_DIR_PREFIX = 'creator-llc-test-run-';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A run killed with SIGKILL could not remove its folder: the next run does, once its owner is gone. */
function removeStaleRunDirs(parent: string) {
  for (const name of readdirSync(parent)) {
    const owner = Number(new RegExp(`^${RUN_DIR_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (owner && owner !== process.pid && !processAlive(owner)) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

export async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const systemTmp = tmpdir();
  removeStaleRunDirs(systemTmp);
  runDir = mkdtempSync(join(systemTmp, `${RUN_DIR_PREFIX}${process.pid}-`));
  const testTmp = join(runDir, 'tmp');
  mkdirSync(testTmp);
  // Everything the tests put in "the temp directory" lands in the run's folder: the test files
  // (os.tmpdir() reads TMPDIR) and the Java of DynamoDB Local (its native SQLite library and
  // perf data go to java.io.tmpdir, which ignores TMPDIR). Workers and child processes inherit both.
  process.env.TMPDIR = testTmp;
  // Except for the caches that outlive runs on purpose (tsx's compiled files, for the runtimes
  // tests start as processes): tests/helpers/local-server.ts points those at the system's.
  process.env.TEST_SYSTEM_TMPDIR = systemTmp;
  process.env.JAVA_TOOL_OPTIONS = `${process.env.JAVA_TOOL_OPTIONS ?? ''} -Djava.io.tmpdir=${testTmp}`.trim();
  // The local stand-in for the KMS key that seals tax ids (functions/lib/crypto/sealed.ts): one
  // for the run, read by every test file.
  const masterKeyFile = join(runDir, 'master.key');
  writeFileSync(masterKeyFile, randomBytes(32).toString('base64'), { mode: 0o600 });
  const ddb = await startDynamoDbLocal(null);
  services.push(ddb);
  const s3 = await startS3(join(runDir, 's3'), [TEST_BUCKET]);
  services.push(s3);
  project.provide('dynamodbEndpoint', ddb.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  project.provide('masterKeyFile', masterKeyFile);
}

export async function teardown() {
  await Promise.allSettled(services.map((s) => s.stop()));
  services = [];
  if (runDir) rmSync(runDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
    s3Endpoint: string;
    masterKeyFile: string;
  }
}
