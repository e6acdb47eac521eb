/**
 * npm run bench:triage [-- --samples-only] [--descriptors] [--rounds N] [--cpu-prof]
 *
 * Triage jobs through the running service (as bench:jobs: ephemeral PostgreSQL + Temporal on
 * loopback, the REST server and the worker in their own processes, the SigmaHQ rules for the
 * worker), each beside what the same files cost as separate per-type jobs in the same service:
 *   samples     every sample (event logs, hives with their logs, prefetch, links, Jump Lists) in
 *               one KAPE-layout zip, as a triage job with run_sigma_rules, once with each member's
 *               size in its local header and once in data descriptors; then the same files as
 *               one job per type, one after another (winevtx with Sigma, registry, prefetch, lnk;
 *               a type's limits split its job), their walls and CPU summed;
 *   1 GiB       (unless --samples-only) a ~1 GiB collection (the event logs many times, the rest
 *               three times, names varied; sizes in local headers, --descriptors for data
 *               descriptors) as a triage job, and the bench:jobs 1 GiB EVTX job.
 * Wall time is the parse request → the status answer saying Completed; CPU seconds and peak RSS
 * are the worker process's; MiB/min counts the members' uncompressed bytes. Uploads are not timed.
 * The samples run first as a triage job and as per-type jobs, unmeasured: the first job of a kind pays
 * for loading its code and the first large one for V8 optimising the hot parts, which would otherwise
 * fall on whichever measured job came first.
 * The goals (issue 35): triage ÷ sum of the per-type jobs ≤ 1.2x (wall and CPU), and the 1 GiB
 * collection's MiB/min ≥ the 1 GiB EVTX job's.
 * --rounds N (default 3): the samples triage jobs and their per-type jobs N times, alternating
 * which go first. Each round's ratios are printed, and their median is the goal's figure: on this
 * shared machine one round's per-type sum moved by 12% between two --cpu-prof runs minutes apart
 * (18.3 and 20.6 CPU-s) and a triage job's ratio by as much as 0.2 within one run, more than its own
 * extra work (docs/operations.md, "bench:triage", Session 22). --cpu-prof: the worker runs under
 * `--cpu-prof` and each job's worker CPU is summed by package and folder (slower: its timings are
 * not the figures). BENCH_KEEP_PROFILES=DIR keeps the profiles there, with the jobs' windows
 * (windows.json), for a closer look.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasShared, sharedSkipReason } from '@quarry/testkit';
import type { ArtifactType, EvidenceType } from '@quarry/vocabulary';
import { buildBigEvtx } from './jobs/evtx-big.js';
import { GiB, MiB, f1, f2, files, formatTable, mib, mibPerMin, ratio } from './jobs/figures.js';
import { startService, type Insight, type JobRun, type Service } from './jobs/service.js';
import { cpuByCode, cpuByFunction, monotonicMicros, type Window } from './triage/cpu-profile.js';
import { kapeLayout, type Member } from './triage/layout.js';
import { writeSizedZip } from './triage/zip-sized.js';
import { writeZip, type WrittenZip, type ZipEntry } from './triage/zip-writer.js';

const SHARED = process.env.QUARRY_SHARED ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));
const SAMPLES = join(SHARED, 'samples');
const RULES = process.env.BENCH_SIGMA_RULES ?? join(SHARED, 'rules/sigma/rules');
/** The bench:jobs 1 GiB EVTX set: 5 × ~205 MiB, just under the EVTX job limit. */
const BIG_EVTX_FILES = 5;
/** Hives, prefetch and links of the 1 GiB collection: three copies (~120 MiB), the rest event logs. */
const BIG_OTHER_COPIES = 3;
const JOB_TIMEOUT_S = 3600;

