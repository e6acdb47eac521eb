/**
 * npm run bench:jobs [-- --only evtx|registry|prefetch] [-- --skip-big] [-- --ours-only] [-- --repeat N]
 *
 * Whole jobs through the running service (ephemeral PostgreSQL + Temporal on loopback, the REST
 * server and the worker in their own processes), next to the reference tools in the same run:
 *   EVTX      all samples in one job, and a just-under-1-GiB job of valid EVTX files built from
 *             the samples' chunks, with run_sigma_rules and the SigmaHQ rules (QUARRY_SIGMA_RULES
 *             for the worker) — against Hayabusa csv-timeline and Chainsaw hunt with the same
 *             rules, plus per-rule match counts against Chainsaw's;
 *   registry  every sample hive in one job — against regipy's plugins over the same hives, and
 *             against the same job without its record store (a worker restarted with the
 *             benchmark-only QUARRY_BENCH_SKIP_RECORD_STORES): the store's cost as a ratio;
 *   prefetch  every sample .pf in one job and a 100-file job by repetition — against sccainfo.
 * Wall time is parse request → the status answer saying Completed; CPU seconds and peak RSS are
 * the worker process's (/proc: utime+stime, VmHWM reset before each job), the tools' under GNU time.
 * --repeat N runs the EVTX samples job N times against the same worker, each after the worker was
 * left idle for a few seconds, and prints its idle RSS before each: what a job leaves behind.
 * --heap-snapshots DIR (with --repeat): the idle worker writes a heap snapshot into DIR before each
 * repeated job and after the last (compare them: apps/worker/bench/heap-diff.ts).
 * --concurrent N: N EVTX jobs of one 250 MiB file each (built from the samples' chunks) sent at once by an enterprise user,
 * Sigma on: whether all complete, the worker's peak RSS, how long each waited for memory.
 * --job-memory-mb M: the worker's memory budget for running jobs (WORKER_JOB_MEMORY_MB).
 * --cpu-prof: the worker runs under `node --cpu-prof`; after the run, each EVTX job's worker CPU is
 * split by code (package, GC) and its busiest functions are listed (triage/cpu-profile.ts).
 * --sigma-release: the whole SigmaHQ release instead of its rules folder alone, as `rules update`
 * installs it (rules, rules-emerging-threats, rules-threat-hunting in one folder), for the worker and
 * the reference tools alike.
 * Reference tools: $HAYABUSA / $CHAINSAW, PATH, or ~/.cache/quarry/reference-tools/bin (how to
 * build them: docs/operations.md, "Reference tools for bench:jobs"); missing ones say so.
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openHive } from '@quarry/registry';
import type { EvidenceType } from '@quarry/vocabulary';
import { buildBigEvtx } from './jobs/evtx-big.js';
import { writeChainsawReadable } from './jobs/chainsaw-readable.js';
import {
  chainsawRecords,
  describeDifference,
  readParseFailures,
  recordDifferences,
  type ParseFailures,
  type RecordDifference,
} from './jobs/record-differences.js';
import {
  chainsawSigma,
  countLines,
  diffCounts,
  oursSigma,
  overviewMeta,
  readChainsawMapping,
  ruleIndex,
  type DiffRow,
  type RuleMeta,
} from './jobs/sigma-diff.js';
import { cpuByCode, cpuByFunction, monotonicMicros, type Window } from './triage/cpu-profile.js';
import { GiB, MiB, f1, f2, files, formatTable, mib, rate, ratio, sizeOf } from './jobs/figures.js';
import { startService, type JobRun, type Service } from './jobs/service.js';
import { canMeasure, chainsawMapping, findReferenceTool, hayabusaHome, measureRun, type ToolRun } from './jobs/tools.js';

const SHARED = process.env.QUARRY_SHARED ?? fileURLToPath(new URL('../../../../shared/', import.meta.url));
/** The folders of a SigmaHQ release that `rules update` installs (packages/hunting rule-sets). */
const RELEASE_FOLDERS = ['rules', 'rules-emerging-threats', 'rules-threat-hunting'];
const BUILTIN_RULES = fileURLToPath(new URL('../../hunting/rules/sigma/', import.meta.url));
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const BIG_FILES = 5; // 5 × ~205 MiB: each ≤ 250 MiB, the job ≤ 100 files and just under 1 GiB

