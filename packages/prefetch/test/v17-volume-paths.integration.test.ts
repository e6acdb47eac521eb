import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { toolGate } from '@quarry/testkit';
import { describe, expect, test } from 'vitest';
import { parsePrefetch } from '../src/index.js';
import { haveCommand, sccainfo } from './helpers/reference-tools.js';
import { HAVE_SAMPLES, prefetchSamples, SKIP_REASON } from './helpers/shared.js';

/**
 * Windows XP / 2003 (version 17) volume and path mapping, against libscca's sccainfo: every file
 * name splits on the device path of the volume sccainfo lists it under (\DEVICE\HARDDISKVOLUMEn),
 * and what is left is the path below the volume. v17 files record no drive letter anywhere, so the
 * device name stays the shown prefix (no letter is made up).
 */
const gate = HAVE_SAMPLES ? toolGate('sccainfo (apt-get install libscca-utils)', haveCommand('sccainfo')) : { skip: true, reason: SKIP_REASON };
const v17 = prefetchSamples().filter((s) => s.name.endsWith('.pf') && readFileSync(s.path).readUInt32LE(0) === 17);

describe.skipIf(gate.skip)(`prefetch v17 volume paths vs sccainfo ${gate.skip ? gate.reason : ''}`, () => {
  test('the XP and 2003 samples are all there (8 files of version 17)', () => {
    expect(v17).toHaveLength(8);
  });

  test.each(v17.map((s) => [s.name, s.path] as const))('%s: each file name splits on its volume device path', (_name, path) => {
    const ref = sccainfo(path)!;
    const r = parsePrefetch(readFileSync(path), { fileName: basename(path) });
    expect(r.volumes.map((v) => v.devicePath)).toEqual(ref.volumes.map((v) => v.devicePath));
    expect(r.fileMetrics.map((m) => m.filename)).toEqual(ref.filenames);
    for (const m of r.fileMetrics) {
      const device = ref.volumes.map((v) => v.devicePath).find((d) => m.filename!.toUpperCase().startsWith(`${d.toUpperCase()}\\`));
      expect(device, m.filename!).toBeDefined();
      expect(ref.volumes[m.volumeIndex!]!.devicePath).toBe(device);
      expect(m.relativePath).toBe(m.filename!.slice(device!.length));
      expect(m.displayPath).toBe(`${device!.toUpperCase()}${m.relativePath}`);
    }
    expect(r.volumes.every((v) => /^\\DEVICE\\HARDDISKVOLUME\d+$/i.test(v.devicePath))).toBe(true);
  });
});
