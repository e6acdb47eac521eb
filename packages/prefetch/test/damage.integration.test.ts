import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { decompressMam, parsePrefetch, PrefetchError } from '../src/index.js';
import { HAVE_SAMPLES, PREFETCH_DIR, withSamples } from './helpers/shared.js';

/** Targeted damage to real files: each section fails alone, as a warning with its offset. */
const load = (name: string) => new Uint8Array(readFileSync(join(PREFETCH_DIR, name)));
const setU32 = (b: Uint8Array, at: number, v: number) => new DataView(b.buffer, b.byteOffset).setUint32(at, v, true);
const getU32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint32(at, true);

describe.skipIf(!HAVE_SAMPLES)(withSamples('damaged real files'), () => {
  const v23 = () => load('Windows-Prefetch-Parser/Win7/CALC.EXE-77FDF17F.pf');
  const v30 = () => decompressMam(load('Windows-Prefetch-Parser/Win10/CMD.EXE-D269B812.pf')).data;

  test('a huge metrics count is capped to what fits; the other sections are intact; warnings are bounded', () => {
    const b = v23();
    setU32(b, 88, 0x7fffffff);
    const r = parsePrefetch(b);
    expect(r.warnings[0]).toEqual({
      structure: 'file metrics array',
      offset: 0xf0,
      message: `declared ${0x7fffffff} entries of 32 bytes, only ${Math.floor((b.length - 0xf0) / 32)} fit`,
    });
    // Entries past the real 37 read other sections as metrics: one warning each, at most 50 listed.
    expect(r.warnings).toHaveLength(51);
    expect(r.warnings[50]?.message).toMatch(/^\d+ more warnings not listed$/);
    expect(r.fileMetrics.slice(0, 37).map((m) => m.filename)).toEqual(r.filenames);
    expect(r.volumes).toHaveLength(1);
  });

  test('a filename offset outside the strings is a warning on that entry only', () => {
    const b = v23();
    setU32(b, 0xf0 + 5 * 32 + 12, 0x00ffffff);
    const r = parsePrefetch(b);
    expect(r.warnings).toEqual([
      { structure: 'file metrics entry 5', offset: 0xf0 + 5 * 32 + 12, message: expect.stringMatching(/outside the filename strings/) },
    ]);
    expect(r.fileMetrics[5]?.filename).toBeNull();
    expect(r.fileMetrics.filter((m) => m.filename !== null)).toHaveLength(36);
  });

  test('a volume device path outside the section drops that volume with a warning', () => {
    const b = v30();
    const volumes = getU32(b, 84 + 24);
    setU32(b, volumes + 96, 0x7ffffff0);
    const r = parsePrefetch(b);
    expect(r.warnings).toEqual([
      { structure: 'volume information entry 1', offset: volumes + 96, message: 'device path lies outside the volumes information' },
    ]);
    expect(r.volumes.map((v) => v.index)).toEqual([0]);
  });

  test('a huge directory string count is capped; the volume keeps the strings read before the damage', () => {
    const b = v30();
    const volumes = getU32(b, 84 + 24);
    setU32(b, volumes + 32, 0xffffffff);
    const r = parsePrefetch(b);
    expect(r.volumes).toHaveLength(2);
    expect(r.warnings.map((w) => [w.structure, w.message])).toEqual([
      ['volume information entry 0 directory strings', 'declared 4294967295 entries of 4 bytes, only 318 fit'],
      ['volume information entry 0 directory strings', 'directory string 22 runs past the volumes information'],
    ]);
    expect(r.volumes[0]?.directories.slice(0, 5)).toEqual(parsePrefetch(v30()).volumes[0]?.directories);
  });

  test('a \\VOLUME{...} name that disagrees with the entry serial number is an anomaly', () => {
    const b = v30();
    const volumes = getU32(b, 84 + 24);
    setU32(b, volumes + 16, 0x12345678);
    const r = parsePrefetch(b);
    expect(r.volumes[0]?.devicePathConsistent).toBe(false);
    expect(r.anomalies).toEqual(['volume 0 device path \\VOLUME{01d12173f395296c-66f451bc} disagrees with its creation time or serial number']);
  });

  test('truncation: the header survives, the lost sections are warnings', () => {
    const b = v30().subarray(0, 3000);
    const r = parsePrefetch(b);
    expect(r.executableName).toBe('CMD.EXE');
    expect(r.runCount).toBe(55);
    expect(r.warnings.map((w) => w.structure)).toEqual(['file header', 'trace chains array', 'filename strings', 'volumes information', 'volumes information']);
    expect(r.fileMetrics).toHaveLength(62);
    expect(r.traceChains).toHaveLength(Math.floor((3000 - 0x8f0) / 8));
  });

  test('fatal: wrong version, missing signature, header cut short', () => {
    const wrongVersion = v23();
    setU32(wrongVersion, 0, 24);
    expect(() => parsePrefetch(wrongVersion)).toThrow(PrefetchError);
    expect(() => parsePrefetch(wrongVersion)).toThrow(/unsupported format version 24/);
    expect(() => parsePrefetch(v23().subarray(0, 60))).toThrow(/file header at offset 0: read past end of data \(needed 84 bytes, 60 available\)/);
    expect(() => parsePrefetch(load('Windows-Prefetch-Parser/Bad/notAPrefetch.pf'))).toThrow(/neither a "SCCA" nor a "MAM" signature/);
  });

  test('a damaged compressed stream is an LZXPRESS error with the input offset', () => {
    const b = load('Windows-Prefetch-Parser/Win10/CMD.EXE-D269B812.pf');
    b.fill(0xff, 8, 8 + 256);
    try {
      parsePrefetch(b);
      expect.unreachable();
    } catch (error) {
      // All 512 lengths 15: a valid but incomplete code, so the first unassigned pattern fails.
      expect(error).toMatchObject({ format: 'LZXPRESS', structure: 'bit stream', message: expect.stringMatching(/matches no Huffman code/) });
    }
  });

  test('data at an odd byte offset inside a larger buffer parses the same', () => {
    const plain = v23();
    const host = new Uint8Array(plain.length + 3);
    host.set(plain, 3);
    expect(parsePrefetch(host.subarray(3))).toEqual(parsePrefetch(plain));
  });
});
