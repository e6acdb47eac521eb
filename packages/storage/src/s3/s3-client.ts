import { S3Client } from '@aws-sdk/client-s3';

/** What an S3 client needs; every field optional falls back to the SDK's own provider chain. */
export interface S3Settings {
  region: string;
  /** Any S3-compatible endpoint (MinIO, Ceph RGW, R2, ...); unset: AWS S3 of `region`. */
  endpoint?: string | undefined;
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Static credentials; unset: the SDK's chain (profile files, web identity, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  sessionToken?: string | undefined;
}

/**
 * One client per process: it pools connections. Checksums only when the operation requires them:
 * several S3-compatible servers reject the newer default CRC32 trailers on uploads.
 */
export function createS3Client(settings: S3Settings): S3Client {
  const { accessKeyId, secretAccessKey, sessionToken } = settings;
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } } : {}),
  });
}
