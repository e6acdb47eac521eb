// The REST server alone, for the upload benchmark: its RSS is what gets measured.
import { join } from 'node:path';
import { createLogger, loadEnv } from '@quarry/config';
import { JobEvents, createDb } from '@quarry/db';
import { FsBlobStore, LocalFiles } from '@quarry/storage';
import { connectJobRunner } from '@quarry/temporal';
import { LookupStore } from '@quarry/reference';
import { RecordStores } from '@quarry/store';
import { Hunting, Quotas } from '@quarry/api';
import { serveRest } from '../src/index.js';
import { webhookSecretKey } from '@quarry/webhooks';

const env = loadEnv();
const db = createDb(env.DATABASE_URL!);
const runner = await connectJobRunner({
  address: env.TEMPORAL_ADDRESS!,
  namespace: env.TEMPORAL_NAMESPACE,
  masterKey: Buffer.from(env.QUARRY_MASTER_KEY!, 'base64'),
});
const server = await serveRest(
  {
    db,
    blobs: new FsBlobStore(env.BLOB_DIR),
    runner,
    lookups: new LookupStore(),
    recordStores: new RecordStores(new LocalFiles(join(env.BLOB_DIR, 'record-stores'))),
    log: createLogger('bench'),
    hunting: new Hunting(),
    quotas: new Quotas(),
    jobEvents: new JobEvents(env.DATABASE_URL!),
    webhooks: { secretKey: webhookSecretKey(Buffer.from(env.QUARRY_MASTER_KEY!, 'base64')), allowPrivate: env.QUARRY_WEBHOOK_ALLOW_PRIVATE === true },
    health: async () => ({ ok: true, checks: {} }),
    // The benches' 250 MiB uploads can outlast the default 30 s on a busy shared machine.
    ...(process.env.BENCH_UPLOAD_TIMEOUT_MS ? { uploadTimeoutMs: Number(process.env.BENCH_UPLOAD_TIMEOUT_MS) } : {}),
  },
  env.PORT,
);
console.log(`listening ${server.url}`);
