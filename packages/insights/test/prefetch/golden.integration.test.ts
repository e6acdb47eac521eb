import { join } from 'node:path';
import { findTool, toolGate } from '@quarry/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Insight } from '../../src/index.js';
import { sccainfo, sccainfoCell, sccainfoExecutable, sccainfoMs, type SccainfoView } from './sccainfo.js';
import { HAVE_PREFETCH, PREFETCH_SAMPLES, rowsOf, runPrefetchJob, sampleFiles, titled } from './support.js';

/**
 * All prefetch samples (v17–v31, MAM, the damaged ones) as one job, its result types checked
 * against sccainfo's output for the same files: run counts, run times, executable paths and
 * volumes. sccainfo reads 46 of them (not version 31 nor the damaged ones); the others are checked
 * for presence only.
 */
const files = sampleFiles();
const gate = toolGate('sccainfo');
const tool = findTool('sccainfo');

describe.skipIf(!HAVE_PREFETCH)('prefetch job over every sample', () => {
  let insights: Insight[];
  beforeAll(async () => {
    insights = await runPrefetchJob(files);
  });

  it('lists the result types in spec order after the per-file metadata', () => {
    const titles = insights.map((i) => Object.values(i)[0].title as string);
    expect(titles.slice(0, files.length).every((t) => t.startsWith('File metadata: '))).toBe(true);
    expect(titles.slice(files.length)).toEqual([
      'Execution Timeline',
      'Execution Timeline: Runs',
      'Executable Statistics',
      'Executable Statistics: Run Counts',
      'LOLBIN Detection',
      'Volume Analysis',
      'Module Analysis',
      'Anomaly Detection',
    ]);
  });

  it('accounts for every file: each readable one has its statistics row, each unreadable one its anomaly row', () => {
    // The corpus: 53 files under samples/prefetch.
    expect(files).toHaveLength(53);
    const unreadable = rowsOf(insights, 'Anomaly Detection').filter((r) => r['Rule'] === 'Unreadable file');
    expect(rowsOf(insights, 'Executable Statistics')).toHaveLength(files.length - unreadable.length);
    expect(titled(insights, 'Chart', 'Executable Statistics: Run Counts').data.length).toBe(Math.min(20, files.length - unreadable.length));
    // One timeline entry per run time the files hold: never more entries than stored runs.
    const runs = titled(insights, 'Timeline', 'Execution Timeline: Runs').data.length;
    expect(titled(insights, 'Timeline', 'Execution Timeline').data.length).toBeLessThanOrEqual(runs);
  });

  it('raises no Critical on the stock Windows files', () => {
    for (const title of ['LOLBIN Detection', 'Volume Analysis', 'Module Analysis', 'Anomaly Detection']) {
      expect(rowsOf(insights, title).filter((r) => r['Importance'] === 'Critical')).toEqual([]);
    }
    expect(titled(insights, 'Timeline', 'Execution Timeline').data.filter((e) => e.importance === 'Critical')).toEqual([]);
  });

  it('names the damaged files: one unreadable, one read with damage; the job still completes', () => {
    const rows = rowsOf(insights, 'Anomaly Detection');
    // notAPrefetch.pf is not a prefetch file at all: named as unreadable, and the rest is analysed.
    expect(rows.filter((r) => r['Rule'] === 'Unreadable file').map((r) => r['Executable'])).toEqual(
      ['Windows-Prefetch-Parser/Bad/notAPrefetch.pf', 'artemis/bad_data/bad_compression.pf'].sort(),
    );
    expect(rows.filter((r) => r['Rule'] === 'Damaged file').map((r) => (r['Details'] ?? '').split(':')[0])).toEqual(['artemis/bad_data/malformed.pf']);
  });

  it('reads the version 31 files sccainfo cannot', () => {
    const v31 = rowsOf(insights, 'Executable Statistics').filter((r) => r['Version'] === '31');
    expect(v31.map((r) => r['Executable']).sort()).toEqual(['AM_DELTA_PATCH_1.443.990.0.EX', 'MS-TEAMSUPDATE.EXE', 'PNPUTIL.EXE', 'TEXTINPUTHOST.EXE']);
  });

  describe.skipIf(gate.skip)(`compared with sccainfo${gate.skip ? ` (${gate.reason})` : ''}`, () => {
    const views = new Map<string, SccainfoView | null>(tool ? files.map((f) => [f, sccainfo(tool, join(PREFETCH_SAMPLES, f))]) : []);
    const read = files.filter((f) => views.get(f));

    it('sccainfo reads 46 of the files', () => {
      expect(read).toHaveLength(46);
    });

    it.each(read)('%s: Executable Statistics row equals sccainfo', (file) => {
      const v = views.get(file)!;
      const row = rowsOf(insights, 'Executable Statistics').find((r) => r['Prefetch File'] === file)!;
      const exe = sccainfoExecutable(v);
      // Newest first; sccainfo prints the slots in stored order.
      const runs = [...v.runTimes].sort((a, b) => sccainfoMs(b) - sccainfoMs(a));
      expect(row).toMatchObject({
        Executable: v.executable,
        'Run Count': String(v.runCount),
        Path: exe?.path ?? '',
        Volume: exe?.volume ?? '',
        'Prefetch Hash': v.hash.replace(/^0x/, '').toUpperCase(),
        Version: String(v.version),
        'Last Run': runs.length ? sccainfoCell(runs[0]!) : '',
        'First Recorded Run': runs.length ? sccainfoCell(runs.at(-1)!) : '',
        'Recorded Runs': runs.map(sccainfoCell).join(', '),
        'Files Referenced': String(v.filenames.length),
      });
    });

    it.each(read)('%s: Execution Timeline entries equal sccainfo run times', (file) => {
      const v = views.get(file)!;
      const position = files.indexOf(file) + 1;
      const ms = v.runTimes.map(sccainfoMs).sort((a, b) => a - b);
      const entry = titled(insights, 'Timeline', 'Execution Timeline').data.find((e) => e.record_id === position)!;
      expect(entry).toMatchObject({ timestamp_start: ms[0], timestamp_end: ms.length > 1 ? ms.at(-1) : null, short_name: v.executable });
      expect(entry.description).toContain(`ran ${v.runCount} times (${ms.length} recorded)`);
      const runs = titled(insights, 'Timeline', 'Execution Timeline: Runs').data.filter((e) => e.record_id === position);
      expect(runs.map((e) => e.timestamp_start)).toEqual(ms);
      expect(runs.every((e) => Number.isInteger(e.timestamp_start) && e.timestamp_end === null)).toBe(true);
    });

    it.each(read)('%s: every sccainfo volume is a Volume Analysis row', (file) => {
      const rows = rowsOf(insights, 'Volume Analysis');
      for (const vol of views.get(file)!.volumes) {
        const serial = vol.serial.replace(/^0x/, '').toUpperCase().padStart(8, '0');
        expect(rows).toContainEqual(
          expect.objectContaining({ 'Device Path': vol.devicePath, Serial: serial, 'Creation Time': sccainfoCell(vol.creationTime) }),
        );
      }
    });
  });
});