const argv = process.argv.slice(2);
const onlyAt = argv.indexOf('--only');
const ONLY = onlyAt >= 0 ? argv[onlyAt + 1] : (argv.find((a) => a.startsWith('--only='))?.slice(7) ?? undefined);
const SKIP_BIG = argv.includes('--skip-big');
/** Our jobs only, no reference tool runs: for quick iterations, never for published figures. */
const OURS_ONLY = argv.includes('--ours-only');
const repeatAt = argv.indexOf('--repeat');
const REPEAT = repeatAt >= 0 ? Number(argv[repeatAt + 1]) : 1;
const argValue = (name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const SNAPSHOTS = argValue('--heap-snapshots') && resolve(argValue('--heap-snapshots')!);
const CONCURRENT = Number(argValue('--concurrent') ?? 0);
const JOB_MEMORY_MB = argValue('--job-memory-mb');
const CPU_PROF = argv.includes('--cpu-prof');
const SIGMA_RELEASE = argv.includes('--sigma-release');
/** Idle time before each repeated job: the worker collects its heap 2 s after its last job (apps/worker idle-release.ts). */
const REPEAT_SETTLE_MS = 6_000;
if (
  (ONLY && !['evtx', 'registry', 'prefetch'].includes(ONLY)) ||
  !Number.isInteger(REPEAT) ||
  REPEAT < 1 ||
  !Number.isInteger(CONCURRENT) ||
  CONCURRENT < 0 ||
  (JOB_MEMORY_MB !== undefined && !/^\d+$/.test(JOB_MEMORY_MB))
) {
  console.error(
    'usage: npm run bench:jobs [-- --only evtx|registry|prefetch] [--skip-big] [--ours-only] [--repeat N [--heap-snapshots DIR]] [--concurrent N] [--job-memory-mb M] [--cpu-prof] [--sigma-release]',
  );
  process.exit(2);
}
const want = (s: string) => !ONLY || ONLY === s;

/** One line of the closing table. */
interface Row {
  section: string;
  tool: string;
  files: number;
  bytes: number;
  /** records (EVTX), keys+values (registry), files (prefetch) */
  items: number;
  itemName: string;
  seconds: number;
  cpuSeconds: number;
  peakRss: number;
  note: string;
  /** The row of ours this one is compared with (ratios ours ÷ theirs). */
  vs?: Row;
}
const rows: Row[] = [];
const notes: string[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'quarry-bench-jobs-'));
const RULES = process.env.BENCH_SIGMA_RULES ?? (SIGMA_RELEASE ? sigmaRelease() : join(SHARED, 'rules/sigma/rules'));

/** The release's folders copied side by side into the scratch directory: one folder the worker and both tools read. */
function sigmaRelease(): string {
  const dir = join(scratch, 'sigma-release');
  for (const name of RELEASE_FOLDERS) cpSync(join(SHARED, 'rules/sigma', name), join(dir, name), { recursive: true });
  return dir;
}

/** --cpu-prof: each profiled job's span on the monotonic clock, and its measured worker CPU. */
const profiled: { window: Window; cpuSeconds: number }[] = [];

/** svc.runJob, its span noted for --cpu-prof. */
async function profiledJob(svc: Service, label: string, category: EvidenceType, body: Record<string, unknown>): Promise<JobRun> {
  const from = monotonicMicros();
  const run = await svc.runJob(category, body);
  profiled.push({ window: { label, from, to: monotonicMicros() }, cpuSeconds: run.cpuSeconds });
  return run;
}

const ourRow = (section: string, nFiles: number, bytes: number, items: number, itemName: string, run: JobRun, note = ''): Row => {
  const r: Row = {
    section,
    tool: 'Quarry job (worker)',
    files: nFiles,
    bytes,
    items,
    itemName,
    seconds: run.seconds,
    cpuSeconds: run.cpuSeconds,
    peakRss: run.peakRss,
    note: `${run.status}${note ? `; ${note}` : ''}`,
  };
  rows.push(r);
  console.log(
    `  ours: ${run.status} in ${f2(run.seconds)} s, worker ${f2(run.cpuSeconds)} CPU-s, peak RSS ${mib(run.peakRss)} MiB (idle before ${mib(run.idleRss)} MiB)${note ? `; ${note}` : ''}`,
  );
  return r;
};
const theirRow = (section: string, tool: string, ours: Row, run: ToolRun | undefined, note = ''): void => {
  const r: Row = run
    ? {
        ...ours,
        tool,
        seconds: run.seconds,
        cpuSeconds: run.cpuSeconds,
        peakRss: run.peakRss,
        note: `${run.timedOut ? 'timed out; ' : run.code ? `exit ${run.code}; ` : ''}${note}`,
        vs: ours,
      }
    : { ...ours, tool, seconds: NaN, cpuSeconds: NaN, peakRss: NaN, note, vs: ours };
  rows.push(r);
  console.log(
    run ? `  ${tool}: ${f2(run.seconds)} s, ${f2(run.cpuSeconds)} CPU-s, peak RSS ${mib(run.peakRss)} MiB${r.note ? `; ${r.note}` : ''}` : `  ${tool}: ${note}`,
  );
};

// ---------------------------------------------------------------- EVTX

interface EvtxTools {
  hayabusa?: { bin: string; home: string };
  chainsaw?: { bin: string; mapping: string };
  hayabusaMissing: string;
  chainsawMissing: string;
}

