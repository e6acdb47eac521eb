/**
 * npm run bench:shortcuts — our parser over every shell link and Jump List of the corpus in a warm
 * process, beside the reference tools in the same run: lnkinfo (liblnk-utils; a process per file,
 * as analysts run it, and a shell loop) and LnkParse3 (pip; one Python process looping over the
 * files, and a process per file). Each figure is per wall-clock second and per CPU second (the
 * machine is shared, so CPU time is the steadier basis and the ratios use it). Neither reference
 * reads Jump Lists, so they are compared on the links alone. BENCH_SECONDS sets the time per
 * figure (default 3); BENCH_PER_PROCESS_FILES how many links the per-process figures spawn for
 * (default 60, spread over the corpus).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findTool, hasShared, sharedPath, sharedSkipReason } from '@quarry/testkit';
import { parseShortcutFile, ShortcutError } from '../src/index.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PER_PROCESS_FILES = Number(process.env.BENCH_PER_PROCESS_FILES ?? 60);
if (!hasShared('samples', 'lnk') || !hasShared('samples', 'jumplists')) {
  console.error(sharedSkipReason('samples', 'lnk'));
  process.exit(1);
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}
const load = (dir: string) =>
  walk(dir)
    .filter((p) => !/README/i.test(p))
    .sort()
    .map((path) => ({ path, bytes: new Uint8Array(readFileSync(path)) }));
const links = load(sharedPath('samples', 'lnk'));
const jumpLists = load(sharedPath('samples', 'jumplists'));
const all = [...links, ...jumpLists];
/** Every k-th link, so per-process figures finish in seconds and still span the corpus. */
const spread = links.filter((_, i) => i % Math.max(1, Math.floor(links.length / PER_PROCESS_FILES)) === 0).slice(0, PER_PROCESS_FILES);

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

/**
 * Repeats `pass` (worth `units`) for about SECONDS, after a warm-up for in-process figures (a
 * process per file starts cold every time anyway); units per wall second and per CPU second.
 */
function measure(units: number, pass: () => void, cpu: () => number = selfCpu): Rate {
  if (cpu === selfCpu) pass();
  let passes = 0;
  const c0 = cpu();
  const t0 = performance.now();
  do {
    pass();
    passes++;
  } while (performance.now() - t0 < SECONDS * 1000);
  return { wall: (passes * units) / ((performance.now() - t0) / 1000), cpu: (passes * units) / (cpu() - c0) };
}

const parseAll = (files: { bytes: Uint8Array }[]) => () => {
  for (const f of files) {
    try {
      // Serialising is part of the work a worker does before the result leaves it.
      JSON.stringify(parseShortcutFile(f.bytes));
    } catch (error) {
      if (!(error instanceof ShortcutError)) throw error;
    }
  }
};

const LNKPARSE3 = `
import sys, time, json, LnkParse3
mode, seconds, paths = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
datas = [open(p, 'rb').read() for p in paths]
def parse(d):
    try:
        json.dumps(LnkParse3.lnk_file(indata=d).get_json(), default=str)
    except Exception:
        pass
if mode == 'once':
    for d in datas: parse(d)
    sys.exit(0)
for d in datas: parse(d)
n = 0; wall0 = time.perf_counter(); cpu0 = time.process_time()
while True:
    for d in datas: parse(d)
    n += len(datas)
    if time.perf_counter() - wall0 >= seconds: break
print(n / (time.perf_counter() - wall0), n / (time.process_time() - cpu0))
`;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const row = (label: string, r: Rate, vs?: Rate) =>
  console.log(
    `${label.padEnd(50)} ${fmt(r.wall, 1).padStart(9)} files/s ${fmt(r.cpu, 1).padStart(9)} files/cpu-s` +
      (vs ? `   ours ${fmt(vs.cpu / r.cpu, 1)}x per cpu-s, ${fmt(vs.wall / r.wall, 1)}x wall` : ''),
  );

const kib = (files: { bytes: Uint8Array }[]) => fmt(files.reduce((n, f) => n + f.bytes.length, 0) / 1024);
console.log(
  `shortcuts benchmark: ${links.length} links (${kib(links)} KiB), ${jumpLists.length} Jump Lists (${kib(jumpLists)} KiB); ~${SECONDS} s per figure\n`,
);
row('ours: parseShortcutFile, links + Jump Lists', measure(all.length, parseAll(all)));
const ours = measure(links.length, parseAll(links));
row('ours: parseShortcutFile, links only', ours);
row('ours: parseShortcutFile, Jump Lists only', measure(jumpLists.length, parseAll(jumpLists)));

if (findTool('lnkinfo')) {
  const perFile = measure(spread.length, () => spread.forEach((f) => spawnSync('lnkinfo', ['-v', f.path], { stdio: 'ignore' })), childCpu);
  row(`lnkinfo -v: a process per file (${spread.length} links)`, perFile, ours);
  const loop = measure(
    links.length,
    () => spawnSync('sh', ['-c', 'for f in "$@"; do lnkinfo -v "$f" >/dev/null 2>&1; done', 'sh', ...links.map((f) => f.path)], { stdio: 'ignore' }),
    childCpu,
  );
  row('lnkinfo -v: a shell loop over all links', loop, ours);
} else console.log('lnkinfo not installed (apt-get install liblnk-utils): skipped');

if (spawnSync('python3', ['-c', 'import LnkParse3']).status === 0) {
  const out = spawnSync('python3', ['-c', LNKPARSE3, 'loop', String(SECONDS), ...links.map((f) => f.path)], { encoding: 'utf8' }).stdout.trim();
  const [wall, cpu] = out.split(' ').map(Number) as [number, number];
  row('LnkParse3: one Python process, files in a loop', { wall, cpu }, ours);
  const perFile = measure(
    spread.length,
    () => spread.forEach((f) => spawnSync('python3', ['-c', LNKPARSE3, 'once', '0', f.path], { stdio: 'ignore' })),
    childCpu,
  );
  row(`LnkParse3: a Python process per file (${spread.length} links)`, perFile, ours);
} else console.log('LnkParse3 not installed (pip install LnkParse3==1.6.0): skipped');
