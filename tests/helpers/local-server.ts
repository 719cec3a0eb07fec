import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../scripts/local/services.ts';

const ROOT = join(import.meta.dirname, '../..');

export interface LocalServer {
  child: ChildProcess;
  url: string;
  port: number;
  staffPassword: string;
  /** The owner's address (printed with the password). */
  staffEmail: string;
  output: () => string;
}

/**
 * Runs `npm start`'s entry point as its own process (one node process, so SIGKILL really kills
 * the server) and resolves once it prints its URL.
 */
export async function startLocalServer(opts: { dataDir: string; port?: number; env?: Record<string, string> }): Promise<LocalServer> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: opts.dataDir,
      SKIP_BUILD: '1',
      LOG_LEVEL: 'ERROR',
      STAFF_PASSWORD: '',
      STAFF_EMAIL: '',
      DYNAMODB_ENDPOINT: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const check = () => {
      if (/is running at/.test(out) && /staff sign-in:/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  const [, staffEmail = '', staffPassword = ''] = /staff sign-in:\s+(\S+) \/ (\S+)/.exec(out) ?? [];
  return { child, url: `http://127.0.0.1:${port}`, port, staffPassword, staffEmail, output: () => out };
}

/** Runs the server to completion (for start-up failures) and returns its exit code and output. */
export function runServerToExit(opts: { dataDir: string; port: number; env?: Record<string, string> }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/start.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(opts.port), DATA_DIR: opts.dataDir, SKIP_BUILD: '1', LOG_LEVEL: 'ERROR', DYNAMODB_ENDPOINT: '', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, output: out }));
  });
}

export function stopServer(server: LocalServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });
}

/** True while a process with this pid exists. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