const argv = process.argv.slice(2);
const SAMPLES_ONLY = argv.includes('--samples-only');
const CPU_PROF = argv.includes('--cpu-prof');
const DESCRIPTORS = argv.includes('--descriptors');
const roundsAt = argv.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Number(argv[roundsAt + 1]) : 3;
if (
  !Number.isInteger(ROUNDS) ||
  ROUNDS < 1 ||
  argv.some((a, i) => a.startsWith('--') && !['--samples-only', '--cpu-prof', '--descriptors', '--rounds'].includes(a) && i !== roundsAt + 1)
) {
  console.error('usage: npm run bench:triage [-- --samples-only] [--descriptors] [--rounds N] [--cpu-prof]');
  process.exit(2);
}
for (const dir of ['evtx', 'registry', 'prefetch', 'lnk', 'jumplists'])
  if (!hasShared('samples', dir)) {
    console.error(sharedSkipReason('samples', dir));
    process.exit(1);
  }

/** One measured job (or a sum of them) of the closing table. */
interface Row {
  label: string;
  jobs: number;
  /** Uncompressed bytes of the evidence. */
  bytes: number;
  /** Bytes uploaded (the zip for a collection). */
  uploaded: number;
  seconds: number;
  cpuSeconds: number;
  peakRss: number;
  status: string;
}
const rows: Row[] = [];
const windows: Window[] = [];
/** Each measured job's worker CPU seconds, by label: the profile's shares are applied to it. */
const cpuOf = new Map<string, number>();
const scratch = mkdtempSync(join(tmpdir(), 'quarry-bench-triage-'));

const say = (r: Row, extra = '') =>
  console.log(
    `  ${r.label}: ${r.status} in ${f2(r.seconds)} s (${f1(mibPerMin(r.bytes, r.seconds))} MiB/min), worker ${f2(r.cpuSeconds)} CPU-s, peak RSS ${mib(r.peakRss)} MiB${extra}`,
  );

/** Runs one job, noting its window on the monotonic clock for --cpu-prof. */
async function measured(svc: Service, label: string, type: EvidenceType, body: Record<string, unknown>): Promise<JobRun> {
  const from = monotonicMicros();
  const run = await svc.runJob(type, body, JOB_TIMEOUT_S);
  windows.push({ label, from, to: monotonicMicros() });
  cpuOf.set(label, run.cpuSeconds);
  if (run.status !== 'Completed') process.exitCode = 1;
  return run;
}

const rowOf = (label: string, bytes: number, uploaded: number, run: JobRun): Row => ({
  label,
  jobs: 1,
  bytes,
  uploaded,
  seconds: run.seconds,
  cpuSeconds: run.cpuSeconds,
  peakRss: run.peakRss,
  status: run.status,
});

