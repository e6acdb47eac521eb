import pg from 'pg';
import type { Logger } from '@quarry/config';
import { DbError } from './errors.js';

/** The channel the jobs table's trigger notifies (see the job_events migration); payload: a job id. */
export const JOB_EVENTS_CHANNEL = 'quarry_job_events';

/**
 * What a subscriber hears: `changed`, its job's row changed (status, progress, or deleted);
 * `resync`, the connection was lost and is back, so changes may have been missed and the job must
 * be read again; `closed`, the listener is closing and no more signals will come.
 */
export type JobEventSignal = 'changed' | 'resync' | 'closed';
export type JobEventListener = (signal: JobEventSignal) => void;

export interface JobEventsOptions {
  log?: Pick<Logger, 'warn' | 'info'>;
  /** The first wait before reconnecting; it doubles on each failure up to `maxReconnectDelayMs`. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /** Shown in pg_stat_activity, so operators (and tests) can find the LISTEN connection. */
  applicationName?: string;
}

type State = 'idle' | 'connecting' | 'listening' | 'reconnecting' | 'closed';

/**
 * Job events for this process over one PostgreSQL LISTEN connection (a plain `pg` client: the
 * Prisma pool cannot hold a session-level LISTEN). Connects on the first subscription, so
 * processes that never watch a job hold no extra connection. A lost connection is re-opened with
 * backoff and LISTEN re-issued; every subscriber then gets `resync`, since notifications sent
 * meanwhile are gone. Because NOTIFY reaches every listening session, any number of API nodes
 * each see every job's events.
 */
export class JobEvents {
  readonly #url: string;
  readonly #log: JobEventsOptions['log'];
  readonly #baseDelay: number;
  readonly #maxDelay: number;
  readonly #applicationName: string;
  readonly #subscribers = new Map<string, Set<JobEventListener>>();
  #state: State = 'idle';
  #client: pg.Client | null = null;
  /** The connection attempt under way, awaited by subscribers and by close(). */
  #attempt: Promise<void> | null = null;
  #retry: NodeJS.Timeout | null = null;
  #delay: number;

  constructor(databaseUrl: string, options: JobEventsOptions = {}) {
    this.#url = databaseUrl;
    this.#log = options.log;
    this.#baseDelay = options.reconnectDelayMs ?? 250;
    this.#maxDelay = options.maxReconnectDelayMs ?? 10_000;
    this.#applicationName = options.applicationName ?? 'quarry-job-events';
    this.#delay = this.#baseDelay;
  }

  /** True while the LISTEN connection is up. */
  get listening(): boolean {
    return this.#state === 'listening';
  }

  /**
   * Calls `listener` on each event of job `jobId` until the returned function is called. Resolves
   * once notifications reach the listener (or, while reconnecting, once a `resync` is sure to
   * follow), so a read made after it cannot miss a change. Rejects when the first connection fails.
   */
  async subscribe(jobId: string, listener: JobEventListener): Promise<() => void> {
    if (this.#state === 'closed') throw new DbError('closed', 'job events are closed');
    const key = jobId.toLowerCase();
    let set = this.#subscribers.get(key);
    if (!set) this.#subscribers.set(key, (set = new Set()));
    set.add(listener);
    const unsubscribe = () => {
      const current = this.#subscribers.get(key);
      current?.delete(listener);
      if (current?.size === 0) this.#subscribers.delete(key);
    };
    try {
      if (this.#state === 'idle') {
        this.#state = 'connecting';
        this.#attempt = this.#connect().then(
          () => this.#opened(),
          (err: unknown) => {
            // Back to idle: the next subscription tries again (the database may be starting).
            if (this.#state === 'connecting') this.#state = 'idle';
            throw err;
          },
        );
      }
      if (this.#state === 'connecting') await this.#attempt;
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  /** Ends the connection and tells every subscriber `closed`; nothing is left open afterwards. */
  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const client = this.#client;
    this.#client = null;
    this.#broadcast('closed');
    this.#subscribers.clear();
    // An attempt in flight ends its own client once it sees the closed state.
    await this.#attempt?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url, application_name: this.#applicationName, keepAlive: true });
    client.on('notification', (msg) => {
      if (msg.channel === JOB_EVENTS_CHANNEL && msg.payload) this.#emit(msg.payload, 'changed');
    });
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${JOB_EVENTS_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.#state === 'closed') {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
  }

  #opened(): void {
    if (this.#state === 'closed') return;
    this.#state = 'listening';
    this.#delay = this.#baseDelay;
  }

  #lost(client: pg.Client, err?: Error): void {
    if (client !== this.#client) return;
    this.#client = null;
    this.#state = 'reconnecting';
    this.#log?.warn({ err }, 'the job-events LISTEN connection was lost; reconnecting');
    client.end().catch(() => undefined);
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#state !== 'reconnecting' || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#attempt = this.#connect().then(
        () => {
          if (this.#state !== 'reconnecting') return;
          this.#opened();
          this.#log?.info('the job-events LISTEN connection is back');
          this.#broadcast('resync');
        },
        (err: unknown) => {
          this.#log?.warn({ err, retryInMs: this.#delay }, 'the job-events LISTEN connection could not be re-opened');
          this.#delay = Math.min(this.#delay * 2, this.#maxDelay);
          this.#scheduleReconnect();
        },
      );
    }, this.#delay);
    // Reconnecting alone never keeps a process alive.
    this.#retry.unref();
  }

  #emit(jobId: string, signal: JobEventSignal): void {
    for (const listener of [...(this.#subscribers.get(jobId) ?? [])]) this.#call(listener, signal);
  }

  #broadcast(signal: JobEventSignal): void {
    for (const set of [...this.#subscribers.values()]) for (const listener of [...set]) this.#call(listener, signal);
  }

  #call(listener: JobEventListener, signal: JobEventSignal): void {
    try {
      listener(signal);
    } catch (err) {
      this.#log?.warn({ err }, 'a job-event subscriber failed');
    }
  }
}
