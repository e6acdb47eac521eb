// Regenerates the Prisma client into src/generated/prisma without network access.
// `prisma generate` only checks that a schema engine binary exists (it never runs it), and would
// otherwise try to download one; pointing it at any existing file keeps it offline.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const schema = fileURLToPath(new URL('../../../prisma/schema.prisma', import.meta.url));
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env['PRISMA_SCHEMA_ENGINE_BINARY'] ?? process.execPath };
const result = spawnSync('npx', ['--no-install', 'prisma', 'generate', '--schema', schema, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
