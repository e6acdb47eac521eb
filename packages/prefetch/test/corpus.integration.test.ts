import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parsePrefetch, PrefetchError, type PrefetchResult } from '../src/index.js';
import { HAVE_SAMPLES, prefetchSamples, withSamples } from './helpers/shared.js';

type Outcome = { name: string; result: PrefetchResult } | { name: string; error: PrefetchError };

const outcomes: Outcome[] = prefetchSamples().map(({ path, name }) => {
  try {
    return { name, result: parsePrefetch(readFileSync(path), { fileName: basename(path) }) };
  } catch (error) {
    if (error instanceof PrefetchError) return { name, error };
    throw error;
  }
});
const parsed = outcomes.flatMap((o) => ('result' in o ? [o] : []));
const byName = (suffix: string) => {
  const found = parsed.find((o) => o.name.endsWith(suffix));
  if (!found) throw new Error(`no parsed sample ${suffix}`);
  return found.result;
};

describe.skipIf(!HAVE_SAMPLES)(withSamples('every prefetch sample'), () => {
  test('53 files: 51 parse, 2 are refused with PrefetchError', () => {
    expect(outcomes).toHaveLength(53);
    expect(parsed).toHaveLength(51);
    const refused = outcomes.flatMap((o) => ('error' in o ? [[o.name, o.error.format, o.error.structure]] : []));
    expect(refused).toEqual([
      ['Windows-Prefetch-Parser/Bad/notAPrefetch.pf', 'SCCA', 'file header'],
      ['artemis/bad_data/bad_compression.pf', 'MAM', 'file header'],
    ]);
  });

  test('versions: 8 x 17, 11 x 23, 12 x 26, 16 x 30, 4 x 31; 16 were MAM-compressed', () => {
    const count = (f: (r: PrefetchResult) => unknown) =>
      parsed.reduce<Record<string, number>>((acc, { result }) => {
        const k = String(f(result));
        acc[k] = (acc[k] ?? 0) + 1;
        return acc;
      }, {});
    expect(count((r) => r.version)).toEqual({ 17: 8, 23: 11, 26: 12, 30: 16, 31: 4 });
    expect(count((r) => r.container.signature)).toEqual({ SCCA: 35, 'MAM\\x04': 16 });
    expect(count((r) => (r.version >= 30 ? r.variant : 'n/a'))).toEqual({ 1: 6, 2: 14, 'n/a': 31 });
  });

  test('only the malformed v26 file has warnings, each with a structure and offset', () => {
    const warned = parsed.filter((o) => o.result.warnings.length > 0);
    expect(warned.map((o) => o.name)).toEqual(['artemis/bad_data/malformed.pf']);
    const warnings = (warned[0] as (typeof warned)[number]).result.warnings;
    expect(warnings[0]).toEqual({ structure: 'file header', offset: 12, message: 'header file size 5177411 differs from data size 1755' });
    expect(warnings.map((w) => w.structure)).toEqual([
      'file header',
      'file metrics array',
      'trace chains array',
      'filename strings',
      'volumes information',
      'volumes information',
    ]);
  });

  test('every file metrics entry has a filename, and the metrics and filename strings agree', () => {
    for (const { result } of parsed.filter((o) => !o.name.includes('malformed'))) {
      expect(result.fileMetrics.map((m) => m.filename)).toEqual(result.filenames);
      // Trace chains are contiguous runs, one per file metrics entry.
      const total = result.fileMetrics.reduce((n, m) => n + m.traceChainCount, 0);
      expect(total).toBe(result.traceChains.length);
    }
  });

  test('the prefetch hash matches for 41 files; 6 mismatches are reported as anomalies, 4 cannot be checked', () => {
    const status = (s: string) => parsed.filter((o) => o.result.hashCheck.status === s).map((o) => basename(o.name));
    expect(status('match')).toHaveLength(41);
    expect(status('mismatch').sort()).toEqual([
      'DLLHOST.EXE-893DDF55.pf',
      'IEXPLORE.EXE-F6A52C88.pf',
      'LIVECOMM.EXE-A134F539.pf',
      'MMC.EXE-0721152E.pf',
      'TASKHOST.EXE-3AE259FC.pf',
      'WWAHOST.EXE-00A972CA.pf',
    ]);
    expect(byName('IEXPLORE.EXE-F6A52C88.pf').hashCheck.note).toMatch(/prefetch:2/);
    expect(status('unknown').sort()).toEqual([
      'MS-TEAMSUPDATE.EXE-FF4701B5.pf',
      'Op-MSEDGE.EXE-37D25F9A-00000001.pf',
      'TEXTINPUTHOST.EXE-3422749D.pf',
      'malformed.pf',
    ]);
  });

  test('a renamed copy is flagged: _NOTEPAD.EXE file, NOTEPAD.EXE header', () => {
    expect(byName('_NOTEPAD.EXE-D8414F97.pf').anomalies).toEqual(['file name executable "_NOTEPAD.EXE" differs from header executable "NOTEPAD.EXE"']);
  });

  test('Windows 10+ volumes get their \\DEVICE name from the hash string; paths are shown with it', () => {
    const r = byName('NOTEPAD.EXE-C5670914.pf');
    expect(r.volumes[0]).toMatchObject({ devicePath: '\\VOLUME{01d830aab7b763ce-46b7c36b}', deviceName: '\\DEVICE\\HARDDISKVOLUME3', driveLetter: null });
    const exe = r.fileMetrics.find((m) => m.relativePath === '\\WINDOWS\\SYSTEM32\\NOTEPAD.EXE');
    expect(exe).toMatchObject({ volumeIndex: 0, displayPath: '\\DEVICE\\HARDDISKVOLUME3\\WINDOWS\\SYSTEM32\\NOTEPAD.EXE' });
  });

  test('v17 CALC.EXE: exact header fields, first file, volume and trace chain', () => {
    const r = byName('XPPro/CALC.EXE-02CD573A.pf');
    expect(r).toMatchObject({ version: 17, executableName: 'CALC.EXE', prefetchHash: '0x02cd573a', runCount: 3 });
    expect(r.lastRunTimes).toEqual(['2016-01-13T22:05:51.2812500Z']);
    expect(r.fileMetrics[0]).toMatchObject({
      filename: '\\DEVICE\\HARDDISKVOLUME1\\WINDOWS\\SYSTEM32\\NTDLL.DLL',
      traceChainIndex: 0,
      traceChainCount: 50,
      fileReference: null,
    });
    expect(r.volumes[0]).toMatchObject({ serialNumber: 0xe0f7e847, creationTime: '2016-01-13T11:17:18.7187500Z' });
    expect(r.volumes[0]?.fileReferences).toHaveLength(36);
    expect(r.traceChains[0]).toHaveProperty('nextIndex', 1);
  });

  test('every \\VOLUME{creation-serial} name agrees with its volume entry; \\DEVICE paths are not checked', () => {
    const volumes = parsed.flatMap((o) => o.result.volumes);
    const byState = (state: boolean | null) => volumes.filter((v) => v.devicePathConsistent === state).length;
    expect([byState(true), byState(false), byState(null)]).toEqual([22, 0, 35]);
  });

  test('traceChains: false skips only the trace chains', () => {
    const path = prefetchSamples().find((s) => s.name.endsWith('CHECKSUM.EXE-B78E690A.pf'))?.path as string;
    const full = parsePrefetch(readFileSync(path));
    const lean = parsePrefetch(readFileSync(path), { traceChains: false });
    expect(full.traceChains).toHaveLength(135410);
    expect({ ...lean, traceChains: full.traceChains }).toEqual(full);
  });

  test('v30 file references decode as MFT entry and sequence', () => {
    const r = byName('Win10/CMD.EXE-D269B812.pf');
    expect(r.fileMetrics[0]).toMatchObject({
      filename: '\\VOLUME{01d1217a9c4c6779-8c9f49ec}\\WINDOWS\\SYSTEM32\\DISKPART.EXE',
      fileReference: { mftEntry: 0x9ef4, sequence: 1 },
    });
    expect(r.traceChains[0]).not.toHaveProperty('nextIndex');
  });

  test('Windows 10 variant 1: the device number that reproduces the hash names the executable volume', () => {
    const r = byName('Win10/CMD.EXE-D269B812.pf');
    expect(r.hashCheck).toMatchObject({ status: 'match', deviceInferred: true, executablePath: '\\DEVICE\\HARDDISKVOLUME8\\WINDOWS\\SYSTEM32\\CMD.EXE' });
    expect(r.volumes.map((v) => v.deviceName)).toEqual([null, '\\DEVICE\\HARDDISKVOLUME8']);
    expect(r.fileMetrics[0]?.displayPath).toBe('\\DEVICE\\HARDDISKVOLUME8\\WINDOWS\\SYSTEM32\\DISKPART.EXE');
  });
});
