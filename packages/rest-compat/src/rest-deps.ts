import type { ServiceDeps } from '@quarry/api';

export interface Health {
  ok: boolean;
  checks: Record<string, boolean>;
}

export interface RestDeps extends ServiceDeps {
  /** Readiness of PostgreSQL, Temporal and a worker; GET /healthz answers 200 only when all are up. */
  health: () => Promise<Health>;
  uploadTimeoutMs?: number;
  /** serveRest only: how long a request's headers may take (server-timeouts.ts); 20 s by default. */
  headersTimeoutMs?: number;
  /** How long a JSON body may take to arrive (body-limits.ts); 30 s by default. */
  jsonBodyDeadlineMs?: number;
  /** Bytes of JSON-body caps that may be in progress at once (admission.ts); 256 MB by default. */
  admissionBytes?: number;
}
