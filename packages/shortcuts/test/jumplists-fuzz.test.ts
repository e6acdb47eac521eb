import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseDestList, parseShortcutFile, ShortcutError } from '../src/index.js';
import { readCompoundStreams } from '../src/jumplists/compound-file.js';
import { CRASHERS_DIR, fuzz, saveCrasher } from './helpers/jumplist-fuzz.js';
import { HAVE_JUMPLISTS, JUMPLISTS_SKIP, readSample } from './helpers/jumplist-samples.js';

const ITERATIONS = Number(process.env.QUARRY_FUZZ_ITERATIONS ?? 150);
const SEED = Number(process.env.QUARRY_FUZZ_SEED ?? 1);
const AUTOMATIC = ['Win10/RathbunVM/f01b4d95cf55d32a.automaticDestinations-ms', 'Win10/APTSimulatorVM/573770283dc3d854.automaticDestinations-ms'];
const CUSTOM = ['Win10/RathbunVM/590aee7bdd69b59b.customDestinations-ms', 'Win10/RathbunVM/7e4dca80246863e3.customDestinations-ms'];
const parseFile = (bytes: Uint8Array) => parseShortcutFile(bytes, { fileName: 'f01b4d95cf55d32a.automaticDestinations-ms' });

function run(seeds: { name: string; bytes: Uint8Array }[], parse: (bytes: Uint8Array) => unknown) {
  const { runs, rejected, failures } = fuzz(seeds, parse, ITERATIONS, SEED);
  const kept = failures.map((f) => `${saveCrasher(f.input)} from ${f.seed}#${f.iteration}: ${f.reason.split('\n')[0]}`);
  expect(kept).toEqual([]);
  expect(runs).toBe(seeds.length * ITERATIONS);
  return rejected / runs;
}

describe.skipIf(!HAVE_JUMPLISTS)(HAVE_JUMPLISTS ? 'fuzzing mutated and truncated Jump Lists' : JUMPLISTS_SKIP, () => {
  test(`${ITERATIONS} mutants of automaticDestinations files: only ShortcutError escapes, no parse is slow`, () => {
    run(AUTOMATIC.map((name) => ({ name, bytes: readSample(name) })), parseFile);
  });

  test(`${ITERATIONS} mutants of a DestList stream: only ShortcutError escapes, and most parse`, () => {
    const stream = readCompoundStreams(readSample(AUTOMATIC[0]!)).find((s) => s.path === 'DestList')!;
    // Mutants must reach past the header, or the run tests nothing.
    expect(run([{ name: 'DestList', bytes: stream.data }], parseDestList)).toBeLessThan(0.2);
  });

  test(`${ITERATIONS} mutants of customDestinations files: only ShortcutError escapes, and most parse`, () => {
    expect(run(CUSTOM.map((name) => ({ name, bytes: readSample(name) })), parseFile)).toBeLessThan(0.5);
  });
});

const crashers = readdirSync(CRASHERS_DIR, { withFileTypes: true }).filter((f) => f.name.endsWith('.bin'));
describe.skipIf(crashers.length === 0)(`kept crashers${crashers.length === 0 ? ' (skipped: none found by any fuzz run yet)' : ''}`, () => {
  test.each(crashers.map((c) => c.name))('%s parses or throws ShortcutError', (file) => {
    const input = new Uint8Array(readFileSync(join(CRASHERS_DIR, file)));
    try {
      JSON.stringify(parseFile(input));
    } catch (error) {
      expect(error).toBeInstanceOf(ShortcutError);
    }
  });
});
