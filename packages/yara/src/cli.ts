#!/usr/bin/env node
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseCliArgs, type CliArgs } from './cli-args.js';
import { YaraError } from './errors.js';
import { loadPack } from './pack.js';
import { ScanPool } from './pool.js';
import { updatePacks, PUBLIC_PACKS } from './update-packs.js';

const USAGE = `usage:
  quarry-yara check --rules DIR...            compile every .yar/.yara on its own; files, rules, errors per file
  quarry-yara scan --rules DIR... FILE...     one JSON line per match: {"file","rule","namespace","tags","meta"}
      [--timeout MS] [--pool N] [--no-externals]   (put -- before targets that are directories)
  quarry-yara update-packs --dest DIR [NAME...]   fetch public packs (${PUBLIC_PACKS.map((p) => p.name).join(', ')}) with git
`;

function targetsOf(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (p: string): void => {
    if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) walk(join(p, e));
    else out.push(p);
  };
  for (const p of paths) walk(p);
  return out;
}

async function check(args: CliArgs): Promise<number> {
  const pack = await loadPack({ dirs: args.rules, externals: !args.flags.has('--no-externals') });
  for (const f of pack.files) {
    if (f.ok) console.log(`ok     ${f.namespace}  rules=${f.rules.length} warnings=${f.warnings.length}`);
    else for (const e of f.errors) console.log(`error  ${f.namespace}:${e.line ?? '?'}:${e.column ?? '?'}  ${e.title}`);
  }
  const t = pack.totals;
  console.log(`files=${t.files} compiled=${t.compiled} failed=${t.failed} rules=${t.rules} warnings=${t.warnings}`);
  return t.failed === 0 ? 0 : 1;
}

async function scan(args: CliArgs): Promise<number> {
  if (args.targets.length === 0) throw new YaraError('invalid-input', 'scan needs at least one FILE');
  const pack = await loadPack({ dirs: args.rules, externals: !args.flags.has('--no-externals') });
  for (const f of pack.files) if (!f.ok) console.error(`skipped ${f.namespace}: ${f.errors[0]?.title ?? 'error'}`);
  const timeout = args.flags.get('--timeout');
  const size = args.flags.get('--pool');
  const pool = new ScanPool({
    ...(typeof timeout === 'string' ? { timeoutMs: Number(timeout) } : {}),
    ...(typeof size === 'string' ? { size: Number(size) } : {}),
  });
  let failures = 0;
  try {
    await Promise.all(
      targetsOf(args.targets).map(async (file) => {
        try {
          const o = await pool.scanFile(pack, file);
          for (const m of o.matches) console.log(JSON.stringify({ file, rule: m.rule, namespace: m.namespace, tags: m.tags, meta: m.meta }));
        } catch (err) {
          failures++;
          console.error(`${file}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }),
    );
  } finally {
    await pool.close();
  }
  return failures === 0 ? 0 : 1;
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  switch (args.command) {
    case 'check':
    case 'scan':
      if (args.rules.length === 0) throw new YaraError('invalid-input', `${args.command} needs --rules DIR (an existing directory)`);
      return args.command === 'check' ? check(args) : scan(args);
    case 'update-packs': {
      const dest = args.flags.get('--dest');
      if (typeof dest !== 'string') throw new YaraError('invalid-input', 'update-packs needs --dest DIR');
      const only = args.targets.length > 0 ? args.targets : undefined;
      return (await updatePacks(dest, only, (line) => console.log(line))) ? 0 : 1;
    }
    default:
      process.stdout.write(USAGE);
      return args.command === 'help' || args.command === '--help' ? 0 : 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof YaraError ? `quarry-yara: ${err.message}` : err);
    process.exitCode = 2;
  },
);
