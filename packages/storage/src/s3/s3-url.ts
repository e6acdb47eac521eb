import { StorageError } from '../errors.js';

export interface S3Location {
  bucket: string;
  /** Empty, or ends in `/`: object keys are `prefix + name`. */
  prefix: string;
}

// S3's bucket naming rules (lowercase, digits, dots, hyphens, 3..63, starts and ends alphanumeric).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Parses `s3://bucket` or `s3://bucket/some/prefix` (a trailing slash is optional). */
export function parseS3Url(url: string): S3Location {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(url);
  const bucket = match?.[1] ?? '';
  if (!match || !BUCKET.test(bucket)) {
    throw new StorageError('INVALID_KEY', url, `BLOB_URL must be s3://bucket[/prefix] with a valid bucket name, got ${JSON.stringify(url)}`);
  }
  const path = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (path.split('/').some((part) => part === '.' || part === '..')) {
    throw new StorageError('INVALID_KEY', url, `BLOB_URL prefix must not contain . or .. segments, got ${JSON.stringify(url)}`);
  }
  return { bucket, prefix: path ? `${path}/` : '' };
}

/** The URL of a location, for logs. */
export const formatS3Url = ({ bucket, prefix }: S3Location): string => `s3://${bucket}/${prefix}`;
