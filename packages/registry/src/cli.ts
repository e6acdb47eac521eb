#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { RegistryError } from './errors.js';
import { JsonlDump } from './dump-jsonl.js';
import type { Hive } from './hive.js';
import { findLogs, openHive } from './open.js';
import { OutputSink } from './output-sink.js';
import { isZip } from './zip-signature.js';

const USAGE = `usage:
  quarry-reg dump FILE [--logs LOG1 [LOG2 ...]] [--find-logs] [--no-deleted] [--format jsonl]
  quarry-reg info FILE [--logs LOG1 [LOG2 ...]] [--find-logs]
FILE may be a hive or a zip archive of hives and logs (logs inside are matched automatically).
dump prints one JSON line per key: {"path","last_write","deleted","values":[{"name","type","data"}]}.`;

/** --logs takes every following argument up to the next option, so "--logs A B" works. */
function splitArgs(argv: string[]): { rest: string[]; logs: string[] } {
  const rest: string[] = [];
  const logs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--logs') {
      while (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) logs.push(argv[++i]!);
    } else rest.push(argv[i]!);
  }
  return { rest, logs };
}

function info(hive: Hive, name: string): object {
  return {
    file: name,
    type: hive.type,
    root: hive.rootName,
    version: `${hive.baseBlock.majorVersion}.${hive.baseBlock.minorVersion}`,
    embedded_name: hive.baseBlock.fileName,
    last_written: hive.baseBlock.lastWrittenIso,
    dirty: hive.dirty,
    replay: hive.replay,
  };
}

function dumpHive(out: OutputSink, hive: Hive, name: string, deleted: boolean, zipMember: boolean): void {
  if (hive.dirty && !hive.replay.applied) process.stderr.write(`quarry-reg: ${name}: ${hive.replay.message}\n`);
  new JsonlDump(hive, out, zipMember ? name : undefined).run(deleted);
  // Flushed before the warnings so stdout and stderr keep their order on a terminal.
  out.flush();
  for (const w of hive.warnings) process.stderr.write(`quarry-reg: ${name}: warning: ${w.message}\n`);
}

async function main(argv: string[]): Promise<number> {
  const { rest, logs } = splitArgs(argv);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'jsonl' },
      'find-logs': { type: 'boolean', default: false },
      'no-deleted': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, file] = positionals;
  if (values.help || !command || !file || !['dump', 'info'].includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  if (values.format !== 'jsonl') {
    process.stderr.write(`quarry-reg: unsupported format ${values.format} (only jsonl)\n`);
    return 2;
  }
  // One synchronous read: the promise API reads a 12 MB hive in chunks, each a round trip.
  const data = readFileSync(file);
  const hives: { name: string; hive: Hive }[] = [];
  let zip = false;
  if (isZip(data)) {
    zip = true;
    const { openZip } = await import('./zip-input.js');
    const contents = await openZip(data);
    for (const h of contents.hives) {
      if (h.hive) hives.push({ name: h.name, hive: h.hive });
      else process.stderr.write(`quarry-reg: ${h.name}: ${h.error?.message}\n`);
    }
  } else {
    const logPaths = logs.length > 0 ? logs : values['find-logs'] ? await findLogs(file) : [];
    hives.push({ name: file, hive: await openHive(data, { logs: logPaths }) });
  }
  // fd 1 directly: touching process.stdout would set up a stream (and, for a pipe, non-blocking mode).
  const out = new OutputSink(1);
  try {
    for (const { name, hive } of hives) {
      if (command === 'info') out.text(`${JSON.stringify(info(hive, name))}\n`);
      else dumpHive(out, hive, name, !values['no-deleted'], zip);
    }
  } finally {
    out.flush();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`quarry-reg: ${err instanceof RegistryError || err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
