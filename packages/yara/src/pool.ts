import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import type { Diagnostic } from './diagnostics.js';
import type { RawRuleMatch } from './engine.js';
import { YaraError, type YaraErrorCode } from './errors.js';
import type { Externals } from './externals.js';
import type { Pack } from './pack.js';
import { WORKER_MAX_PACKS, type Request, type Response, type RuleRef, type Target } from './protocol.js';
import type { FileScanLimits } from './scan-target.js';
import { ruleIndex, type CustomRule } from './custom-rule.js';

export interface ScanPoolOptions {
  /** Worker processes (default: min(2, cores)). */
  size?: number;
  /** Per-scan deadline; the worker is killed when it passes (default 60 s). */
  timeoutMs?: number;
  /** Deadline for compiling a pack in a worker (default 10 min: the full community pack takes ~10 s). */
  loadTimeoutMs?: number;
  maxMatchesPerPattern?: number;
  wholeFileMaxBytes?: number;
  windowBytes?: number;
  overlapBytes?: number;
}

export interface ScanRequestOptions {
  /** Label used for the `filename`/`filepath` externals and in results (buffers default to `Custom Data`). */
  name?: string;
  /** Overrides of the per-file external variables (e.g. the uploaded file's original path, owner). */
  externals?: Partial<Externals>;
  timeoutMs?: number;
}

export interface ScanMatch extends RawRuleMatch {
  meta: Record<string, unknown>;
}

export interface ScanOutcome {
  /** The scanned file's path, or the buffer's label. */
  target: string;
  matches: ScanMatch[];
  bytes: number;
  windows: number;
  ms: number;
}

export interface WorkerStat {
  pid: number;
  /** From /proc (Linux); undefined elsewhere. */
  rssAnonBytes?: number;
  rssFileBytes?: number;
  peakRssBytes?: number;
  /** User + system CPU seconds the worker has used since it started. */
  cpuSeconds?: number;
}

/** /proc/<pid>/stat counts CPU in clock ticks; Linux uses 100 per second on every common arch. */
const TICKS_PER_SECOND = 100;

export type Rules = Pack | CustomRule;

interface Slot {
  child: ChildProcess | undefined;
  busy: boolean;
  loaded: Set<string>;
  pending: Map<number, { resolve: (r: Response) => void; reject: (e: YaraError) => void }>;
}

function workerUrl(): URL {
  // Under vitest this module is the .ts source; the child runs the compiled sibling in dist/.
  return import.meta.url.endsWith('.ts') ? new URL('../dist/scan-worker.js', import.meta.url) : new URL('./scan-worker.js', import.meta.url);
}

function procKiB(status: string, key: string): number | undefined {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) * 1024 : undefined;
}

/**
 * A pool of scan worker processes. Each compiles a pack once (on first use) and keeps it;
 * scans run off the event loop, one per worker at a time, queued FIFO beyond that.
 */
export class ScanPool {
  private readonly slots: Slot[];
  private readonly waiting: Array<() => void> = [];
  private readonly limits: FileScanLimits;
  private readonly timeoutMs: number;
  private readonly loadTimeoutMs: number;
  private nextId = 1;
  private closed = false;

  constructor(options: ScanPoolOptions = {}) {
    const size = options.size ?? Math.min(2, availableParallelism());
    if (!Number.isInteger(size) || size < 1) throw new YaraError('invalid-input', `pool size must be a positive integer, got ${size}`);
    this.slots = Array.from({ length: size }, () => ({ child: undefined, busy: false, loaded: new Set<string>(), pending: new Map() }));
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.loadTimeoutMs = options.loadTimeoutMs ?? 600_000;
    const windowBytes = options.windowBytes ?? 64 * 1024 * 1024;
    const overlapBytes = options.overlapBytes ?? 1024 * 1024;
    if (overlapBytes >= windowBytes) throw new YaraError('invalid-input', 'overlapBytes must be smaller than windowBytes');
    this.limits = {
      maxMatchesPerPattern: options.maxMatchesPerPattern ?? 1000,
      wholeFileMaxBytes: options.wholeFileMaxBytes ?? 256 * 1024 * 1024,
      windowBytes,
      overlapBytes,
    };
  }

