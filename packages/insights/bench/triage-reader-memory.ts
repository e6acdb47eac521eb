/**
 * node --import tsx packages/insights/bench/triage-reader-memory.ts [copies] — the triage reader's
 * memory over a collection generated as it is read (never whole in memory, never on disk): every
 * sample under ../shared/samples once, then the EVTX samples `copies` more times under varied
 * names (data-descriptor entries, as Velociraptor writes). The zip is written by a process of its
 * own into a pipe (fflate's Zip writer keeps memory in proportion to what it wrote). Each run is a
 * child process: idle RSS, peak RSS (sampled as bytes flow), their difference, wall time and
 * MiB/min, for the triage job and for the same EVTX bytes as a plain EVTX job, side by side.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Zip, ZipDeflate } from 'fflate';
import { sharedPath } from '@quarry/testkit';
import type { ParseCategory } from '@quarry/vocabulary';
import { runPipeline, type PipelineInput } from '../src/index.js';

const MiB = 1024 * 1024;
const SAMPLES = sharedPath('samples');

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]))
    .filter((f) => !/(README\.txt|MANIFEST\.tsv)$/.test(f));
}

/** The collection's members, in order: every sample, then the EVTX samples again `copies` times. */
function members(copies: number): { path: string; file: string }[] {
  const all = files(SAMPLES).map((file) => ({ path: `C/${relative(SAMPLES, file)}`, file }));
  const evtx = all.filter((m) => m.file.endsWith('.evtx'));
  for (let c = 1; c <= copies; c++) all.push(...evtx.map((m) => ({ path: m.path.replace(/\.evtx$/, `-${c}.evtx`), file: m.file })));
  return all;
}

/** Writes the collection zip to stdout, member by member, as fast as the reader takes it. */
async function writeZip(copies: number): Promise<void> {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const flush = async () => {
    while (out.length > 0) if (!process.stdout.write(out.shift()!)) await once(process.stdout, 'drain');
  };
  for (const m of members(copies)) {
    const entry = new ZipDeflate(m.path, { level: 1 });
    zip.add(entry);
    entry.push(readFileSync(m.file), true);
    await flush();
  }
  zip.end();
  await flush();
}

/** The zip as the triage job's input bytes: another process writes it into a pipe. */
function zipFromWriter(copies: number): AsyncIterable<Uint8Array> {
  const writer = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', fileURLToPath(import.meta.url), 'zip', String(copies)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return writer.stdout;
}

async function child(mode: ParseCategory, copies: number): Promise<void> {
  const list = members(copies);
  const evtx = list.filter((m) => m.path.endsWith('.evtx'));
  const bytes = (mode === 'triage' ? list : evtx).reduce((n, m) => n + statSync(m.file).size, 0);
  const inputs: PipelineInput[] =
    mode === 'triage'
      ? [{ ref: { position: 0, fileId: 'bench', name: 'host.zip', size: bytes, sha256: '' }, open: () => zipFromWriter(copies) }]
      : evtx.map((m, position) => ({
          ref: { position, fileId: 'bench', name: m.path, size: statSync(m.file).size, sha256: '' },
          open: async function* () {
            yield readFileSync(m.file);
          },
        }));
  global.gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  let records = 0;
  // Sampled as records flow too: a stretch of parsing may leave the timer no turn.
  const onProgress = () => {
    if (++records % 1000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  };
  await runPipeline({ category: mode, inputs, options: { runSigmaRules: false }, threads: 1, analyzers: mode === 'triage' ? [] : undefined, onProgress });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ mode, members: mode === 'triage' ? list.length : evtx.length, mib: bytes / MiB, idle: idle / MiB, peak: peak / MiB, seconds }));
}

const [mode, copiesArg] = process.argv.slice(2);
if (mode === 'zip') await writeZip(Number(copiesArg));
else if (mode === 'triage' || mode === 'winevtx') await child(mode, Number(copiesArg));
else {
  const copies = Number(mode ?? 0);
  const self = fileURLToPath(import.meta.url);
  const run = (m: string) => {
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--conditions=source', self, m, String(copies)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    return JSON.parse(r.stdout.trim().split('\n').pop()!) as { mode: string; members: number; mib: number; idle: number; peak: number; seconds: number };
  };
  const rows = [run('triage'), run('winevtx')];
  for (const r of rows) {
    console.log(
      `${r.mode.padEnd(8)} ${String(r.members).padStart(5)} files ${r.mib.toFixed(0).padStart(5)} MiB  idle ${r.idle.toFixed(0)} MiB  peak ${r.peak.toFixed(0)} MiB  ` +
        `delta ${(r.peak - r.idle).toFixed(0)} MiB  ${r.seconds.toFixed(1)} s  ${((r.mib / r.seconds) * 60).toFixed(0)} MiB/min`,
    );
  }
  const [t, e] = rows as [(typeof rows)[0], (typeof rows)[0]];
  console.log(`triage / EVTX-only: peak delta ${((t.peak - t.idle) / (e.peak - e.idle)).toFixed(2)}x, wall ${(t.seconds / e.seconds).toFixed(2)}x`);
}