function evtxTools(): EvtxTools {
  const t: EvtxTools = { hayabusaMissing: '', chainsawMissing: '' };
  if (OURS_ONLY) return { hayabusaMissing: 'skipped (--ours-only)', chainsawMissing: 'skipped (--ours-only)' };
  const h = findReferenceTool('hayabusa', 'HAYABUSA');
  const home = h && hayabusaHome(h);
  if (h && home) t.hayabusa = { bin: h, home };
  else t.hayabusaMissing = h ? `not installed: rules/config (hayabusa-rules) not beside ${h}` : 'not installed';
  const c = findReferenceTool('chainsaw', 'CHAINSAW');
  const mapping = c && chainsawMapping(c);
  if (c && mapping) t.chainsaw = { bin: c, mapping };
  else t.chainsawMissing = c ? `not installed: mappings/sigma-event-logs-all.yml not beside ${c} (set CHAINSAW_MAPPING)` : 'not installed';
  return t;
}

async function runHayabusa(t: EvtxTools, dir: string, label: string): Promise<{ run?: ToolRun; note: string }> {
  if (!t.hayabusa) return { note: t.hayabusaMissing };
  const out = join(scratch, `hayabusa-${label}.csv`);
  const stdout = join(scratch, `hayabusa-${label}.out`);
  // -w no wizard, -A every rule whatever the channels, -a every file whatever its channels,
  // -n noisy rules too, -U UTC, -N no summary, -Q no error log file, -C overwrite the output.
  const run = await measureRun(t.hayabusa.bin, ['csv-timeline', '-d', dir, '-r', RULES, '-w', '-A', '-a', '-n', '-U', '-N', '-Q', '-C', '-o', out], {
    cwd: t.hayabusa.home,
    stdout,
    stderr: stdout + '.err',
    usage: join(scratch, `hayabusa-${label}.time`),
  });
  const detections = Math.max(0, (await countLines(out).catch(() => 1)) - 1);
  const said = readFileSync(stdout, 'utf8').replace(ANSI, '');
  const enabled = /Total detection rules:\s*([\d,]+)/i.exec(said)?.[1];
  rmSync(out, { force: true });
  return { run, note: `${detections} timeline rows${enabled ? `, ${enabled} rules enabled` : ''}` };
}

async function runChainsaw(t: EvtxTools, dir: string, label: string): Promise<{ run?: ToolRun; note: string; output?: string }> {
  if (!t.chainsaw) return { note: t.chainsawMissing };
  const out = join(scratch, `chainsaw-${label}.jsonl`);
  const stderr = join(scratch, `chainsaw-${label}.err`);
  const run = await measureRun(
    t.chainsaw.bin,
    ['--no-banner', 'hunt', dir, '-s', RULES, '--mapping', t.chainsaw.mapping, '--jsonl', '-o', out, '--skip-errors'],
    {
      stderr,
      usage: join(scratch, `chainsaw-${label}.time`),
    },
  );
  const said = readFileSync(stderr, 'utf8').replace(ANSI, '');
  const loaded = /Loaded (\d+) detection rules( \((\d+) not loaded\))?/.exec(said);
  return { run, output: out, note: loaded ? `${loaded[1]} rules loaded${loaded[3] ? `, ${loaded[3]} not` : ''}` : '' };
}

/**
 * Chainsaw once more over the rules it matched less often than we did: each rewritten the way it
 * reads it as Sigma means it where that changes anything (chainsaw-readable.ts), else as it is;
 * per rule its counts and records, and where its EVTX parser gave up.
 */
async function chainsawReread(
  t: EvtxTools,
  dir: string,
  rules: [id: string, path: string][],
): Promise<{ counts: Map<string, number>; records: Map<string, Set<string>>; rewritten: Set<string>; failures: ParseFailures } | undefined> {
  if (!t.chainsaw || rules.length === 0) return undefined;
  const rulesDir = join(scratch, 'chainsaw-reread-rules');
  mkdirSync(rulesDir, { recursive: true });
  const rewritten = new Set(
    writeChainsawReadable(
      rules.map(([, p]) => p),
      rulesDir,
    ),
  );
  for (const [id, p] of rules) if (!rewritten.has(id)) copyFileSync(p, join(rulesDir, `${id}.yml`));
  const out = join(scratch, 'chainsaw-reread.jsonl');
  const stderr = join(scratch, 'chainsaw-reread.err');
  await measureRun(t.chainsaw.bin, ['--no-banner', 'hunt', dir, '-s', rulesDir, '--mapping', t.chainsaw.mapping, '--jsonl', '-o', out, '--skip-errors'], {
    stderr,
    usage: join(scratch, 'chainsaw-reread.time'),
  });
  const records = await chainsawRecords(out);
  return {
    counts: new Map([...records].map(([id, r]) => [id, r.size])),
    records,
    rewritten,
    failures: readParseFailures(readFileSync(stderr, 'utf8').replace(ANSI, '')),
  };
}

