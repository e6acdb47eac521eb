import { spawn, type ChildProcess } from 'node:child_process';
import { workerEnv, workerNodeArgs, type Logger } from '@quarry/config';
import { WORKER_MAIN } from '@quarry/worker/entry';

/** Runs the Temporal worker as a child process and restarts it if it dies. */
export function superviseWorker(env: NodeJS.ProcessEnv, log: Logger, heapMb: number): { stop(): Promise<void> } {
  let child: ChildProcess | null = null;
  let stopping = false;
  const start = () => {
    child = spawn(process.execPath, [...workerNodeArgs(heapMb), WORKER_MAIN], { env: workerEnv(env), stdio: 'inherit' });
    child.once('exit', (code, signal) => {
      if (stopping) return;
      log.warn({ code, signal }, 'worker exited; restarting in 2 s');
      setTimeout(start, 2000).unref();
    });
  };
  start();
  return {
    async stop() {
      stopping = true;
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (c.exitCode === null) c.kill('SIGKILL');
    },
  };
}
