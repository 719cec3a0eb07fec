import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type RunningService, startDynamoDbLocal, startS3 } from '../scripts/local/services.ts';

/** Starts DynamoDB Local (in memory) and the S3-compatible store once for the whole test run. */
let services: RunningService[] = [];
let s3Dir: string;

export const TEST_BUCKET = 'creator-llc-test-documents';

export async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const ddb = await startDynamoDbLocal(null);
  s3Dir = mkdtempSync(join(tmpdir(), 'creator-llc-s3-'));
  const s3 = await startS3(s3Dir, [TEST_BUCKET]);
  services = [ddb, s3];
  project.provide('dynamodbEndpoint', ddb.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
}

export async function teardown() {
  await Promise.allSettled(services.map((s) => s.stop()));
  rmSync(s3Dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
    s3Endpoint: string;
  }
}