/** Rule ids Chainsaw refuses to load (`chainsaw lint --kind sigma`), for the per-rule notes. */
async function chainsawRefused(t: EvtxTools, community: Map<string, { path: string }>): Promise<Set<string>> {
  const refused = new Set<string>();
  if (!t.chainsaw) return refused;
  const err = join(scratch, 'chainsaw-lint.err');
  await measureRun(t.chainsaw.bin, ['--no-banner', 'lint', '--kind', 'sigma', RULES], { stderr: err, usage: join(scratch, 'chainsaw-lint.time') });
  const byPath = new Map([...community].map(([id, m]) => [m.path, id]));
  for (const line of readFileSync(err, 'utf8').replace(ANSI, '').split('\n')) {
    const m = /^\[!\] (.+?\.ya?ml): /.exec(line);
    if (!m) continue;
    const p = m[1]!.startsWith(RULES) ? m[1]! : join(RULES, m[1]!);
    const id = byPath.get(p);
    if (id) refused.add(id);
  }
  return refused;
}

async function evtxSection(svc: Service): Promise<void> {
  const tools = evtxTools();
  const samples = files(join(SHARED, 'samples/evtx'), (n) => n.toLowerCase().endsWith('.evtx'));
  const bytes = sizeOf(samples);

  // First, on a fresh worker: the peak is the concurrent jobs' own, not a samples job's leftovers.
  if (CONCURRENT > 0) await concurrentJobs(svc, samples);
  console.log(`\n== EVTX (a): all ${samples.length} samples (${f1(bytes / MiB)} MiB), run_sigma_rules true, rules ${RULES}`);
  const ids = await svc.uploadAll(samples);
  const a = await profiledJob(svc, 'EVTX samples', 'winevtx', { file_ids: ids, run_sigma_rules: true });
  const meta = overviewMeta(a.insights);
  const records = Number(meta.records ?? NaN);
  console.log(
    `  job: ${meta.records} records, ${meta.sigma_rules_loaded} Sigma rules loaded, ${meta.sigma_rules_matched} matched, ${meta.sigma_matches} matches, ${meta.sigma_rules_without_logsource} without their logsource`,
  );
  const oursA = ourRow('EVTX samples', samples.length, bytes, records, 'records', a, `${meta.sigma_rules_loaded} rules, ${meta.sigma_matches} matches`);
  if (REPEAT > 1) await repeatJob(svc, ids, a);
  const sampleDir = join(SHARED, 'samples/evtx');
  const hA = await runHayabusa(tools, sampleDir, 'samples');
  theirRow('EVTX samples', 'Hayabusa csv-timeline -A -a', oursA, hA.run, hA.note);
  const cA = await runChainsaw(tools, sampleDir, 'samples');
  if (cA.run && cA.output) {
    const theirs = await chainsawSigma(cA.output);
    rmSync(cA.output, { force: true });
    theirRow('EVTX samples', 'Chainsaw hunt (sigma)', oursA, cA.run, `${cA.note}; ${theirs.detections} detections`);
    const community = ruleIndex([RULES]);
    const builtin = ruleIndex([BUILTIN_RULES]);
    const refused = await chainsawRefused(tools, community);
    const ours = oursSigma(a.insights);
    const mapping = readChainsawMapping(tools.chainsaw!.mapping);
    const diff = diffCounts(ours, theirs.counts, builtin, community, refused, mapping);
    // Where Chainsaw loads a rule and finds fewer matches, say where ours come from and whether Chainsaw's mapping explains the gap.
    const unexplained = diff.rows.filter((r) => r.note === 'matched by Quarry only' || r.note === 'Quarry matches more records');
    const unexplainedRules = unexplained.map((r) => community.get(r.key)).filter((m): m is RuleMeta => m !== undefined);
    const reread = await chainsawReread(
      tools,
      sampleDir,
      unexplained.filter((r) => community.has(r.key)).map((r) => [r.key, community.get(r.key)!.path]),
    );
    const records = reread
      ? await recordDifferences(samples, unexplainedRules, reread.records, reread.failures, mapping.fields)
      : new Map<string, RecordDifference>();
    for (const r of unexplained) {
      const again = reread?.counts.get(r.key) ?? 0;
      const rewritten = reread?.rewritten.has(r.key)
        ? `rewritten the way Chainsaw reads it as Sigma means it (quantifiers over list-of-maps selections spelled out; values with wildcards or escapes inside as \`|re\`), Chainsaw finds ${again}`
        : '';
      const byRecord = describeDifference(records.get(r.key));
      r.note = `${r.note} — ${
        rewritten && again === r.ours && byRecord.explained
          ? `exactly how Chainsaw reads the rule: ${rewritten} too`
          : `${byRecord.explained ? 'explained record by record' : 'not accounted for'}: ${[rewritten, byRecord.text].filter(Boolean).join('; ')}`
      }`;
    }
    reportDiff(diff, ours.size, theirs.counts.size, refused.size);
  } else theirRow('EVTX samples', 'Chainsaw hunt (sigma)', oursA, cA.run, cA.note);

  if (SKIP_BIG) {
    notes.push('EVTX ≥ 1 GiB job skipped (--skip-big)');
    return;
  }
  const bigDir = join(scratch, 'big-evtx');
  mkdirSync(bigDir);
  const t0 = performance.now();
  const big = buildBigEvtx(samples, bigDir, BIG_FILES, GiB);
  console.log(
    `\n== EVTX (b): ${big.paths.length} files of ≤ ${f1(statSync(big.paths[0]!).size / MiB)} MiB, ${f1(big.bytes / MiB)} MiB in all (limit 1024 MiB), ${big.chunks} chunks cycled from ${big.distinctChunks} valid sample chunks, built in ${f1((performance.now() - t0) / 1000)} s`,
  );
  const bigIds = await svc.uploadAll(big.paths);
  const b = await profiledJob(svc, 'EVTX 1 GiB', 'winevtx', { file_ids: bigIds, run_sigma_rules: true });
  const bmeta = overviewMeta(b.insights);
  const brecords = Number(bmeta.records ?? NaN);
  console.log(`  job: ${bmeta.records} records (chunk headers say ${big.records}), ${bmeta.sigma_matches} Sigma matches`);
  const oursB = ourRow('EVTX 1 GiB', big.paths.length, big.bytes, brecords, 'records', b, `${bmeta.sigma_matches} matches`);
  const hB = await runHayabusa(tools, bigDir, 'big');
  theirRow('EVTX 1 GiB', 'Hayabusa csv-timeline -A -a', oursB, hB.run, hB.note);
  const cB = await runChainsaw(tools, bigDir, 'big');
  let cNote = cB.note;
  if (cB.output) {
    cNote += `; ${await countLines(cB.output).catch(() => NaN)} detections`;
    rmSync(cB.output, { force: true });
  }
  theirRow('EVTX 1 GiB', 'Chainsaw hunt (sigma)', oursB, cB.run, cNote);
  rmSync(bigDir, { recursive: true, force: true });
}

