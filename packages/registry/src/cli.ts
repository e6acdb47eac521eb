#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { RegistryError } from './errors.js';
import { keyToJsonLine } from './format.js';
import type { Hive } from './hive.js';
import { findLogs, openHive } from './open.js';
import { isZip } from './zip-signature.js';

const USAGE = `usage:
  quarry-reg dump FILE [--logs LOG1 [LOG2 ...]] [--find-logs] [--no-deleted] [--format jsonl]
  quarry-reg info FILE [--logs LOG1 [LOG2 ...]] [--find-logs]
FILE may be a hive or a zip archive of hives and logs (logs inside are matched automatically).
dump prints one JSON line per key: {"path","last_write","deleted","values":[{"name","type","data"}]}.`;

async function write(line: string): Promise<void> {
  if (!process.stdout.write(line)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

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

async function dumpHive(hive: Hive, name: string, deleted: boolean, zipMember: boolean): Promise<void> {
  if (hive.dirty && !hive.replay.applied) process.stderr.write(`quarry-reg: ${name}: ${hive.replay.message}\n`);
  let batch = '';
  for (const key of hive.walk({ deleted })) {
    batch += `${keyToJsonLine(key, zipMember ? name : undefined)}\n`;
    if (batch.length > 1 << 16) {
      await write(batch);
      batch = '';
    }
  }
  await write(batch);
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
  const data = await readFile(file);
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
  for (const { name, hive } of hives) {
    if (command === 'info') await write(`${JSON.stringify(info(hive, name))}\n`);
    else await dumpHive(hive, name, !values['no-deleted'], zip);
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
