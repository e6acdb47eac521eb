import { skippedRuleFiles, yaraResultsTable, yaraRuleMetadata, type YaraFileResult } from '@quarry/hunting';
import type { Insight } from '@quarry/insights';
import { YaraError, customRule, type Diagnostic, type Rules } from '@quarry/yara';
import type { WorkerDeps } from '../deps.js';
import { evidenceStream } from './evidence-stream.js';
import { readWhole } from './scan-inputs.js';
import type { ScanContext } from './scan-context.js';
import { unusable } from './unusable.js';

/**
 * Scans every input with the job's YARA rules in the worker's scan processes, `threads` files at a
 * time. Inputs are read whole (a job holds at most 250 MB) and decrypted in memory: plaintext never
 * touches disk. The externals LOKI/THOR rules read are set from the uploaded file's name.
 */
export async function runYaraFileScan(deps: WorkerDeps, scan: ScanContext, threads: number): Promise<Insight[]> {
  let rules: Rules;
  let warnings: Diagnostic[];
  let community: { files: number; rules: number; skipped: string[] } | undefined;
  if (scan.customRule === undefined) {
    const pack = await deps.yara.packs.pack();
    rules = pack;
    warnings = pack.files.flatMap((f) => f.warnings);
    community = { files: pack.totals.compiled, rules: pack.totals.rules, skipped: skippedRuleFiles(pack) };
  } else {
    const check = await deps.yara.pool.compileRule(scan.customRule);
    if (check.errors.length > 0) throw unusable(`The rule does not compile: ${check.errors[0]!.title}`);
    rules = customRule(scan.customRule);
    warnings = check.warnings;
  }

  const results: YaraFileResult[] = new Array(scan.files.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < scan.files.length; i = next++) {
      const file = scan.files[i]!;
      const data = await readWhole(evidenceStream(deps.blobs, file, scan.clientKey, scan.ctx.cancellationSignal));
      try {
        const outcome = await deps.yara.pool.scanBuffer(rules, data, { name: file.originalName, externals: { filepath: file.originalName } });
        results[i] = { fileName: file.originalName, outcome };
        // A file counts once scanned: reading it whole takes a moment, the scan most of the time.
        scan.progress.add(data.length);
        scan.progress.tick();
      } catch (err) {
        if (err instanceof YaraError && (err.code === 'timeout' || err.code === 'scan'))
          throw unusable(`File ${file.originalName} could not be scanned: ${err.message}`);
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(threads, scan.files.length)) }, lane));
  return [
    yaraResultsTable(results),
    yaraRuleMetadata({ warnings, ...(scan.customRule === undefined ? {} : { customRule: scan.customRule }), ...(community ? { community } : {}) }),
  ];
}