/** The samples job again, REPEAT times in all, each after the worker sat idle: idle and peak RSS of each. */
async function repeatJob(svc: Service, ids: string[], first: JobRun): Promise<void> {
  const runs = [first];
  for (let i = 2; i <= REPEAT + 1; i++) {
    await new Promise((r) => setTimeout(r, REPEAT_SETTLE_MS));
    if (SNAPSHOTS) await heapSnapshot(svc, `after-job-${i - 1}`);
    if (i > REPEAT) break;
    const run = await svc.runJob('winevtx', { file_ids: ids, run_sigma_rules: true });
    console.log(
      `  again (${i}/${REPEAT}): ${run.status} in ${f2(run.seconds)} s, worker ${f2(run.cpuSeconds)} CPU-s, peak RSS ${mib(run.peakRss)} MiB (idle before ${mib(run.idleRss)} MiB)`,
    );
    runs.push(run);
  }
  notes.push(
    `EVTX samples job ${REPEAT} times, one worker: idle RSS before each ${runs.map((r) => mib(r.idleRss)).join(' → ')} MiB, peak ${runs.map((r) => mib(r.peakRss)).join(' → ')} MiB, CPU ${runs.map((r) => f2(r.cpuSeconds)).join(' / ')} s`,
  );
}

/** Has the idle worker write a heap snapshot (--heapsnapshot-signal) and waits until the file is whole. */
async function heapSnapshot(svc: Service, label: string): Promise<void> {
  const before = new Set(readdirSync(SNAPSHOTS!));
  process.kill(svc.workerPid, 'SIGUSR2');
  const t0 = performance.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const made = readdirSync(SNAPSHOTS!).find((n) => n.endsWith('.heapsnapshot') && !before.has(n));
    // The worker writes the snapshot on its main thread, so it answers its health check only once the file is whole.
    if (made && (await svc.responsive())) {
      const to = join(SNAPSHOTS!, `${label}.heapsnapshot`);
      renameSync(join(SNAPSHOTS!, made), to);
      console.log(`  heap snapshot ${to} (${mib(statSync(to).size)} MiB, ${f1((performance.now() - t0) / 1000)} s)`);
      return;
    }
    if (performance.now() - t0 > 600_000) throw new Error('the worker wrote no heap snapshot within 10 minutes');
  }
}

