// Lookup latency and dataset load time. Cold start runs in fresh node processes on the built
// package (dist/), as a service would start; warm latency is 200 mixed lookups on one loaded store,
// after a short warm-up, so the figures are what an analyst waits for, not JIT compilation.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATA_DIR, LookupStore, datasetPath, type LookupParamsInput } from '../src/index.js';

const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const COLD_RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LOOKUPS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One fresh process: import the package, load both modules, report the load and the whole run. */
function coldStart(): { load: number; process: number } {
  const script = `const t0 = performance.now();
const { LookupStore } = await import(${JSON.stringify(DIST)});
const t1 = performance.now();
await new LookupStore().preload();
console.log(JSON.stringify({ load: performance.now() - t1, process: performance.now() }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as { load: number; process: number };
}

const WORDS = ['logon', 'cmd', 'powershell', 'service', 'svchost', 'kerberos', 'task', 'rundll32', 'audit', 'process', 'dns', 'wmi', 'ntdll', 'firewall'];
const IDS = ['4624', '4688', '7045', '1102', '4104', '1', '4720', '106', '5156', '4769'];

/** A deterministic mix: searches by word and id, filters on each operator, deep pages. */
function mixedQueries(): LookupParamsInput[] {
  const out: LookupParamsInput[] = [];
  for (let i = 0; out.length < LOOKUPS; i++) {
    const word = WORDS[i % WORDS.length]!;
    const id = IDS[i % IDS.length]!;
    switch (i % 8) {
      case 0:
        out.push({ module: 'event_id', search: id });
        break;
      case 1:
        out.push({ module: 'file_name', search: word, show: 100 });
        break;
      case 2:
        out.push({ module: 'event_id', search: word, page: 1 + (i % 10), show: 50 });
        break;
      case 3:
        out.push({
          module: 'event_id',
          search: '',
          filter: [
            { field: 'OS Version', operator: 'equals', value: 'W10_22H2' },
            { field: 'Data Fields', operator: 'contains', value: 'User' },
          ],
        });
        break;
      case 4:
        out.push({ module: 'file_name', search: '', filter: [{ field: 'File Path', operator: 'starts_with', value: 'C:\\Windows\\SysWOW64' }], page: 3 });
        break;
      case 5:
        out.push({ module: 'event_id', search: id, filter: [{ field: 'Provider', operator: 'does_not_contain', value: 'Security' }] });
        break;
      case 6:
        out.push({ module: 'file_name', search: 'exe', filter: [{ field: 'Company Name', operator: 'not_equals', value: 'Microsoft Corporation' }] });
        break;
      default:
        out.push({ module: 'event_id', search: '', filter: [{ field: 'Description Short', operator: 'ends_with', value: 'failed.' }], show: 100 });
    }
  }
  return out;
}

const sizes = (['file_name', 'event_id'] as const).map((m) => `${m} ${(statSync(datasetPath(DEFAULT_DATA_DIR, m)).size / 1024).toFixed(0)} KiB`);
console.log(`datasets: ${sizes.join(', ')}`);

const cold = Array.from({ length: COLD_RUNS }, coldStart);
const loads = cold.map((c) => c.load).sort((a, b) => a - b);
const procs = cold.map((c) => c.process).sort((a, b) => a - b);
console.log(
  `cold start (${COLD_RUNS} fresh processes): load both modules median ${percentile(loads, 50).toFixed(0)} ms, worst ${loads.at(-1)!.toFixed(0)} ms; process up to loaded median ${percentile(procs, 50).toFixed(0)} ms`,
);

const store = new LookupStore();
await store.preload();
const queries = mixedQueries();
for (const q of queries.slice(0, 40)) await store.lookup(q); // warm-up
const times: number[] = [];
for (const q of queries) {
  const t = performance.now();
  await store.lookup(q);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(
  `warm: ${LOOKUPS} mixed lookups p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms (goal p95 < 20 ms, load < 1 s)`,
);
