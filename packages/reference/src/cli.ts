import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR } from './dataset/paths.js';
import { LookupError } from './errors.js';
import { runImport, type ImportReport } from './import/run-import.js';
import { LookupStore } from './store.js';

const USAGE = `usage:
  lookup import [--replace] [--dry-run] [--data-dir DIR] <file-or-dir>...
      Rebuild (--replace) or extend the lookup data from upstream files: xCyclopedia CSV(.zip),
      ETWEventsList provider CSVs (a mirrored tree or the merged CSV), OSSEM fields TSV, the
      Security-Auditing message map. A running service reloads changed files within a second.
  lookup search <file_name|event_id> [TEXT] [--filter "Field:operator:value"]... [--page N] [--show N] [--json]`;

function printImport(report: ImportReport): void {
  const byKind = new Map<string, number>();
  for (const f of report.files) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
  console.log(`read ${report.files.length} upstream file(s): ${[...byKind].map(([k, n]) => `${n} ${k}`).join(', ') || 'none'}`);
  for (const s of report.skipped) console.log(`skipped ${s.path}: ${s.reason}`);
  for (const m of report.modules) {
    console.log(
      `${m.module}: ${m.before} -> ${m.after} rows (${m.added} added, ${m.updated} updated) from ${m.sourceRows} source rows` +
        (m.skippedRows ? `, ${m.skippedRows} skipped` : '') +
        (m.events ? `; ${m.events.corruptTemplates} corrupted templates, ${m.events.repairedTemplates} fully repaired` : '') +
        (m.file ? `; wrote ${m.file} (${(m.bytes! / 1024).toFixed(0)} KiB)` : '; nothing written'),
    );
  }
}

async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { replace: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, 'data-dir': { type: 'string' } },
  });
  if (!positionals.length) {
    console.error(USAGE);
    return 2;
  }
  const report = await runImport({
    inputs: positionals.map((p) => resolve(p)),
    dataDir: values['data-dir'] ? resolve(values['data-dir']) : DEFAULT_DATA_DIR,
    replace: values.replace,
    dryRun: values['dry-run'],
  });
  printImport(report);
  return report.files.length ? 0 : 1;
}

async function searchCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      filter: { type: 'string', multiple: true },
      page: { type: 'string' },
      show: { type: 'string' },
      json: { type: 'boolean' },
      'data-dir': { type: 'string' },
    },
  });
  const [module, ...text] = positionals;
  const filter = (values.filter ?? []).map((f) => {
    const [field = '', operator = '', ...value] = f.split(':');
    return { field, operator, value: value.join(':') };
  });
  const store = new LookupStore({ dataDir: values['data-dir'] ? resolve(values['data-dir']) : undefined });
  const result = await store.lookup({
    module,
    search: text.join(' '),
    filter,
    ...(values.page ? { page: Number(values.page) } : {}),
    ...(values.show ? { show: Number(values.show) } : {}),
  });
  if (values.json) console.log(JSON.stringify(result));
  else {
    console.log(result.columns.join('\t'));
    for (const row of result.rows) console.log(row.join('\t'));
    console.log(`(${result.total} matching)`);
  }
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'import') return await importCommand(rest);
    if (command === 'search') return await searchCommand(rest);
  } catch (err) {
    if (err instanceof LookupError) {
      console.error(`${err.message}${err.issues.length ? `\n  ${err.issues.join('\n  ')}` : ''}`);
      return 1;
    }
    throw err;
  }
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