/** CONCURRENT jobs of one 250 MiB EVTX file each, sent together: do all complete, and at what peak RSS. */
async function concurrentJobs(svc: Service, samples: string[]): Promise<void> {
  const dir = join(scratch, 'concurrent-evtx');
  mkdirSync(dir);
  // One chunk short of 250 MiB per file, the largest file the service takes.
  const set = buildBigEvtx(samples, dir, CONCURRENT, CONCURRENT * (250 * MiB - 65536));
  console.log(`\n== EVTX (c): ${CONCURRENT} jobs at once, one ${f1(set.bytes / CONCURRENT / MiB)} MiB file each (${set.records} records in all), Sigma on`);
  // An enterprise user's jobs: its tier has the four slots (an anonymous caller's jobs would run one by one).
  const ids: string[] = [];
  for (const p of set.paths) ids.push(await svc.uploadFile(p, basename(p), svc.enterprise));
  const run = await svc.runJobsAtOnce(
    'winevtx',
    ids.map((id) => ({ file_ids: [id], run_sigma_rules: true })),
    svc.enterprise,
  );
  for (const j of run.jobs) console.log(`  job ${j.id}: ${j.status} after ${f2(j.seconds)} s (last seen Pending at ${f2(j.queuedSeconds)} s)`);
  const completed = run.jobs.filter((j) => j.status === 'Completed').length;
  console.log(
    `  all: ${completed}/${CONCURRENT} completed in ${f2(run.seconds)} s, worker ${f2(run.cpuSeconds)} CPU-s, peak RSS ${mib(run.peakRss)} MiB (idle before ${mib(run.idleRss)} MiB)`,
  );
  notes.push(
    `EVTX ${CONCURRENT} × ${f1(set.bytes / CONCURRENT / MiB)} MiB jobs at once: ${completed}/${CONCURRENT} completed in ${f2(run.seconds)} s, ${f2(run.cpuSeconds)} CPU-s, peak RSS ${mib(run.peakRss)} MiB (idle before ${mib(run.idleRss)}); each done at ${run.jobs.map((j) => f1(j.seconds)).join(' / ')} s, last seen Pending at ${run.jobs.map((j) => f1(j.queuedSeconds)).join(' / ')} s${JOB_MEMORY_MB ? `; WORKER_JOB_MEMORY_MB=${JOB_MEMORY_MB}` : ''}`,
  );
  rmSync(dir, { recursive: true, force: true });
}

function reportDiff(diff: { equal: number; rows: DiffRow[] }, oursRules: number, theirRules: number, refused: number): void {
  const path = join(tmpdir(), `quarry-bench-jobs-sigma-diff-${new Date().toISOString().replace(/[:.]/g, '-')}.tsv`);
  const tsv = ['rule_id\ttitle\tlevel\tquarry\tchainsaw\tnote', ...diff.rows.map((r) => [r.key, r.title, r.level, r.ours, r.chainsaw, r.note].join('\t'))];
  writeFileSync(path, tsv.join('\n') + '\n');
  console.log(
    `  per-rule match counts: Quarry matched ${oursRules} rules, Chainsaw ${theirRules}; ${diff.equal} rules with equal counts, ${diff.rows.length} differ (chainsaw lint refuses ${refused} rules of the set)`,
  );
  const groups = new Map<string, DiffRow[]>();
  // A note may carry a rule's own explanation after " — " (record-differences.ts); rows group by what precedes it.
  const groupOf = (note: string): string => (note.includes(' — ') ? note.slice(0, note.indexOf(' — ')) : note);
  for (const r of diff.rows) groups.set(groupOf(r.note), [...(groups.get(groupOf(r.note)) ?? []), r]);
  for (const [note, rs] of groups) {
    console.log(`    ${note}: ${rs.length}`);
    for (const r of rs)
      console.log(
        `      ${r.key}  quarry ${r.ours}  chainsaw ${r.chainsaw}  ${r.title} (${r.level})${r.note === note ? '' : ` — ${r.note.slice(note.length + 3)}`}`,
      );
  }
  const explained = diff.rows.filter((r) => r.note.includes(' — exactly') || r.note.includes(' — explained record by record')).length;
  const fewer = diff.rows.filter((r) => groupOf(r.note) === 'matched by Quarry only' || groupOf(r.note) === 'Quarry matches more records').length;
  if (fewer > 0)
    console.log(
      `  of the ${fewer} rules Chainsaw loads and matches less often, ${explained} are accounted for exactly (a mapping gap, a rule Chainsaw reads differently, a record its parser or tau-engine misses), ${fewer - explained} are not`,
    );
  console.log(`  full per-rule diff: ${path}`);
  notes.push(`Sigma per-rule diff (samples job): ${diff.equal} equal, ${diff.rows.length} differ → ${path}`);
}

// ---------------------------------------------------------------- registry

const REGIPY = `
import json, logging, sys, time
logging.disable(logging.CRITICAL)
from regipy.registry import RegistryHive
from regipy.plugins.utils import run_relevant_plugins
total = 0
for p in sys.argv[1:]:
    try:
        res = run_relevant_plugins(RegistryHive(p), as_json=True, continue_on_error=True)
        n = sum(len(v) if isinstance(v, (list, dict)) else 1 for v in res.values())
        total += n
        print(json.dumps({"hive": p, "plugins": len(res), "entries": n}))
    except Exception as e:
        print(json.dumps({"hive": p, "error": str(e)[:200]}))
print(json.dumps({"total": total}))
`;

