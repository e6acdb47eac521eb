import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseShellLink, ShortcutError } from '../src/index.js';
import { CRASHERS_DIR, fuzz, saveCrasher } from './helpers/fuzz.js';
import { HAVE_SAMPLES, LNK_DIR, withSamples } from './helpers/samples.js';

/** Seeds covering every structure the samples carry, so a bounded run reaches every decoder. */
const SEEDS = [
  'Misc/local.file.env.test', // environment + console blocks, XP file entries
  'Misc/local.file.darwin.test', // darwin + icon environment
  'Misc/remote.directory.xp.test', // network shell items
  'Misc/remote.file.aidlist.test', // vista ID list block
  'Misc/unicodeNetworkPath.lnk.test', // Unicode CommonNetworkRelativeLink
  'Misc/native.xp.15.test', // delegate (class 0x2E), unterminated XP Unicode name
  'WinVista/Music.lnk', // users property view
  'WinVista/Home Page 7.lnk', // URI item
  'Win7/Solitaire.lnk', // game folder
  'Win10/OneDrive.lnk.test', // CFSF delegate, BEEF0004 v9, property store, known folder
  'Win10/Devices.lnk.test', // "APPS" users property view with a property store
  'Win10/Windows Firewall.lnk.test', // control panel + category
  'Win10/30.lnk.test', // Recent item (class 0xB1)
];
const ITERATIONS = Number(process.env.QUARRY_FUZZ_ITERATIONS ?? 300);

describe.skipIf(!HAVE_SAMPLES)(withSamples('fuzzing mutated and truncated real links'), () => {
  test(`${ITERATIONS} mutants per seed: only ShortcutError escapes, sizes add up, no parse is slow`, () => {
    const seeds = SEEDS.map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(LNK_DIR, name))) }));
    const { runs, rejected, failures } = fuzz(seeds, ITERATIONS, Number(process.env.QUARRY_FUZZ_SEED ?? 1));
    const kept = failures.map((f) => `${saveCrasher(f.input)} from ${f.seed}#${f.iteration}: ${f.reason.split('\n')[0]}`);
    expect(kept).toEqual([]);
    expect(runs).toBe(seeds.length * ITERATIONS);
    // Mutants must reach past the header check, or the run tests nothing.
    expect(rejected).toBeLessThan(runs * 0.3);
  });
});

const crashers = readdirSync(CRASHERS_DIR).filter((f) => f.endsWith('.bin'));
describe.skipIf(crashers.length === 0)(`kept crashers${crashers.length === 0 ? ' (skipped: none found by any fuzz run yet)' : ''}`, () => {
  test.each(crashers)('%s parses or throws ShortcutError', (file) => {
    const input = new Uint8Array(readFileSync(join(CRASHERS_DIR, file)));
    try {
      const link = parseShellLink(input);
      expect(link.linkSize + link.appendedBytes).toBe(input.length);
    } catch (error) {
      expect(error).toBeInstanceOf(ShortcutError);
    }
  });
});
