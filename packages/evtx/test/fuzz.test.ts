import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HAVE_SHARED, NO_SHARED_REASON, sample } from './helpers.js';
import { mutate, runCase } from './fuzz-harness.js';

// Bounded here; a longer run: FUZZ_ITERATIONS=20000 npx vitest run --project evtx test/fuzz.test.ts
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 300);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 2000);
const FIXTURES = fileURLToPath(new URL('./fixtures/fuzz/', import.meta.url));

// Seeds: small real logs with templates, nested BinXml, arrays, SizeT and damage of their own.
const SEEDS = [
  'EVTX-ATTACK-SAMPLES/babyshark_mimikatz_powershell.evtx',
  'omerbenamram-evtx/Security_with_size_t.evtx',
  'omerbenamram-evtx/E_Windows_system32_winevt_logs_Microsoft-Windows-CAPI2%4Operational.evtx',
  'python-evtx/dns_log_malformed.evtx',
  'DeepBlueCLI/metasploit-sysmon.evtx',
  'EVTX-ATTACK-SAMPLES/bits_openvpn.evtx',
];

describe('fuzz crashers kept as fixtures', () => {
  const files = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((f) => f.endsWith('.evtx')) : [];
  test.each(files.length ? files : ['(none)'])('%s', async (name) => {
    if (name === '(none)') return;
    const r = await runCase(readFileSync(join(FIXTURES, name)), BUDGET_MS);
    expect(r.failure).toBeUndefined();
  });
});

describe.skipIf(!HAVE_SHARED)(`mutated real files${HAVE_SHARED ? '' : ` (${NO_SHARED_REASON})`}`, () => {
  test(`${ITERATIONS} mutations: only EvtxError escapes, each within ${BUDGET_MS} ms, memory bounded`, async () => {
    // At most two chunks of each, so a case stays small and fast.
    const seeds = SEEDS.map((s) => readFileSync(sample(s)).subarray(0, 4096 + 2 * 65536));
    const heapBefore = process.memoryUsage().heapUsed;
    const failures: string[] = [];
    let records = 0;
    let slowest = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      const seed = seeds[i % seeds.length]!;
      const input = mutate(seed, i);
      const r = await runCase(input, BUDGET_MS);
      records += r.records;
      slowest = Math.max(slowest, r.ms);
      if (r.failure) {
        failures.push(`case ${i}: ${r.failure}`);
        if (process.env.FUZZ_SAVE) writeFileSync(join(FIXTURES, `crash-${i}.evtx`), input);
      }
    }
    const heapGrowth = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    console.log(`fuzz: ${ITERATIONS} cases, ${records} records, slowest ${slowest.toFixed(0)} ms, heap growth ${heapGrowth.toFixed(1)} MiB`);
    expect(failures).toEqual([]);
    expect(records).toBeGreaterThan(0);
    expect(heapGrowth).toBeLessThan(256);
  });
});