/** What the job made: its result types (a member type's prefixed with its label) with their sizes. */
function describe(insights: Insight[]): void {
  const counts = new Map<string, number>();
  for (const i of insights) {
    const [, body] = Object.entries(i)[0] ?? [];
    const b = body as { title?: string; data?: unknown } | undefined;
    const title = b?.title ?? '?';
    // One File metadata per member: counted, not listed.
    const key = title.replace(/File metadata: .*/, 'File metadata (per member)');
    const size = Array.isArray(b?.data) ? b.data.length : 1;
    counts.set(key, (counts.get(key) ?? 0) + (key.endsWith('(per member)') ? 1 : size));
  }
  const host = [...counts].filter(([t]) => !t.includes(' · '));
  const nested = [...counts].filter(([t]) => t.includes(' · '));
  console.log(`  result types: ${host.map(([t, n]) => `${t} (${n})`).join(', ')}`);
  console.log(`  per-type result types: ${nested.length}`);
  const coverage = insights.find((i) => i.Metadata?.title === 'Host Timeline: Coverage')?.Metadata?.data;
  if (coverage)
    console.log(
      `  Host Timeline facts (the job's triage records): ${Object.entries(coverage)
        .filter(([k]) => k.startsWith('facts'))
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  for (const i of insights) if ('Error' in i) console.log(`  Error: ${JSON.stringify(i.Error)}`);
}

async function triageJob(svc: Service, label: string, zip: WrittenZip): Promise<Row> {
  const id = await svc.uploadFile(zip.path, basename(zip.path));
  const run = await measured(svc, label, 'triage', { file_ids: [id], run_sigma_rules: true });
  const row = rowOf(label, zip.contentBytes, zip.bytes, run);
  say(row);
  describe(run.insights);
  return row;
}

/** Splits members into jobs of at most `maxFiles` files and `maxBytes` bytes. */
function batches(members: Member[], maxFiles: number, maxBytes: number): Member[][] {
  const out: Member[][] = [];
  let cur: Member[] = [];
  let bytes = 0;
  for (const m of members) {
    if (cur.length > 0 && (cur.length === maxFiles || bytes + m.bytes > maxBytes)) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(m);
    bytes += m.bytes;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/** Per-type jobs ready to run: their uploads done beforehand, so only the jobs are timed. */
interface PerTypeJob {
  label: string;
  type: ArtifactType;
  body: Record<string, unknown>;
  bytes: number;
  uploaded: number;
}

/**
 * The collection's members as their own types' jobs: event logs and prefetch as loose files (their
 * types take no zips) under their names in the collection; hives and links as one zip each, with
 * the collection's paths (so each hive's logs pair with it as they do in the collection).
 */
async function perTypeJobs(svc: Service, members: Member[]): Promise<PerTypeJob[]> {
  const of = (t: ArtifactType) => members.filter((m) => m.type === t);
  const sum = (ms: Member[]) => ms.reduce((n, m) => n + m.bytes, 0);
  const jobs: PerTypeJob[] = [];
  const loose = async (type: ArtifactType, body: Record<string, unknown>, maxFiles: number, maxBytes: number) => {
    const parts = batches(of(type), maxFiles, maxBytes);
    for (const [i, ms] of parts.entries()) {
      const ids: string[] = [];
      for (const m of ms) ids.push(await svc.uploadFile(m.source, basename(m.path)));
      jobs.push({
        label: `${type}${parts.length > 1 ? ` ${i + 1}/${parts.length}` : ''}`,
        type,
        body: { ...body, file_ids: ids },
        bytes: sum(ms),
        uploaded: sum(ms),
      });
    }
  };
  const zipped = async (type: ArtifactType) => {
    const zip = await writeZip(join(scratch, `${type}.zip`), of(type));
    jobs.push({ label: type, type, body: { file_ids: [await svc.uploadFile(zip.path)] }, bytes: zip.contentBytes, uploaded: zip.bytes });
  };
  // The EVTX limits: 100 files, 1 GiB a job; prefetch: 100 files.
  await loose('winevtx', { run_sigma_rules: true }, 100, GiB);
  await zipped('registry');
  await loose('prefetch', {}, 100, Infinity);
  await zipped('lnk');
  return jobs;
}

async function runPerType(svc: Service, jobs: PerTypeJob[], label: string): Promise<Row> {
  const sum: Row = { label, jobs: jobs.length, bytes: 0, uploaded: 0, seconds: 0, cpuSeconds: 0, peakRss: 0, status: 'Completed' };
  for (const j of jobs) {
    const run = await measured(svc, `${label}: ${j.label}`, j.type, j.body);
    const r = rowOf(j.label, j.bytes, j.uploaded, run);
    say(r, run.insights.some((i) => 'Error' in i) ? ` (${run.insights.filter((i) => 'Error' in i).length} Error insights)` : '');
    sum.bytes += r.bytes;
    sum.uploaded += r.uploaded;
    sum.seconds += r.seconds;
    sum.cpuSeconds += r.cpuSeconds;
    sum.peakRss = Math.max(sum.peakRss, r.peakRss);
    if (r.status !== 'Completed') sum.status = r.status;
  }
  return sum;
}

const count = (members: Member[]) =>
  (['winevtx', 'registry', 'prefetch', 'lnk'] as const)
    .map((t) => {
      const ms = members.filter((m) => m.type === t);
      return `${ms.length} ${t} (${f1(ms.reduce((n, m) => n + m.bytes, 0) / MiB)} MiB)`;
    })
    .join(', ');

async function build(label: string, name: string, members: Member[], write: Writer): Promise<WrittenZip> {
  const t0 = performance.now();
  const zip = await write(join(scratch, name), members);
  console.log(
    `\n== ${label}: ${zip.members} members, ${f1(zip.contentBytes / MiB)} MiB (${count(members)}); zip ${f1(zip.bytes / MiB)} MiB, written in ${f1((performance.now() - t0) / 1000)} s`,
  );
  return zip;
}

/**
 * The whole samples collection as a triage job and as the per-type jobs, once, unmeasured. The
 * first large job in a worker pays for V8 optimising the code every job shares (the EVTX parser,
 * Sigma, the store's writer): with a warm-up of one member per type, the measured job that came
 * first took 5-7 CPU-s (a fifth) more than the same job later in the run (docs/operations.md,
 * "bench:triage"), so the ratio depended on which side ran first.
 */
async function warmUp(svc: Service, zip: WrittenZip, jobs: PerTypeJob[]): Promise<void> {
  const id = await svc.uploadFile(zip.path, basename(zip.path));
  const t0 = performance.now();
  await svc.runJob('triage', { file_ids: [id], run_sigma_rules: true }, JOB_TIMEOUT_S);
  for (const j of jobs) await svc.runJob(j.type, j.body, JOB_TIMEOUT_S);
  console.log(`warm-up (the samples as a triage job and as per-type jobs, unmeasured): ${f1((performance.now() - t0) / 1000)} s`);
}

type Writer = (target: string, entries: readonly ZipEntry[]) => Promise<WrittenZip>;
/**
 * The two kinds of zip collections come as: sizes in each local header (a writer that seeks back,
 * as KAPE's .NET ZipArchive on a file), or after the data in data descriptors (a streaming writer,
 * as Velociraptor's Go archive/zip): a streaming reader knows a member's size up front only in the first.
 */
const FLAVOURS: { name: string; label: string; write: Writer }[] = [
  { name: 'sized', label: 'sizes in local headers (as KAPE)', write: writeSizedZip },
  { name: 'descriptors', label: 'sizes in data descriptors (as Velociraptor)', write: writeZip },
];

const ratios: string[] = [];
/** A ratio of a job that did not complete is no figure: say so beside it. */
const comparable = (...rs: Row[]): string => {
  const not = rs.filter((r) => r.status !== 'Completed');
  return not.length ? ` (NOT COMPARABLE: ${not.map((r) => `${r.label} ${r.status}`).join(', ')})` : '';
};

async function samplesSection(svc: Service): Promise<void> {
  const members = kapeLayout(SAMPLES, { evtx: 1, other: 1 });
  const zips: { name: string; zip: WrittenZip }[] = [];
  for (const f of FLAVOURS)
    zips.push({ ...f, zip: await build(`Samples collection (KAPE layout), ${f.label}`, `kape-samples-${f.name}.zip`, members, f.write) });
  const jobs = await perTypeJobs(svc, members);
  await warmUp(svc, zips[0]!.zip, jobs);
  /** Each flavour's ratios to its round's per-type sum. */
  const byFlavour = zips.map(() => [] as { wall: number; cpu: number }[]);
  for (let round = 1; round <= ROUNDS; round++) {
    const tag = ROUNDS > 1 ? ` (round ${round})` : '';
    // Alternate which go first, so neither always follows the other's leftovers.
    const triageFirst = round % 2 === 1;
    const triage: Row[] = [];
    const triageJobs = async () => {
      for (const z of zips) triage.push(await triageJob(svc, `triage samples, ${z.name}${tag}`, z.zip));
    };
    if (triageFirst) await triageJobs();
    console.log(`  the same files as ${jobs.length} per-type jobs, one after another:`);
    const sum = await runPerType(svc, jobs, `per-type sum, samples${tag}`);
    say(sum);
    if (!triageFirst) await triageJobs();
    rows.push(...triage, sum);
    for (const [i, t] of triage.entries()) {
      ratios.push(
        `${t.label} ÷ per-type sum${comparable(t, sum)}: wall ${ratio(t.seconds, sum.seconds)}, CPU ${ratio(t.cpuSeconds, sum.cpuSeconds)}; peak RSS ${ratio(t.peakRss, sum.peakRss)} of the largest per-type job's`,
      );
      if (t.status === 'Completed' && sum.status === 'Completed') byFlavour[i]!.push({ wall: t.seconds / sum.seconds, cpu: t.cpuSeconds / sum.cpuSeconds });
    }
  }
  for (const [i, z] of zips.entries()) {
    const rs = byFlavour[i]!;
    const all = (k: 'wall' | 'cpu') => rs.map((r) => `${r[k].toFixed(2)}x`).join(', ');
    ratios.push(
      rs.length === ROUNDS
        ? `triage samples, ${z.name} ÷ per-type sum, median of ${ROUNDS} round(s): wall ${median(rs.map((r) => r.wall)).toFixed(2)}x (${all('wall')}), CPU ${median(rs.map((r) => r.cpu)).toFixed(2)}x (${all('cpu')}) (goal ≤ 1.2x)`
        : `triage samples, ${z.name}: NOT COMPARABLE (a job of ${ROUNDS - rs.length} round(s) did not complete)`,
    );
  }
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function bigSection(svc: Service): Promise<void> {
  const evtxBytes = kapeLayout(SAMPLES, { evtx: 1, other: 0 }).reduce((n, m) => n + m.bytes, 0);
  const otherBytes = kapeLayout(SAMPLES, { evtx: 0, other: BIG_OTHER_COPIES }).reduce((n, m) => n + m.bytes, 0);
  const evtxCopies = Math.max(1, Math.round((GiB - otherBytes) / evtxBytes));
  const members = kapeLayout(SAMPLES, { evtx: evtxCopies, other: BIG_OTHER_COPIES });
  const flavour = FLAVOURS.find((f) => f.name === (DESCRIPTORS ? 'descriptors' : 'sized'))!;
  const zip = await build(
    `1 GiB collection: event logs ×${evtxCopies}, the rest ×${BIG_OTHER_COPIES}, ${flavour.label}`,
    'kape-1gib.zip',
    members,
    flavour.write,
  );
  const collection = await triageJob(svc, 'triage 1 GiB collection', zip);
  rmSync(zip.path, { force: true });
  rows.push(collection);

  const dir = join(scratch, 'big-evtx');
  mkdirSync(dir);
  const evtx = files(join(SAMPLES, 'evtx'), (n) => n.toLowerCase().endsWith('.evtx'));
  const big = buildBigEvtx(evtx, dir, BIG_EVTX_FILES, GiB);
  console.log(`\n== 1 GiB EVTX job (as bench:jobs): ${big.paths.length} files, ${f1(big.bytes / MiB)} MiB, ${big.records} records`);
  const ids = await svc.uploadAll(big.paths);
  const run = await measured(svc, 'winevtx 1 GiB', 'winevtx', { file_ids: ids, run_sigma_rules: true });
  const evtxRow = rowOf('winevtx 1 GiB', big.bytes, big.bytes, run);
  say(evtxRow);
  rows.push(evtxRow);
  rmSync(dir, { recursive: true, force: true });
  ratios.push(
    `1 GiB collection MiB/min ÷ 1 GiB EVTX job MiB/min${comparable(collection, evtxRow)}: ${ratio(mibPerMin(collection.bytes, collection.seconds), mibPerMin(evtxRow.bytes, evtxRow.seconds))} (goal ≥ 1); CPU-s per GiB ${f1(collection.cpuSeconds / (collection.bytes / GiB))} against ${f1(evtxRow.cpuSeconds / (evtxRow.bytes / GiB))}`,
  );
}

