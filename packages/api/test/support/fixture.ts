import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createLogger, type Logger } from '@quarry/config';
import { JobEvents, createDb, tokens, users, type Db } from '@quarry/db';
import { FsBlobStore, LocalFiles } from '@quarry/storage';
import { connectJobRunner } from '@quarry/temporal';
import { LookupStore } from '@quarry/reference';
import { RecordStores } from '@quarry/store';
import type { UserTier } from '@quarry/vocabulary';
import { webhookSecretKey } from '@quarry/webhooks';
import { ANONYMOUS, Hunting, Quotas, resolveCaller, type Caller, type ServiceDeps } from '../../src/index.js';
import type {} from '../../../rest-compat/test/support/global-setup.js';

export interface Fixture {
  deps: ServiceDeps;
  db: Db;
  anonymous: Caller;
  /** A new user with a token, resolved as the fronts resolve it. */
  newCaller(tier?: UserTier): Promise<{ caller: Caller; token: string }>;
  /** Log lines written through deps.log. */
  logText(): string;
  close(): Promise<void>;
}

/**
 * The services' real dependencies on the shared test stack (PostgreSQL, Temporal, a blob store on
 * disk). No worker runs in the default namespace: jobs started there stay Pending. Tests that run
 * jobs use a namespace of their own with a worker process on it (worker-process.ts).
 */
export async function serviceFixture(opts: { namespace?: string } = {}): Promise<Fixture> {
  const stack = inject('stack');
  const db = createDb(stack.databaseUrl);
  const runner = await connectJobRunner({
    address: stack.temporalAddress,
    namespace: opts.namespace ?? 'default',
    masterKey: Buffer.from(stack.masterKey, 'base64'),
  });
  const lines: string[] = [];
  const log: Logger = createLogger('api-test', {
    level: 'info',
    destination: new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
  const deps: ServiceDeps = {
    db,
    blobs: new FsBlobStore(stack.blobDir),
    runner,
    lookups: new LookupStore(),
    recordStores: new RecordStores(new LocalFiles(join(stack.blobDir, 'record-stores'))),
    log,
    hunting: new Hunting(),
    quotas: new Quotas(),
    jobEvents: new JobEvents(stack.databaseUrl, { log }),
    webhooks: { secretKey: webhookSecretKey(Buffer.from(stack.masterKey, 'base64')), allowPrivate: false },
  };
  return {
    deps,
    db,
    anonymous: ANONYMOUS,
    async newCaller(tier = 'free') {
      const user = await users.create(db, { name: `api-${randomBytes(4).toString('hex')}`, tier });
      const { token } = await tokens.create(db, { userId: user.id });
      return { caller: await resolveCaller(deps, token, { required: true }), token };
    },
    logText: () => lines.join(''),
    async close() {
      await deps.hunting.close();
      await deps.jobEvents.close();
      await runner.close();
      await db.close();
    },
  };
}
