/**
 * Writes packages/sigma/test/golden/sigma-peers.json: for every SigmaHQ rule (../shared/rules/sigma/rules)
 * that Hayabusa and Chainsaw both match on ../shared/samples/evtx with the same records, those records
 * (file and EventRecordID). packages/sigma/test/peer-agreement.integration.test.ts holds our engine to
 * it; CI cannot build the two tools, so their agreement is committed, not the tools.
 *
 *   node --import tsx packages/rest-compat/bench/sigma-peers.ts
 *
 * Needs both tools, built as docs/operations.md says (found like bench:jobs finds them). Hayabusa
 * runs the raw rules with every channel filter off (it has no logsource mapping for them), Chainsaw
 * with its own Sigma mapping; where they disagree on a rule, only the two counts are written.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SHARED_DIR } from '@quarry/testkit';
import { chainsawRecords } from './jobs/record-differences.js';
import { ruleIndex } from './jobs/sigma-diff.js';
import { chainsawMapping, findReferenceTool, hayabusaHome, measureRun, REFERENCE_DIR } from './jobs/tools.js';

const SAMPLES = resolve(SHARED_DIR, 'samples/evtx');
const RULES = resolve(SHARED_DIR, 'rules/sigma/rules');
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const GOLDEN = fileURLToPath(new URL('../../sigma/test/golden/sigma-peers.json', import.meta.url));

function fail(message: string): never {
  console.error(`sigma-peers: ${message}`);
  process.exit(1);
}

/** What a tool says its version is, and the source checkout it was built from when that is known. */
function version(bin: string, args: string[], source: string): string {
  const said = execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .replace(ANSI, '')
    .trim()
    .split('\n')
    .find((l) => /\d+\.\d+/.test(l));
  const dir = join(REFERENCE_DIR, 'src', source);
  const git = (a: string[]) => execFileSync('git', ['-C', dir, ...a], { encoding: 'utf8' }).trim();
  const built = existsSync(dir) ? `; source ${git(['describe', '--tags', '--always'])} (${git(['rev-parse', 'HEAD'])})` : '';
  return `${said?.trim() ?? 'unknown'}${built}`;
}

/** `<file relative to the samples>#<EventRecordID>` from a tool's path and record id. */
const key = (path: string, id: unknown): string => `${relative(SAMPLES, resolve(path))}#${String(id)}`;

/** Per rule id, the records of Hayabusa's JSON Lines timeline (profile `verbose`: RuleID, EvtxFile, RecordID). */
async function hayabusaRecords(path: string): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { RuleID?: string; EvtxFile?: string; RecordID?: string | number };
    if (!row.RuleID || !row.EvtxFile || row.RecordID === undefined) fail(`a Hayabusa row without RuleID, EvtxFile or RecordID: ${line.slice(0, 200)}`);
    const set = out.get(row.RuleID) ?? new Set<string>();
    set.add(key(row.EvtxFile, row.RecordID));
    out.set(row.RuleID, set);
  }
  return out;
}

/** Chainsaw's record keys are absolute `path#id`; ours are relative to the samples. */
const relativeKeys = (sets: Map<string, Set<string>>): Map<string, Set<string>> =>
  new Map([...sets].map(([id, s]) => [id, new Set([...s].map((k) => key(k.slice(0, k.lastIndexOf('#')), k.slice(k.lastIndexOf('#') + 1))))]));

/** Records grouped by file, files and ids sorted, for a stable file. */
function byFile(records: Set<string>): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const k of records) {
    const at = k.lastIndexOf('#');
    (out[k.slice(0, at)] ??= []).push(Number(k.slice(at + 1)));
  }
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((f) => [f, out[f]!.sort((a, b) => a - b)]),
  );
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((k) => b.has(k));

