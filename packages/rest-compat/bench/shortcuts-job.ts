/**
 * The service half of `npm run bench:shortcuts`: every shell link and Jump List of the corpus in
 * one lnk job through the running service (ephemeral PostgreSQL + Temporal, the REST server and
 * the worker in their own processes, as in bench:jobs). Wall time is the parse request → the
 * status answer saying Completed; CPU seconds and peak RSS are the worker process's. Uploads are
 * not timed. Prints each result type with its row count, so an empty one shows.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasShared, sharedPath, sharedSkipReason } from '@quarry/testkit';
import { startService } from './jobs/service.js';

const MiB = 1024 * 1024;
if (!hasShared('samples', 'lnk') || !hasShared('samples', 'jumplists')) {
  console.error(sharedSkipReason('samples', 'lnk'));
  process.exit(1);
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}
const paths = [...walk(sharedPath('samples', 'lnk')), ...walk(sharedPath('samples', 'jumplists'))].filter((p) => !/README/i.test(p)).sort();
const bytes = paths.reduce((n, p) => n + statSync(p).size, 0);

// No Sigma rules apply to shortcuts; the worker still wants a directory.
const noRules = mkdtempSync(join(tmpdir(), 'quarry-bench-rules-'));
const svc = await startService({ sigmaRules: noRules });
try {
  const ids = await svc.uploadAll(paths);
  console.log(`\nthe whole job through the service: ${paths.length} files (${(bytes / MiB).toFixed(2)} MiB) in one /analysis/lnk/parse job`);
  const run = await svc.runJob('lnk', { file_ids: ids });
  console.log(
    `job ${run.status}: ${run.seconds.toFixed(2)} s wall (${(paths.length / run.seconds).toFixed(1)} files/s), ` +
      `worker ${run.cpuSeconds.toFixed(2)} CPU s (${(paths.length / run.cpuSeconds).toFixed(1)} files/cpu-s), ` +
      `worker peak RSS ${(run.peakRss / MiB).toFixed(0)} MiB`,
  );
  let fileMetadata = 0;
  for (const insight of run.insights) {
    const [kind, body] = Object.entries(insight)[0] ?? ['?', {}];
    const b = body as { title?: string; data?: unknown };
    // One per input file: counted, not listed.
    if (b.title?.startsWith('File metadata:')) {
      fileMetadata++;
      continue;
    }
    const rows = Array.isArray(b.data) ? `${b.data.length} rows` : b.data && typeof b.data === 'object' ? `${Object.keys(b.data).length} fields` : '';
    console.log(`  ${kind.padEnd(10)} ${(b.title ?? '').padEnd(44)} ${rows}`);
  }
  console.log(`  ${'Metadata'.padEnd(10)} ${'File metadata (one per file)'.padEnd(44)} ${fileMetadata} files`);
  if (run.status !== 'Completed') process.exitCode = 1;
} finally {
  await svc.stop();
  rmSync(noRules, { recursive: true, force: true });
}
