import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { repoRoot } from '@quarry/config';
import { MINIO_MODULE } from '../src/index.js';

test('the set-up script builds the MinIO commit the launcher would build', () => {
  expect(MINIO_MODULE).toMatch(/^github\.com\/minio\/minio@v0\.0\.0-\d{14}-[0-9a-f]{12}$/);
  expect(readFileSync(`${repoRoot()}/scripts/setup-test-env.sh`, 'utf8')).toContain(`go install ${MINIO_MODULE}`);
});
