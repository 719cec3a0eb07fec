import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { tetherToThisProcess } from '../../scripts/local/tether.ts';

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
 * Every runtime a test starts runs in a process group of its own (the runtime and its DynamoDB
 * Local), killed whole when the test is done with it, when the test file's process exits, and,
 * through a tether, when that process is killed. A failed or timed-out test leaves no process.
 */
const groups = new Map<number, () => void>();

function killGroup(pid: number) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
  groups.get(pid)?.();
  groups.delete(pid);
}

process.once('exit', () => {
  for (const pid of [...groups.keys()]) killGroup(pid);
});

function spawnRuntime(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      // tsx keeps its compiled files in the temp directory across runs: the system's, not the run's
      // (global-setup.ts), so a runtime starts from that cache. The runtime's data goes to DATA_DIR.
      ...(process.env.TEST_SYSTEM_TMPDIR ? { TMPDIR: process.env.TEST_SYSTEM_TMPDIR } : {}),
      LOCAL_SITE: 'off',
      LOG_LEVEL: 'ERROR',
      DYNAMODB_ENDPOINT: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid) groups.set(child.pid, tetherToThisProcess(child.pid, { group: true }));
  return child;
}

/** Kills every runtime this test file started, with whatever they started. For afterAll and finally blocks. */
export function killAllServers() {
  for (const pid of [...groups.keys()]) killGroup(pid);
}

/**
 * Runs `npm start`'s entry point as its own process (one node process, so SIGKILL really kills
 * the server) and resolves once it prints its URL and the staff sign-in. It waits as long as the
 * start takes: the test's timeout bounds it.
 */
export async function startLocalServer(opts: { dataDir: string; port?: number; env?: Record<string, string> }): Promise<LocalServer> {
  // Without a port asked for, the runtime binds one the system picks (PORT=0) and prints it: a
  // port chosen here and bound by the child later could be taken by a parallel test in between.
  const child = spawnRuntime({ PORT: String(opts.port ?? 0), DATA_DIR: opts.dataDir, STAFF_PASSWORD: '', STAFF_EMAIL: '', ...opts.env });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  child.on('exit', (code, signal) => (out += `\n[the runtime exited: code ${code}, signal ${signal}]\n`));
  try {
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (/is running at/.test(out) && /staff sign-in:/.test(out)) resolve();
      };
      child.stdout?.on('data', check);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
    });
  } catch (err) {
    if (child.pid) killGroup(child.pid);
    throw err;
  }
  const [, staffEmail = '', staffPassword = ''] = /staff sign-in:\s+(\S+) \/ (\S+)/.exec(out) ?? [];
  const url = /is running at (http:\/\/127\.0\.0\.1:(\d+))/.exec(out);
  if (!url) throw new Error(`the runtime printed no address:\n${out}`);
  return { child, url: url[1] as string, port: Number(url[2]), staffPassword, staffEmail, output: () => out };
}

/** Runs the server to completion (for start-up failures) and returns its exit code and output. */
export function runServerToExit(opts: { dataDir: string; port: number; env?: Record<string, string> }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawnRuntime({ PORT: String(opts.port), DATA_DIR: opts.dataDir, ...opts.env });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (child.pid) killGroup(child.pid);
      resolve({ code, output: out });
    });
  });
}

/** Stops the server as Ctrl-C would (SIGTERM by default) and waits for it to exit. */
export async function stopServer(server: LocalServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && !child.signalCode) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }
}

/** Resolves once the process with this pid is gone (the test's timeout bounds the wait). */
export async function processGone(pid: number): Promise<void> {
  while (processAlive(pid)) await new Promise((r) => setTimeout(r, 25));
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