async function registrySection(svc: Service): Promise<void> {
  const candidates = files(join(SHARED, 'samples/registry'), (n) => !/\.log\d?$/i.test(n));
  const hives: string[] = [];
  const skipped: string[] = [];
  let items = 0;
  for (const p of candidates) {
    try {
      const head = readFileSync(p).subarray(0, 4).toString('latin1');
      if (head !== 'regf') throw new Error('no regf signature');
      const hive = await openHive(p);
      let n = 0;
      for (const k of hive.walk()) n += 1 + k.values.length;
      items += n;
      hives.push(p);
    } catch {
      skipped.push(basename(p));
    }
  }
  const bytes = sizeOf(hives);
  console.log(
    `\n== Registry: ${hives.length} hives (${f1(bytes / MiB)} MiB, ${items} keys+values by @quarry/registry walk); skipped as not hives: ${skipped.join(', ') || 'none'}`,
  );
  const ids = await svc.uploadAll(hives);
  const run = await svc.runJob('registry', { file_ids: ids });
  const errors = run.insights.filter((i) => 'Error' in i).length;
  const ours = ourRow('Registry', hives.length, bytes, items, 'keys+values', run, errors ? `${errors} Error insights` : '');
  await registryStoreCost(svc, ids, ours);
  if (OURS_ONLY) return theirRow('Registry', 'regipy plugins (run_relevant_plugins)', ours, undefined, 'skipped (--ours-only)');
  const out = join(scratch, 'regipy.jsonl');
  const r = await measureRun('python3', ['-c', REGIPY, ...hives], { stdout: out, stderr: out + '.err', usage: join(scratch, 'regipy.time'), timeoutS: 3600 });
  const lines = readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { error?: string; total?: number });
  const failed = lines.filter((l) => l.error).length;
  const total = lines.find((l) => l.total !== undefined)?.total ?? 0;
  theirRow('Registry', 'regipy plugins (run_relevant_plugins)', ours, r, `${total} plugin entries${failed ? `, ${failed} hives raised` : ''}`);
}

/**
 * The record store's share of the registry job (issue 39: with the store ≤ 1.5x without): the job
 * once more on the same worker, then twice on a fresh worker that builds no store
 * (QUARRY_BENCH_SKIP_RECORD_STORES, a setting for benchmarks only); the ratio compares the second
 * run of each, both on a warm worker. The worker is then started again as it was.
 */
async function registryStoreCost(svc: Service, ids: string[], first: Row): Promise<void> {
  const again = await svc.runJob('registry', { file_ids: ids });
  const warm = ourRow('Registry', first.files, first.bytes, first.items, first.itemName, again, 'again, warm worker');
  warm.tool = 'Quarry job, again (worker)';
  await svc.restartWorker({ QUARRY_BENCH_SKIP_RECORD_STORES: '1' });
  const cold = await svc.runJob('registry', { file_ids: ids });
  const without = await svc.runJob('registry', { file_ids: ids });
  await svc.restartWorker();
  console.log(
    `  without a record store (fresh worker): ${f2(cold.seconds)} s then ${f2(without.seconds)} s, worker ${f2(cold.cpuSeconds)} / ${f2(without.cpuSeconds)} CPU-s`,
  );
  const run: ToolRun = { seconds: without.seconds, cpuSeconds: without.cpuSeconds, peakRss: without.peakRss, code: null, timedOut: false };
  theirRow('Registry', 'Quarry job without record store (bench only)', warm, run, `first run ${f2(cold.seconds)} s`);
  console.log(
    `  the store's cost (second runs): wall ${ratio(warm.seconds, without.seconds)}, worker CPU ${ratio(warm.cpuSeconds, without.cpuSeconds)} (goal: wall ≤ 1.5x)`,
  );
  notes.push(
    `Registry job with its record store ÷ without (second runs, warm workers): wall ${ratio(warm.seconds, without.seconds)} (${f2(warm.seconds)} / ${f2(without.seconds)} s), worker CPU ${ratio(warm.cpuSeconds, without.cpuSeconds)}; first runs ${f2(first.seconds)} / ${f2(cold.seconds)} s`,
  );
}

// ---------------------------------------------------------------- prefetch

async function prefetchSection(svc: Service): Promise<void> {
  const pfs = files(join(SHARED, 'samples/prefetch'), (n) => n.toLowerCase().endsWith('.pf'));
  const sccainfo = findReferenceTool('sccainfo', 'SCCAINFO');
  const ids = await svc.uploadAll(pfs);
  // The 100-file job: the samples, then copies of the first ones (uploaded again: new file ids).
  const extra = pfs.slice(0, Math.max(0, 100 - pfs.length));
  const extraIds = await svc.uploadAll(extra);
  for (const [label, paths, jobIds] of [
    [`all ${pfs.length} samples`, pfs, ids],
    ['100 files (limit) by repetition', [...pfs, ...extra], [...ids, ...extraIds]],
  ] as const) {
    const bytes = sizeOf([...paths]);
    console.log(`\n== Prefetch: ${label} (${paths.length} files, ${f1(bytes / MiB)} MiB)`);
    const run = await svc.runJob('prefetch', { file_ids: jobIds });
    const section = `Prefetch ${paths.length}`;
    const ours = ourRow(section, paths.length, bytes, paths.length, 'files', run);
    if (!sccainfo) {
      theirRow(section, 'sccainfo (libscca)', ours, undefined, 'not installed (apt-get install libscca-utils)');
      continue;
    }
    const out = join(scratch, 'sccainfo.out');
    const r = await measureRun('bash', ['-c', 'for f in "$@"; do "$0" "$f" > /dev/null 2>&1 || echo "failed $f"; done', sccainfo, ...paths], {
      stdout: out,
      usage: join(scratch, 'sccainfo.time'),
    });
    const failed = readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('failed')).length;
    theirRow(section, 'sccainfo (libscca), one run per file', ours, r, failed ? `${failed} files failed` : 'all files read');
  }
}