async function main(): Promise<void> {
  const hayabusa = findReferenceTool('hayabusa', 'HAYABUSA');
  const home = hayabusa && hayabusaHome(hayabusa);
  const chainsaw = findReferenceTool('chainsaw', 'CHAINSAW');
  const mapping = chainsaw && chainsawMapping(chainsaw);
  if (!hayabusa || !home) fail(hayabusa ? `rules/config (hayabusa-rules) is not beside ${hayabusa}` : 'Hayabusa is not installed (docs/operations.md)');
  if (!chainsaw || !mapping) fail(chainsaw ? `mappings/sigma-event-logs-all.yml is not beside ${chainsaw}` : 'Chainsaw is not installed (docs/operations.md)');
  const rulesCommit = /^commit ([0-9a-f]{40})/m.exec(readFileSync(join(RULES, '..', 'SOURCE.txt'), 'utf8'))?.[1] ?? fail('no commit in the rules SOURCE.txt');

  const scratch = mkdtempSync(join(tmpdir(), 'quarry-sigma-peers-'));
  try {
    const hOut = join(scratch, 'hayabusa.jsonl');
    // -w no wizard, -A every rule whatever the channels, -a every file whatever its channels, -n
    // noisy rules, -D -u deprecated and unsupported statuses too, -U UTC, -N no summary, -Q no
    // error log file, -C overwrite, -L JSON Lines, -p verbose for RuleID and EvtxFile.
    const h = await measureRun(
      hayabusa,
      ['json-timeline', '-d', SAMPLES, '-r', RULES, '-w', '-A', '-a', '-n', '-D', '-u', '-U', '-N', '-Q', '-C', '-L', '-p', 'verbose', '-o', hOut],
      {
        cwd: home,
        stdout: join(scratch, 'hayabusa.out'),
        stderr: join(scratch, 'hayabusa.err'),
        usage: join(scratch, 'hayabusa.time'),
      },
    );
    if (h.code !== 0) fail(`Hayabusa exited with ${h.code}: ${readFileSync(join(scratch, 'hayabusa.err'), 'utf8').slice(-2000)}`);
    const cOut = join(scratch, 'chainsaw.jsonl');
    const c = await measureRun(chainsaw, ['--no-banner', 'hunt', SAMPLES, '-s', RULES, '--mapping', mapping, '--jsonl', '-o', cOut, '--skip-errors'], {
      stderr: join(scratch, 'chainsaw.err'),
      usage: join(scratch, 'chainsaw.time'),
    });
    if (c.code !== 0) fail(`Chainsaw exited with ${c.code}: ${readFileSync(join(scratch, 'chainsaw.err'), 'utf8').slice(-2000)}`);

    const theirs = { hayabusa: await hayabusaRecords(hOut), chainsaw: relativeKeys(await chainsawRecords(cOut)) };
    const titles = ruleIndex([RULES]);
    const agree: Record<string, { title: string; records: Record<string, number[]> }> = {};
    const disagree: Record<string, { title: string; hayabusa: number; chainsaw: number }> = {};
    const ids = [...new Set([...theirs.hayabusa.keys(), ...theirs.chainsaw.keys()])].filter((id) => titles.has(id)).sort();
    for (const id of ids) {
      const hs = theirs.hayabusa.get(id) ?? new Set<string>();
      const cs = theirs.chainsaw.get(id) ?? new Set<string>();
      const title = titles.get(id)!.title;
      if (sameSet(hs, cs)) agree[id] = { title, records: byFile(hs) };
      else disagree[id] = { title, hayabusa: hs.size, chainsaw: cs.size };
    }
    const header = {
      about:
        'Per SigmaHQ rule id, the sample records (file relative to ../shared/samples/evtx -> EventRecordIDs) that Hayabusa and Chainsaw both report, for rules where the two agree record for record; `disagree` gives the two counts of the others. Rules neither tool matched are left out.',
      generator: 'node --import tsx packages/rest-compat/bench/sigma-peers.ts',
      hayabusa: `${version(hayabusa, ['help'], 'hayabusa')}; json-timeline -w -A -a -n -D -u -U -N -Q -C -L -p verbose`,
      chainsaw: `${version(chainsaw, ['--version'], 'chainsaw')}; hunt --mapping sigma-event-logs-all.yml --jsonl --skip-errors`,
      rules: `../shared/rules/sigma/rules, SigmaHQ commit ${rulesCommit}`,
      rulesCommit,
      samples: '../shared/samples/evtx (every .evtx; MANIFEST.tsv gives their sources and hashes)',
    };
    const lines = [
      '{',
      ...Object.entries(header).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`),
      '  "agree": {',
      Object.entries(agree)
        .map(([id, v]) => `    ${JSON.stringify(id)}: ${JSON.stringify(v)}`)
        .join(',\n'),
      '  },',
      '  "disagree": {',
      Object.entries(disagree)
        .map(([id, v]) => `    ${JSON.stringify(id)}: ${JSON.stringify(v)}`)
        .join(',\n'),
      '  }',
      '}',
      '',
    ];
    writeFileSync(GOLDEN, lines.join('\n'));
    console.log(
      `${relative(process.cwd(), GOLDEN)}: ${Object.keys(agree).length} rules agreed, ${Object.keys(disagree).length} not (Hayabusa ${h.seconds.toFixed(1)} s, Chainsaw ${c.seconds.toFixed(1)} s)`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