function printTable(): void {
  console.log(
    `\n==== bench:triage — ${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}${CPU_PROF ? ', under --cpu-prof' : ''}`,
  );
  const head = ['job', 'jobs', 'MiB', 'uploaded MiB', 'wall s', 'MiB/min', 'CPU s', 'peak RSS MiB', 'status'];
  const body = rows.map((r) => [
    r.label,
    String(r.jobs),
    f1(r.bytes / MiB),
    f1(r.uploaded / MiB),
    f2(r.seconds),
    f1(mibPerMin(r.bytes, r.seconds)),
    f2(r.cpuSeconds),
    mib(r.peakRss),
    r.status,
  ]);
  for (const l of formatTable(head, body, 1)) console.log(l);
  console.log(
    'wall: parse request → Completed; CPU and peak RSS: the worker process (all threads); MiB: uncompressed evidence; a per-type sum adds walls and CPU and takes the largest peak.',
  );
  for (const r of ratios) console.log(r);
}

function printProfile(dir: string): void {
  const byWindow = cpuByCode(dir, windows);
  // A sample stands for the wall time since its thread's previous one, so on a loaded machine the
  // sums exceed the CPU measured; the shares are what the profile tells, applied to the job's CPU.
  console.log(
    '\n==== worker CPU by code, per job (--cpu-prof: shares of the busy samples of every thread, JS and GC, × the CPU-s measured; native work such as node:zlib not seen)',
  );
  for (const [label, sums] of byWindow) {
    const total = [...sums.values()].reduce((a, b) => a + b, 0);
    const cpu = cpuOf.get(label) ?? NaN;
    const top = [...sums].sort((a, b) => b[1] - a[1]).slice(0, 14);
    console.log(`${label}: ${f2(cpu)} CPU-s measured, ${f2(total / 1e6)} s of busy samples`);
    for (const [code, us] of top) console.log(`  ${code.padEnd(28)} ≈ ${f2((cpu * us) / total).padStart(6)} CPU-s  ${f1((100 * us) / total).padStart(5)}%`);
  }
  // What only a triage job runs (its analyzers, the zip's inflate): the functions behind its extra cost.
  const byFunction = cpuByFunction(dir, windows);
  console.log('\n==== triage-only code by function (self time), per triage job');
  for (const [label, sums] of byFunction) {
    if (!label.startsWith('triage')) continue;
    const total = [...sums.values()].reduce((a, b) => a + b, 0);
    const cpu = cpuOf.get(label) ?? NaN;
    const own = [...sums].filter(([fn]) => /insights\/(src|dist)\/triage\//.test(fn) || fn.includes('fflate/')).sort((a, b) => b[1] - a[1]);
    console.log(`${label}:`);
    for (const [fn, us] of own.slice(0, 16)) console.log(`  ${fn.padEnd(72)} ≈ ${f2((cpu * us) / total).padStart(6)} CPU-s`);
  }
}

async function main(): Promise<void> {
  console.log(`bench:triage — samples ${SAMPLES}; rules ${RULES}; scratch ${scratch}`);
  const profDir = join(scratch, 'cpu-prof');
  if (CPU_PROF) mkdirSync(profDir);
  const svc = await startService({ sigmaRules: RULES, ...(CPU_PROF ? { workerArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] } : {}) });
  console.log(`service up: REST ${svc.base}, worker pid ${svc.workerPid}`);
  try {
    await samplesSection(svc);
    if (!SAMPLES_ONLY) await bigSection(svc);
  } finally {
    // The worker writes its profiles as it exits.
    await svc.stop();
  }
  try {
    printTable();
    if (CPU_PROF) printProfile(profDir);
    const keep = process.env.BENCH_KEEP_PROFILES;
    if (CPU_PROF && keep) {
      cpSync(profDir, keep, { recursive: true });
      writeFileSync(join(keep, 'windows.json'), JSON.stringify(windows));
      console.log(`\nprofiles kept in ${keep}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
