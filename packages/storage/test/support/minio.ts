import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { createLogger } from '@quarry/config';
import { startMinio, type RunningMinio } from '@quarry/devstack';
import { createBucket, createS3Client, type StorageSettings } from '../../src/index.js';

export interface TestMinio extends RunningMinio {
  client: S3Client;
  bucket: string;
  /** Settings as the environment would give them, for `createBlobStore`. */
  settings(prefix?: string): StorageSettings;
  stop(): Promise<void>;
}

/** A real MinIO on loopback with one bucket, for the S3 tests; stop() removes its data. */
export async function startTestMinio(bucket = 'quarry-test'): Promise<TestMinio> {
  const dir = await mkdtemp(join(tmpdir(), 'quarry-minio-'));
  const minio = await startMinio({ dataDir: join(dir, 'data'), log: createLogger('minio-test', { level: 'warn' }) });
  const client = createS3Client({
    region: 'us-east-1',
    endpoint: minio.endpoint,
    forcePathStyle: true,
    accessKeyId: minio.accessKeyId,
    secretAccessKey: minio.secretAccessKey,
  });
  await createBucket(client, bucket);
  return {
    ...minio,
    client,
    bucket,
    settings: (prefix = 'quarry') => ({
      BLOB_DIR: join(dir, 'unused-blob-dir'),
      BLOB_URL: `s3://${bucket}/${prefix}`,
      AWS_REGION: 'us-east-1',
      S3_ENDPOINT: minio.endpoint,
      S3_FORCE_PATH_STYLE: true,
      AWS_ACCESS_KEY_ID: minio.accessKeyId,
      AWS_SECRET_ACCESS_KEY: minio.secretAccessKey,
    }),
    async stop() {
      client.destroy();
      await minio.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