// ---------------------------------------------------------------- table

function printTable(): void {
  console.log(`\n==== bench:jobs — ${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}`);
  const head = [
    'job',
    'tool',
    'files',
    'MiB',
    'items',
    'wall s',
    'CPU s',
    'peak RSS MiB',
    'MiB/min',
    'items/s',
    'wall ours÷them',
    'CPU ours÷them',
    'RSS ours÷them',
    'speed ours÷them',
  ];
  const body = rows.map((r) => [
    r.section,
    r.tool,
    String(r.files),
    f1(r.bytes / MiB),
    `${r.items} ${r.itemName}`,
    f2(r.seconds),
    f2(r.cpuSeconds),
    mib(r.peakRss),
    f1(r.bytes / MiB / (r.seconds / 60)),
    rate(r.items / r.seconds),
    r.vs ? ratio(r.vs.seconds, r.seconds) : '',
    r.vs ? ratio(r.vs.cpuSeconds, r.cpuSeconds) : '',
    r.vs ? ratio(r.vs.peakRss, r.peakRss) : '',
    r.vs ? ratio(r.seconds, r.vs.seconds) : '',
  ]);
  const [top, ...lines] = formatTable(head, body, 2);
  console.log(top);
  for (const [i, l] of lines.entries()) console.log(l + (rows[i]!.note ? `  ${rows[i]!.note}` : ''));
  console.log(
    'wall: parse request → Completed (ours), process start → exit (tools). CPU and RSS: the worker process (all threads) for ours; the tool and its children under GNU time for theirs. speed ours÷them = their wall ÷ our wall (>1: we are faster).',
  );
  for (const n of notes) console.log(`note: ${n}`);
}

async function main(): Promise<void> {
  if (!canMeasure()) throw new Error('/usr/bin/time (GNU time, Debian package "time") is needed for the reference tools’ CPU time and peak RSS');
  console.log(`bench:jobs — shared corpus ${SHARED}; scratch ${scratch}`);
  if (SNAPSHOTS) mkdirSync(SNAPSHOTS, { recursive: true });
  const profDir = join(scratch, 'cpu-prof');
  if (CPU_PROF) mkdirSync(profDir);
  const workerArgs = [...(SNAPSHOTS ? ['--heapsnapshot-signal=SIGUSR2'] : []), ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])];
  const svc = await startService({
    sigmaRules: RULES,
    ...(workerArgs.length > 0 ? { workerArgs } : {}),
    ...(SNAPSHOTS ? { workerCwd: SNAPSHOTS } : {}),
    ...(JOB_MEMORY_MB ? { workerEnv: { WORKER_JOB_MEMORY_MB: JOB_MEMORY_MB } } : {}),
  });
  console.log(`service up: REST ${svc.base}, worker pid ${svc.workerPid} (QUARRY_SIGMA_RULES=${RULES})`);
  try {
    if (want('evtx')) await evtxSection(svc);
    if (want('registry')) await registrySection(svc);
    if (want('prefetch')) await prefetchSection(svc);
  } finally {
    // The worker writes its CPU profiles as it exits.
    await svc.stop();
    try {
      if (CPU_PROF) printProfile(profDir);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  printTable();
}

/** --cpu-prof: each EVTX job's worker CPU by code and its busiest functions. */
function printProfile(dir: string): void {
  const windows = profiled.map((p) => p.window);
  const byCode = cpuByCode(dir, windows);
  const byFunction = cpuByFunction(dir, windows);
  // A sample stands for the wall time since its thread's previous one, so on a loaded machine the
  // sums exceed the CPU measured: the shares are applied to the job's measured CPU.
  console.log("\n==== worker CPU by code and by function (self time), per job (--cpu-prof: shares of every thread's busy samples × the CPU-s measured)");
  for (const { window, cpuSeconds } of profiled) {
    for (const [title, sums, n] of [
      ['by code', byCode.get(window.label), 16],
      ['by function', byFunction.get(window.label), 30],
    ] as const) {
      if (!sums) continue;
      const total = [...sums.values()].reduce((a, b) => a + b, 0);
      console.log(`${window.label} ${title}: ${f2(cpuSeconds)} CPU-s measured, ${f2(total / 1e6)} s of busy samples`);
      for (const [key, us] of [...sums].sort((x, y) => y[1] - x[1]).slice(0, n))
        console.log(`  ${key.padEnd(60)} ≈ ${f2((cpuSeconds * us) / total).padStart(7)} CPU-s  ${f1((100 * us) / total).padStart(5)}%`);
    }
  }
}

await main();
