import { spawn } from 'node:child_process';

/** A URL's user and password (`https://user:token@mirror/...`) never reach a log or the status record. */
export function redactUrl(text: string): string {
  return text.replace(/\/\/[^/@\s]+@/g, '//***@');
}

export interface GitResult {
  ok: boolean;
  stdout: string;
  /** The last lines git wrote to stderr, or why it could not run: the reason a fetch failed. */
  reason: string;
}

/**
 * Runs git without blocking the event loop (the server fetches in the background). Answers any
 * credential prompt with nothing (core.askPass=true) and has no terminal to wait on, so an
 * unreachable or private repository fails instead of hanging; a stuck transfer is killed.
 */
export function git(args: readonly string[], timeoutMs = 300_000): Promise<GitResult> {
  return new Promise((resolve) => {
    const child = spawn('git', ['-c', 'core.askPass=true', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4_000)));
    child.on('error', (err) => resolve({ ok: false, stdout, reason: redactUrl(`git could not run (${err.message})`) }));
    child.on('close', (code, signal) => {
      const last = stderr.trim().split('\n').filter(Boolean).at(-1) ?? '';
      const reason = signal ? `git stopped by ${signal} (timed out after ${timeoutMs / 1000} s?)` : last || `git exited ${code}`;
      resolve({ ok: code === 0 && !signal, stdout, reason: code === 0 ? '' : redactUrl(reason) });
    });
  });
}
