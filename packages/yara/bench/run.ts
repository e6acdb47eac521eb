/**
 * npm run bench:yara — MB/s over the sample corpus with the full community pack:
 * raw engine (binding, in-process), our pool (1 and 2 workers), and the `yara` CLI (Debian),
 * side by side. `yr` (yara-x-cli) is used when on PATH. CPU seconds are printed beside wall
 * time because the machine is shared.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMPTY_EXTERNALS, externalsFor, loadPack, ScanPool } from '../src/index.js';
import { compileRules } from '../src/native.js';

const SHARED = process.env.QUARRY_SHARED ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));
const DIRS = [join(SHARED, 'rules/yara/reversinglabs'), join(SHARED, 'rules/yara/signature-base')];
const SAMPLES = join(SHARED, 'samples');

function walk(d: string, out: string[] = []): string[] {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (!['MANIFEST.tsv', 'README.txt', 'HOLDOUT.tsv'].includes(e.name)) out.push(p);
  }
  return out.sort();
}

function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

interface Row {
  name: string;
  wallS: number;
  cpuS: number | undefined;
  matches: number;
}

const files = walk(SAMPLES);
const bytes = files.reduce((s, f) => s + statSync(f).size, 0);
const MB = bytes / 1e6;
console.log(`corpus: ${files.length} files, ${MB.toFixed(1)} MB; rules: ${DIRS.join(', ')}`);

const t0 = performance.now();
const pack = await loadPack({ dirs: DIRS });
console.log(
  `loadPack (per-file compile report): ${((performance.now() - t0) / 1000).toFixed(1)} s, ${pack.totals.compiled}/${pack.totals.files} files, ${pack.totals.rules} rules`,
);

const rows: Row[] = [];

// Raw engine: the binding in this process, one compile, Buffer scans (what the worker does inside).
{
  const c0 = performance.now();
  const compiled = pack.groups.map((g) => compileRules(g.files.map((f) => f.source).join('\n'), { defineVariables: { ...EMPTY_EXTERNALS } }));
  console.log(`raw compile: ${((performance.now() - c0) / 1000).toFixed(1)} s`);
  const cpu = process.cpuUsage();
  const w0 = performance.now();
  let matches = 0;
  for (const f of files) {
    const data = readFileSync(f);
    for (const r of compiled) matches += r.scan(data, { ...externalsFor(f, data.subarray(0, 16)) }).length;
  }
  const u = process.cpuUsage(cpu);
  rows.push({ name: 'raw engine (binding, in-process)', wallS: (performance.now() - w0) / 1000, cpuS: (u.user + u.system) / 1e6, matches });
}

for (const size of [1, 2]) {
  const pool = new ScanPool({ size });
  const l0 = performance.now();
  await pool.warm(pack);
  console.log(`pool(${size}) warm (compile in each worker): ${((performance.now() - l0) / 1000).toFixed(1)} s`);
  const cpuOf = (): number => pool.workerStats().reduce((s, w) => s + (w.cpuSeconds ?? 0), 0);
  const cpu0 = cpuOf();
  const w0 = performance.now();
  const outcomes = await Promise.all(files.map((f) => pool.scanFile(pack, f)));
  const wallS = (performance.now() - w0) / 1000;
  const cpuS = cpuOf() - cpu0;
  await pool.close();
  rows.push({ name: `quarry ScanPool, ${size} worker(s) (worker CPU)`, wallS, cpuS, matches: outcomes.reduce((s, o) => s + o.matches.length, 0) });
}

function timedCli(name: string, cmd: string, args: string[]): void {
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%R %U %S'; time ${cmd} ${args.map((a) => `'${a}'`).join(' ')} > "$OUT" 2>/dev/null`], {
    encoding: 'utf8',
    env: { ...process.env, OUT: join(work, `${name.replace(/\W+/g, '_')}.out`) },
  });
  const [real, user, sys] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number) as [number, number, number];
  const out = readFileSync(join(work, `${name.replace(/\W+/g, '_')}.out`), 'utf8').trim();
  rows.push({ name, wallS: real, cpuS: user + sys, matches: out === '' ? 0 : out.split('\n').length });
}

const work = mkdtempSync(join(tmpdir(), 'quarry-yara-bench-'));
try {
  const ruleFiles = pack.files.filter((f) => f.ok).map((f) => f.path);
  if (has('yarac') && has('yara')) {
    const compiled = join(work, 'all.yarc');
    const ext = ['filename', 'filepath', 'extension', 'filetype', 'owner'].flatMap((n) => ['-d', `${n}=`]);
    const y = spawnSync('yarac', ['-w', ...ext, ...ruleFiles, compiled], { encoding: 'utf8' });
    if (y.status === 0) {
      timedCli('yara 4 CLI (Debian), -p 1', 'yara', ['-C', '-w', '-p', '1', '-r', compiled, SAMPLES]);
      timedCli('yara 4 CLI (Debian), -p 2', 'yara', ['-C', '-w', '-p', '2', '-r', compiled, SAMPLES]);
    } else console.log(`yarac failed: ${y.stderr.slice(0, 300)}`);
  } else console.log('yara CLI not installed (apt-get install yara): skipped');
  if (has('yr')) {
    // Precompiled like the yara runs, with the same external variables, so only scanning is timed.
    const compiled = join(work, 'all.yrc');
    const ext = ['filename', 'filepath', 'extension', 'filetype', 'owner'].flatMap((n) => ['-d', `${n}=""`]);
    const y = spawnSync('yr', ['compile', '-w', '--path-as-namespace', ...ext, '-o', compiled, ...DIRS], { encoding: 'utf8' });
    if (y.status === 0) {
      timedCli('yr (yara-x-cli), -p 1', 'yr', ['scan', '-C', '-w', '--disable-console-logs', '-r', '-p', '1', compiled, SAMPLES]);
      timedCli('yr (yara-x-cli), -p 2', 'yr', ['scan', '-C', '-w', '--disable-console-logs', '-r', '-p', '2', compiled, SAMPLES]);
    } else console.log(`yr compile failed: ${y.stderr.slice(0, 300)}`);
  } else console.log('yr (yara-x-cli) not on PATH: skipped (cargo install yara-x-cli)');
} finally {
  rmSync(work, { recursive: true, force: true });
}

const raw = rows[0]!;
console.log('\n| runner | wall s | MB/s (wall) | CPU s | MB/s (CPU) | matches | CPU vs raw engine |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  const cpu = r.cpuS === undefined ? '-' : r.cpuS.toFixed(2);
  const cpuRate = r.cpuS === undefined ? '-' : (MB / r.cpuS).toFixed(1);
  console.log(
    `| ${r.name} | ${r.wallS.toFixed(2)} | ${(MB / r.wallS).toFixed(1)} | ${cpu} | ${cpuRate} | ${r.matches} | ${r.cpuS === undefined || raw.cpuS === undefined ? '-' : `${(r.cpuS / raw.cpuS).toFixed(2)}x`} |`,
  );
}
