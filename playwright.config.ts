import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts';

/**
 * End-to-end tests against `npm start` (built site + API + DynamoDB Local + S3 store) on a
 * free port and a temporary data folder, in Debian's Chromium.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const ownsDataDir = !process.env.E2E_DATA_DIR;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'creator-llc-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The run that made the data folder removes it when it ends, after the server has stopped (workers
// inherit E2E_DATA_DIR and so never own it; a folder given by the caller is left alone).
if (ownsDataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 }));
export const E2E_STAFF_PASSWORD = 'e2e-staff-password-1';
/** The owner the first start creates (STAFF_EMAIL), who signs in with E2E_STAFF_PASSWORD. */
export const E2E_STAFF_EMAIL = 'owner@creator-llc.local';
/** The mail catcher's SMTP port: a spec sends a customer's reply by email through it (the inbound domain's local twin). */
export const E2E_SMTP_PORT = port + 10_000;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx scripts/start.ts',
    url: `http://127.0.0.1:${port}/api/states`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      MAIL_SMTP_PORT: String(E2E_SMTP_PORT),
      DATA_DIR: dataDir,
      STAFF_PASSWORD: E2E_STAFF_PASSWORD,
      STAFF_EMAIL: E2E_STAFF_EMAIL,
      LOG_LEVEL: 'WARN',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
