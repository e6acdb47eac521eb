/**
 * npm run bench:prefetch — files per second over the sample set and LZXPRESS Huffman throughput,
 * side by side with libscca in the same run: sccainfo (one process per file, as it is used) and
 * libscca's Python bindings (one process, the C parser in a loop). Each figure is given per
 * wall-clock second and per CPU second (the machine is shared, so CPU time is the steadier basis
 * and the ratios use it). BENCH_SECONDS sets the time per figure (default 3).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { decompressMam, isMam, parsePrefetch, PrefetchError } from '../src/index.js';
import { haveCommand, havePyscca } from '../test/helpers/reference-tools.js';
import { HAVE_SAMPLES, prefetchSamples, SKIP_REASON } from '../test/helpers/shared.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
if (!HAVE_SAMPLES) {
  console.error(SKIP_REASON);
  process.exit(1);
}
const samples = prefetchSamples().map((s) => ({ ...s, bytes: new Uint8Array(readFileSync(s.path)) }));
const mam = samples.filter((s) => isMam(s.bytes) && !s.name.includes('bad_compression'));
const mamOut = mam.reduce((n, s) => n + decompressMam(s.bytes).data.length, 0);
const mamIn = mam.reduce((n, s) => n + s.bytes.length, 0);

interface Rate {
  wall: number;
  cpu: number;
}
const selfCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
/** CPU seconds of waited-for children (Linux /proc: cutime + cstime, in clock ticks of 1/100 s). */
const childCpu = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) / 100;
};

/** Repeats `pass` (worth `units`) for about SECONDS; units per wall second and per CPU second. */
function measure(units: number, pass: () => void, cpu: () => number = selfCpu): Rate {
  pass(); // warm-up
  let passes = 0;
  const c0 = cpu();
  const t0 = performance.now();
  while (performance.now() - t0 < SECONDS * 1000) {
    pass();
    passes++;
  }
  return { wall: (passes * units) / ((performance.now() - t0) / 1000), cpu: (passes * units) / (cpu() - c0) };
}

const parseAll = (options: { traceChains?: boolean }) => () => {
  for (const s of samples) {
    try {
      parsePrefetch(s.bytes, options);
    } catch (error) {
      if (!(error instanceof PrefetchError)) throw error;
    }
  }
};

const PYSCCA_LOOP = `
import sys, time, pyscca
paths = sys.argv[2:]; seconds = float(sys.argv[1]); n = 0
wall0 = time.perf_counter(); cpu0 = time.process_time()
while time.perf_counter() - wall0 < seconds:
    for p in paths:
        f = pyscca.file()
        try:
            f.open(p)
            [f.get_filename(i) for i in range(f.number_of_filenames)]
            [f.get_volume_information(i).device_path for i in range(f.number_of_volumes)]
            f.close()
        except OSError:
            pass
        n += 1
print(n / (time.perf_counter() - wall0), n / (time.process_time() - cpu0))
`;
function pysccaRate(paths: string[], unitsPerFile: number): Rate {
  const r = spawnSync('python3', ['-c', PYSCCA_LOOP, String(SECONDS), ...paths], { encoding: 'utf8' });
  const [wall, cpu] = r.stdout.trim().split(' ').map(Number) as [number, number];
  return { wall: wall * unitsPerFile, cpu: cpu * unitsPerFile };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const row = (label: string, r: Rate, unit: string, vs?: Rate) =>
  console.log(
    `${label.padEnd(54)} ${fmt(r.wall, 1).padStart(9)} ${unit}/s ${fmt(r.cpu, 1).padStart(9)} ${unit}/cpu-s` +
      (vs ? `   ours/this ${fmt(vs.cpu / r.cpu, 2)}x per cpu-s, ${fmt(vs.wall / r.wall, 2)}x wall` : ''),
  );

console.log(`prefetch benchmark: ${samples.length} files (${fmt(samples.reduce((n, s) => n + s.bytes.length, 0) / 1024)} KiB), ~${SECONDS} s per figure\n`);
const ours = measure(samples.length, parseAll({}));
const lean = measure(samples.length, parseAll({ traceChains: false }));
row('ours: parsePrefetch', ours, 'files');
row('ours: parsePrefetch, traceChains: false', lean, 'files');
if (haveCommand('sccainfo')) {
  const sc = measure(
    samples.length,
    () => {
      for (const s of samples) spawnSync('sccainfo', [s.path], { stdio: 'ignore' });
    },
    childCpu,
  );
  row('sccainfo: one process per file', sc, 'files', ours);
} else console.log('sccainfo not installed (apt-get install libscca-utils): skipped');
const py = havePyscca();
if (py) {
  const r = pysccaRate(
    samples.map((s) => s.path),
    1,
  );
  row('pyscca: libscca C in process (no trace chains)', r, 'files', ours);
  console.log(`${''.padEnd(54)} ours with traceChains: false / pyscca: ${fmt(lean.cpu / r.cpu, 2)}x per cpu-s, ${fmt(lean.wall / r.wall, 2)}x wall`);
} else console.log('pyscca not installed (pip install libscca-python==20260527): skipped');

console.log(`\nLZXPRESS Huffman: ${mam.length} MAM files, ${fmt(mamIn / 1024)} KiB -> ${fmt(mamOut / 1024)} KiB`);
const dec = measure(mamOut / 1e6, () => {
  for (const s of mam) decompressMam(s.bytes);
});
row('ours: decompressMam (output)', dec, 'MB');
if (py)
  row(
    'pyscca open() on the same files (decompress + parse)',
    pysccaRate(
      mam.map((s) => s.path),
      mamOut / 1e6 / mam.length,
    ),
    'MB',
    dec,
  );
