import { chromiumPathSetting } from './config.ts';

/**
 * Debian's Chromium and the flags it needs here (root, no GPU, no background network calls to
 * hosts this machine cannot reach): one list for the Playwright tests and the web benchmark.
 */
export const CHROMIUM_PATH = chromiumPathSetting() ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
