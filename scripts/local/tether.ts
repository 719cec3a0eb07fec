import { spawn } from 'node:child_process';

/**
 * Ties a child process's life to this process's: a small shell, in a session of its own, waits
 * on a pipe from this process and stops the child (with `group`, the child's whole process
 * group) when the pipe closes: SIGTERM, then SIGKILL if it is still there after 10 s. The pipe
 * closes however this process ends, SIGKILL and crashes included, which exit hooks and signal handlers cannot cover. Call the returned function once
 * the child has exited, so a later process that reuses its pid is left alone.
 */
export function tetherToThisProcess(pid: number, options: { group?: boolean } = {}): () => void {
  const target = options.group ? `-${pid}` : String(pid);
  // SIGTERM first, SIGKILL 10 s later if it is still there: DynamoDB Local answers a write before
  // its store has it on disk, and a SIGKILL the moment this process dies lost acknowledged writes.
  const script = `read _ignored; kill -TERM ${target} 2>/dev/null; i=0; while kill -0 ${target} 2>/dev/null && [ $i -lt 50 ]; do sleep 0.2; i=$((i+1)); done; kill -9 ${target} 2>/dev/null`;
  const watcher = spawn('/bin/sh', ['-c', script], {
    stdio: ['pipe', 'ignore', 'ignore'],
    // Its own session: a Ctrl-C or a group kill aimed at this process's group does not take it
    // down before it has done its one job.
    detached: true,
  });
  watcher.on('error', () => undefined);
  watcher.stdin?.on('error', () => undefined);
  // Neither the watcher nor its pipe keeps this process's event loop alive.
  watcher.unref();
  (watcher.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    watcher.kill('SIGKILL');
  };
}
