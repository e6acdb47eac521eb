#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { PrefetchError } from './errors.js';
import { parsePrefetch, type PrefetchResult } from './parse-prefetch.js';

const USAGE = `usage: quarry-pf dump FILE... [--format json|text]

  json (default): one JSON object per file, one per line
  text: a short human-readable summary per file
Exit status: 0 when every file parsed, 1 when any did not, 2 on bad usage.`;

function summary(r: PrefetchResult): string {
  const lines = [
    `${r.fileName ?? ''}: SCCA version ${r.version}${r.variant ? ` (variant ${r.variant})` : ''}, ${r.container.signature}`,
    `  executable ${r.executableName}, hash ${r.prefetchHash} (${r.hashCheck.status}${r.hashCheck.executablePath ? ` via ${r.hashCheck.executablePath}` : ''})`,
    `  run count ${r.runCount}, last run ${r.lastRunTimes.filter((t) => t !== null).join(', ') || 'never'}`,
    `  ${r.fileMetrics.length} files, ${r.traceChains.length} trace chain entries, ${r.volumes.length} volumes`,
    ...r.volumes.map(
      (v) =>
        `  volume ${v.index}: ${v.devicePath}${v.deviceName && v.deviceName !== v.devicePath ? ` = ${v.deviceName}` : ''}, serial 0x${v.serialNumber.toString(16).padStart(8, '0')}, created ${v.creationTime}`,
    ),
    ...r.anomalies.map((a) => `  anomaly: ${a}`),
    ...r.warnings.map((w) => `  warning: ${w.structure} at ${w.offset}: ${w.message}`),
  ];
  return lines.join('\n');
}

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { format: { type: 'string', default: 'json' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, ...files] = positionals;
  if (command !== 'dump' || files.length === 0 || (values.format !== 'json' && values.format !== 'text')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let failed = false;
  for (const file of files) {
    const fileName = basename(file);
    try {
      const result = parsePrefetch(readFileSync(file), { fileName });
      process.stdout.write(values.format === 'json' ? `${JSON.stringify(result)}\n` : `${summary(result)}\n`);
    } catch (error) {
      // Unreadable files and non-prefetch data are reported per file; anything else is a bug.
      const isIo = error instanceof Error && 'code' in error && typeof error.code === 'string';
      if (!(error instanceof PrefetchError) && !isIo) throw error;
      failed = true;
      const detail = error instanceof PrefetchError ? error.toJSON() : { name: 'IOError', message: (error as Error).message };
      if (values.format === 'json') process.stdout.write(`${JSON.stringify({ fileName, error: detail })}\n`);
      else process.stdout.write(`${fileName}: error: ${detail.message as string}\n`);
    }
  }
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
