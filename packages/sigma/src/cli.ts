#!/usr/bin/env node
/**
 * quarry-sigma check --rules PATH… [--placeholders FILE] [--verbose]
 * quarry-sigma scan --rules PATH… (--evtx FILE… | --json FILE… | --xml FILE…) [--threads N] [--placeholders FILE]
 */
import { readFileSync } from 'node:fs';
import { configureThreadPool } from '@quarry/threads';
import { parse as parseYaml } from 'yaml';
import { SigmaEngine, type EngineOptions } from './engine.js';
import { SigmaError } from './errors.js';
import type { Json } from './event.js';
import { EVTX_MISSING, loadEvtxReader, readEvtxRecords } from './evtx-input.js';
import { scanEvtxParallel } from './evtx-parallel.js';
import { parseJsonRecords } from './json-input.js';
import type { RuleMatch } from './match.js';
import { scanParallel } from './parallel.js';
import { readRuleFiles } from './rule-source.js';
import { Scanner } from './scanner.js';
import { xmlToRecords } from './xml-event.js';

const USAGE = `usage:
  quarry-sigma check --rules PATH... [--placeholders FILE] [--verbose]
  quarry-sigma scan --rules PATH... (--evtx FILE... | --json FILE... | --xml FILE...) [--threads N] [--placeholders FILE]
A PATH is a rule file or a directory searched recursively for .yml/.yaml files.
--placeholders: a YAML/JSON map of placeholder name -> value or list of values (for |expand).`;

const FLAGS = ['rules', 'evtx', 'json', 'xml', 'threads', 'placeholders', 'verbose'];

function parseArgs(argv: string[]): { command: string | undefined; opts: Map<string, string[]> } {
  const [command, ...rest] = argv;
  const opts = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const a of rest) {
    if (a.startsWith('--')) {
      const name = a.slice(2);
      if (!FLAGS.includes(name)) throw new Error(`unknown option ${a}`);
      current = opts.get(name) ?? [];
      opts.set(name, current);
    } else if (current) current.push(a);
    else throw new Error(`unexpected argument '${a}'`);
  }
  return { command, opts };
}

function engineOptions(opts: Map<string, string[]>): EngineOptions {
  const file = opts.get('placeholders')?.[0];
  if (!file) return {};
  const raw = parseYaml(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const placeholders: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(raw ?? {})) placeholders[k] = (Array.isArray(v) ? v : [v]).map(String);
  return { placeholders };
}

function check(opts: Map<string, string[]>): number {
  const engine = SigmaEngine.fromSourceResult(readRuleFiles(opts.get('rules')!), engineOptions(opts));
  const r = engine.report;
  const out = process.stdout;
  out.write(`documents: ${r.documents}\n`);
  out.write(`loaded: ${r.loaded.rules} rules, ${r.loaded.correlations} correlations, ${r.loaded.filters} filters\n`);
  out.write(`refused: ${r.refused.length}\n`);
  for (const x of r.refused) out.write(`REFUSED ${x.file ?? '-'}${x.id ? ` [${x.id}]` : ''}: ${x.error.message}\n`);
  out.write(`not applicable to Windows event logs: ${r.notForWindows.length}\n`);
  out.write(`Windows sources skipped or partial: ${r.partial.length}\n`);
  if (opts.has('verbose')) {
    for (const x of r.notForWindows) out.write(`NOT-WINDOWS ${x.rule.file ?? '-'}: ${x.reason}\n`);
    for (const x of r.partial) out.write(`PARTIAL ${x.rule.file ?? '-'} (${x.source}): ${x.reason}\n`);
  }
  return 0;
}

function line(m: RuleMatch): string {
  return JSON.stringify({
    rule_id: m.rule.id ?? null,
    title: m.rule.title,
    level: m.rule.level ?? null,
    record_id: m.recordId ?? null,
    timestamp: m.timestamp ?? null,
  });
}

function* textRecords(opts: Map<string, string[]>): Generator<Json> {
  for (const f of opts.get('json') ?? []) yield* parseJsonRecords(readFileSync(f, 'utf8'), f);
  for (const f of opts.get('xml') ?? []) yield* xmlToRecords(readFileSync(f, 'utf8'));
}

async function* records(opts: Map<string, string[]>): AsyncGenerator<Json> {
  yield* textRecords(opts);
  const evtx = opts.get('evtx') ?? [];
  if (evtx.length) {
    const reader = await loadEvtxReader();
    if (!reader) throw new Error(EVTX_MISSING);
    for (const f of evtx) yield* readEvtxRecords(reader, f);
  }
}

async function scan(opts: Map<string, string[]>): Promise<number> {
  if (!['evtx', 'json', 'xml'].some((k) => opts.get(k)?.length)) throw new Error('scan needs --evtx, --json or --xml input files');
  const rules = readRuleFiles(opts.get('rules')!);
  const options = engineOptions(opts);
  const threads = Number(opts.get('threads')?.[0] ?? 1);
  if (!Number.isInteger(threads) || threads < 1) throw new Error('--threads needs a positive integer');
  // This process's pool is the scan's: the threads asked for, each parsing and matching whole files
  // with the full rule set, where the worker's 256 MiB heap cap only brings collections (0.4-1.8
  // CPU-s more over the EVTX samples with the SigmaHQ set).
  configureThreadPool({ threads, heapMb: null });
  const started = Date.now();
  let count = 0;
  let matched = 0;
  const write = (m: RuleMatch) => {
    matched++;
    process.stdout.write(line(m) + '\n');
  };
  const evtx = opts.get('evtx') ?? [];
  if (threads > 1 && evtx.length) {
    // Threads parse their own share of the EVTX files; JSON/XML records are scanned on this one.
    const res = await scanEvtxParallel(evtx, { rules, engine: options, threads, records: textRecords(opts) });
    res.matches.forEach(write);
    count = res.records;
    for (const w of res.warnings) process.stderr.write(`warning: ${w.rule.title}: ${w.reason}\n`);
  } else if (threads > 1) {
    const res = await scanParallel([...textRecords(opts)], { rules, engine: options, threads });
    res.matches.forEach(write);
    count = res.records;
  } else {
    const scanner = new Scanner(SigmaEngine.fromSourceResult(rules, options));
    for await (const r of records(opts)) {
      count++;
      for (const m of scanner.push(r)) write(m);
    }
    scanner.finish().forEach(write);
    for (const w of scanner.warnings) process.stderr.write(`warning: ${w.rule.title}: ${w.reason}\n`);
  }
  process.stderr.write(`scanned ${count} records, ${matched} matches in ${((Date.now() - started) / 1000).toFixed(2)} s\n`);
  return 0;
}

// A closed pipe (e.g. `| head`) ends the output quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

async function main(): Promise<number> {
  const { command, opts } = parseArgs(process.argv.slice(2));
  if (command !== 'check' && command !== 'scan') {
    process.stderr.write(USAGE + '\n');
    return 2;
  }
  if (!opts.get('rules')?.length) throw new Error('--rules needs at least one path');
  return command === 'check' ? check(opts) : scan(opts);
}

main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    process.stderr.write(`quarry-sigma: ${e instanceof SigmaError ? e.message : (e as Error).message}\n`);
    process.exitCode = 2;
  },
);
