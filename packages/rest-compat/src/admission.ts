import type { MiddlewareHandler } from 'hono';
import type { EndpointName } from './contract.js';
import { errorBody } from './respond.js';

/**
 * Load shedding for JSON bodies, which are read whole: each request in progress reserves its
 * endpoint's body cap from one budget, and a request that does not fit is answered at once with
 * 503 and Retry-After instead of queueing until memory runs out. With the default 256 MB, 16
 * inline scans (16 MB caps) or ~1,000 small requests (256 KB caps) run at a time; uploads are
 * streamed and not counted.
 */
export const DEFAULT_ADMISSION_BYTES = 256 * 1024 * 1024;

export class Admission {
  private inFlight = 0;
  constructor(readonly budgetBytes = DEFAULT_ADMISSION_BYTES) {}

  /** Reserves `bytes` when they fit (a request larger than the whole budget still runs alone). */
  tryTake(bytes: number): boolean {
    if (this.inFlight > 0 && this.inFlight + bytes > this.budgetBytes) return false;
    this.inFlight += bytes;
    return true;
  }

  release(bytes: number): void {
    this.inFlight -= bytes;
  }

  middleware(endpoint: EndpointName, bytes: number): MiddlewareHandler {
    return async (c, next) => {
      if (!this.tryTake(bytes)) {
        c.header('Retry-After', '1');
        return errorBody(c, endpoint, 503, 'Server busy: too many requests in progress. Retry in a second');
      }
      try {
        await next();
      } finally {
        this.release(bytes);
      }
      return undefined;
    };
  }
}
