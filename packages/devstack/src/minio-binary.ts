import type { Logger } from '@quarry/config';
import { ensureGoBinary } from './go-binary.js';

/**
 * MinIO publishes no tagged Go module versions, only commits: this pseudo-version is the one
 * `@latest` resolved to when it was pinned, so every machine builds the same server.
 */
export const MINIO_MODULE = 'github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c';

/** Path of a MinIO server binary: on PATH, else cached, else built with Go (about 4 minutes, once). */
export function ensureMinio(log: Logger): Promise<string> {
  return ensureGoBinary(
    {
      name: 'minio',
      module: MINIO_MODULE,
      label: 'MinIO',
      component: 'minio',
      noGo: 'no minio binary on PATH or in the cache, and no Go to build one (scripts/setup-test-env.sh installs it)',
    },
    log,
  );
}
