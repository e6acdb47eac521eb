#!/usr/bin/env node
import { availableParallelism } from 'node:os';
import { writeFully } from '@quarry/binary';
import { dumpEvtx } from './evtx-file.js';
import { EvtxError } from './errors.js';

const USAGE = 'usage: quarry-evtx dump FILE [--format jsonl|xml] [--threads N] [--chunks-per-thread N] [--recover]';

interface Args {
  file: string;
  format: 'jsonl' | 'xml';
  threads: number;
  chunksPerThread: number | undefined;
  recover: boolean;
}

function parseArgs(argv: string[]): Args {
  const [cmd, ...rest] = argv;
  if (cmd !== 'dump') throw new Error(USAGE);
  let file: string | undefined;
  let format: Args['format'] = 'jsonl';
  let threads = 1;
  let recover = false;
  let chunksPerThread: number | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--format' || a === '-o') {
      const f = rest[++i];
      if (f !== 'jsonl' && f !== 'xml') throw new Error(`unknown format ${f}\n${USAGE}`);
      format = f;
    } else if (a === '--threads' || a === '-t') {
      const n = Number(rest[++i]);
      if (!Number.isInteger(n) || n < 0) throw new Error(`bad thread count\n${USAGE}`);
      threads = n === 0 ? availableParallelism() : n;
    } else if (a === '--chunks-per-thread') {
      const n = Number(rest[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error(`bad chunk count\n${USAGE}`);
      chunksPerThread = n;
    } else if (a === '--recover') {
      recover = true;
    } else if (!file && !a.startsWith('-')) {
      file = a;
    } else {
      throw new Error(`unexpected argument ${a}\n${USAGE}`);
    }
  }
  if (!file) throw new Error(USAGE);
  return { file, format, threads, chunksPerThread, recover };
}

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 2;
  }
  const file = dumpEvtx(args.file, args.format, {
    threads: args.threads,
    chunksPerThread: args.chunksPerThread,
    recover: args.recover,
    onWarning: (w) => process.stderr.write(`warning: ${w.code} at 0x${w.offset.toString(16)}: ${w.message}\n`),
  });
  try {
    // One synchronous write per chunk (~150 KiB of text) to fd 1: the bytes are a reused buffer,
    // and a stream could still hold them when the next chunk overwrites them.
    for await (const bytes of file) writeFully(1, bytes);
  } catch (e) {
    if (e instanceof EvtxError) {
      process.stderr.write(`error: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  if (file.header === undefined && file.stats.records === 0) return 1;
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`fatal: ${String(e)}\n`);
    process.exitCode = 3;
  },
);