  /** Compiles the pack in every worker now, so the first scans do not wait for it. */
  async warm(pack: Pack): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.withSlot(async (s) => this.ensureLoaded(s, pack), slot)));
  }

  /** Checks a caller's rule text in a worker: compiler errors and warnings, kept apart. */
  async compileRule(source: string): Promise<{ errors: Diagnostic[]; warnings: Diagnostic[] }> {
    const r = await this.withSlot((s) => this.request(s, { type: 'compile', id: this.nextId++, source }, this.loadTimeoutMs));
    if (r.type !== 'compiled') throw new YaraError('worker', `unexpected worker reply ${r.type}`);
    return { errors: r.errors, warnings: r.warnings };
  }

  scanBuffer(rules: Rules, data: Uint8Array, options: ScanRequestOptions = {}): Promise<ScanOutcome> {
    const name = options.name ?? 'Custom Data';
    return this.scan(rules, { kind: 'buffer', data, name }, name, options);
  }

  scanFile(rules: Rules, path: string, options: ScanRequestOptions = {}): Promise<ScanOutcome> {
    const target: Target = options.name === undefined ? { kind: 'file', path } : { kind: 'file', path, name: options.name };
    return this.scan(rules, target, path, options);
  }

  /** Memory of each live worker, read from /proc (for tests and monitoring). */
  workerStats(): WorkerStat[] {
    const out: WorkerStat[] = [];
    for (const s of this.slots) {
      const pid = s.child?.pid;
      if (pid === undefined) continue;
      const stat: WorkerStat = { pid };
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        stat.rssAnonBytes = procKiB(status, 'RssAnon');
        stat.rssFileBytes = procKiB(status, 'RssFile');
        stat.peakRssBytes = procKiB(status, 'VmHWM');
        // Fields after the parenthesised command name: state is [0], utime [11], stime [12].
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
        stat.cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      } catch {
        // Not Linux, or the process just exited: pid only.
      }
      out.push(stat);
    }
    return out;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const s of this.slots) this.kill(s, new YaraError('worker', 'scan pool closed'));
  }

  private async scan(rules: Rules, target: Target, label: string, options: ScanRequestOptions): Promise<ScanOutcome> {
    const ref: RuleRef = 'groups' in rules ? { kind: 'pack', packId: rules.id } : { kind: 'custom', source: rules.source };
    const r = await this.withSlot(async (s) => {
      if ('groups' in rules) await this.ensureLoaded(s, rules);
      const req: Request = { type: 'scan', id: this.nextId++, rules: ref, target, externals: options.externals ?? {}, limits: this.limits };
      return this.request(s, req, options.timeoutMs ?? this.timeoutMs);
    });
    if (r.type !== 'scanned') throw new YaraError('worker', `unexpected worker reply ${r.type}`);
    const index = ruleIndex(rules);
    const matches = r.matches.map((m) => {
      const known = index.get(`${m.namespace}\0${m.rule}`) ?? index.get(`\0${m.rule}`);
      // The binding renders boolean meta as "unknown"; the source outline has the real values.
      return known === undefined ? m : { ...m, tags: known.tags, meta: known.meta };
    });
    return { target: label, matches, bytes: r.bytes, windows: r.windows, ms: r.ms };
  }

  private async ensureLoaded(slot: Slot, pack: Pack): Promise<void> {
    if (slot.loaded.has(pack.id)) return;
    const r = await this.request(slot, { type: 'load', id: this.nextId++, packId: pack.id, groups: pack.groups }, this.loadTimeoutMs);
    if (r.type !== 'loaded') throw new YaraError('worker', `unexpected worker reply ${r.type}`);
    slot.loaded.add(pack.id);
    // The worker drops its oldest-loaded pack past the limit; forget it here in the same order.
    while (slot.loaded.size > WORKER_MAX_PACKS) slot.loaded.delete(slot.loaded.values().next().value!);
  }

  private async withSlot<T>(fn: (slot: Slot) => Promise<T>, wanted?: Slot): Promise<T> {
    if (this.closed) throw new YaraError('worker', 'scan pool closed');
    let slot: Slot | undefined;
    while ((slot = wanted === undefined ? this.slots.find((s) => !s.busy) : wanted.busy ? undefined : wanted) === undefined) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (this.closed) throw new YaraError('worker', 'scan pool closed');
    }
    slot.busy = true;
    try {
      return await fn(slot);
    } finally {
      slot.busy = false;
      // Wake every waiter: each re-checks for a free slot (a waiter may want a particular one).
      for (const w of this.waiting.splice(0)) w();
    }
  }

  private spawn(slot: Slot): ChildProcess {
    const child = fork(workerUrl(), [], { serialization: 'advanced', execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (msg: Response) => {
      const p = slot.pending.get(msg.id);
      if (p === undefined) return;
      slot.pending.delete(msg.id);
      if (msg.type === 'failed') {
        const d = msg.error.diagnostics ?? [];
        p.reject(new YaraError(msg.error.code as YaraErrorCode, msg.error.message, { line: d[0]?.line, column: d[0]?.column, diagnostics: d }));
      } else p.resolve(msg);
    });
    child.on('exit', (code, signal) => {
      if (slot.child === child) this.kill(slot, new YaraError('worker', `scan worker exited (code ${code}, signal ${signal})`));
    });
    child.on('error', (cause) => {
      if (slot.child === child) this.kill(slot, new YaraError('worker', `scan worker failed: ${cause.message}`, { cause }));
    });
    slot.child = child;
    return child;
  }

  private kill(slot: Slot, reason: YaraError): void {
    const child = slot.child;
    slot.child = undefined;
    slot.loaded.clear();
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const p of slot.pending.values()) p.reject(reason);
    slot.pending.clear();
  }

  private request(slot: Slot, req: Request, timeoutMs: number): Promise<Response> {
    const child = slot.child ?? this.spawn(slot);
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill(slot, new YaraError('timeout', `${req.type} did not finish within ${timeoutMs} ms; worker killed`));
      }, timeoutMs);
      const done =
        <T>(f: (v: T) => void) =>
        (v: T) => {
          clearTimeout(timer);
          f(v);
        };
      slot.pending.set(req.id, { resolve: done(resolve), reject: done(reject) });
      child.send(req, (err) => {
        if (err) this.kill(slot, new YaraError('worker', `cannot reach scan worker: ${err.message}`, { cause: err }));
      });
    });
  }
}
