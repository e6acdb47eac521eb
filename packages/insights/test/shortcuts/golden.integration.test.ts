import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { findTool, toolGate } from '@quarry/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Insight } from '../../src/index.js';
import { lnkinfo, lnkinfoCell, type LnkinfoView } from './lnkinfo.js';
import { analyseShortcuts, JUMPLIST_SAMPLES, LNK_SAMPLES, rowsOf, sampleFile, sampleFiles, titled } from './support.js';

/**
 * Every shell link and Jump List sample as one job, each link's Opened Files & Folders row checked
 * against lnkinfo's reading of the same file, and the Suspicious Shortcuts verdicts held to the
 * benign set's truth: Start-menu and Recent items, none of them malicious.
 */
const HAVE = existsSync(LNK_SAMPLES) && existsSync(JUMPLIST_SAMPLES);
const links = HAVE ? sampleFiles(LNK_SAMPLES) : [];
const jumpLists = HAVE ? sampleFiles(JUMPLIST_SAMPLES) : [];
const gate = toolGate('lnkinfo');
const tool = findTool('lnkinfo');
const oleGate = toolGate('olecfexport');

describe.skipIf(!HAVE)('shortcuts job over every sample', () => {
  let insights: Insight[];
  beforeAll(async () => {
    insights = await analyseShortcuts([...links.map((p) => sampleFile(LNK_SAMPLES, p)), ...jumpLists.map((p) => sampleFile(JUMPLIST_SAMPLES, p))]);
  });

  it('lists File metadata for every file, then the six result types', () => {
    const titles = insights.map((i) => Object.values(i)[0].title as string);
    const n = links.length + jumpLists.length;
    expect(n).toBe(728 + 17);
    expect(titles.slice(0, n).every((t) => t.startsWith('File metadata: '))).toBe(true);
    expect(titles.slice(n)).toEqual([
      'Overview',
      'Overview: Target Kinds',
      'Overview: Drive Types',
      'Overview: Jump List Entries by Application',
      'Opened Files & Folders',
      'Removable & Network Media',
      'Suspicious Shortcuts',
      'Machines & Trackers',
      'Machines & Trackers: Machines',
      'Access Timeline',
    ]);
  });

  it('raises no Critical or High on the benign samples', () => {
    const loud = rowsOf(insights, 'Suspicious Shortcuts').filter((r) => r['Importance'] === 'Critical' || r['Importance'] === 'High');
    expect(loud.map((r) => `${r['Source File']}: ${r['Reasons']}`)).toEqual([]);
  });

  it('every result type has rows where the evidence has them', () => {
    const overview = titled(insights, 'Metadata', 'Overview').data;
    expect(overview['links']).toBe('728');
    // 8 automaticDestinations-ms and 9 customDestinations-ms files, empty ones (APTSimulatorVM/5f7b5f1e01b83767 has only a DestList) included.
    expect(overview['automatic_jump_lists']).toBe('8');
    expect(overview['custom_jump_lists']).toBe('9');
    expect(rowsOf(insights, 'Opened Files & Folders').length).toBeGreaterThanOrEqual(728);
    expect(rowsOf(insights, 'Removable & Network Media').length).toBeGreaterThan(0);
    expect(rowsOf(insights, 'Machines & Trackers').length).toBeGreaterThan(0);
    expect(titled(insights, 'Timeline', 'Access Timeline').data.length).toBeGreaterThan(0);
  });

  it('names the samples README applications by the shipped AppID table', () => {
    const apps = new Map(rowsOf(insights, 'Opened Files & Folders').map((r) => [r['AppID'], r['Application']]));
    expect(apps.get('f01b4d95cf55d32a')).toBe('Windows Explorer Windows 8.1');
    expect(apps.get('9b9cdc69c1c24e2b')).toBe('Notepad 64-bit');
    expect(apps.get('5f7b5f1e01b83767')).toBe('Quick Access');
  });

  it.skipIf(gate.skip)("each link's row equals lnkinfo's times, volume, strings and machine id", () => {
    const rows = new Map(
      rowsOf(insights, 'Opened Files & Folders')
        .filter((r) => r['AppID'] === '')
        .map((r) => [r['Source File']!, r]),
    );
    const diffs: string[] = [];
    let compared = 0;
    let valuesSeen = 0;
    for (const path of links) {
      const view = lnkinfo(tool!, path) as LnkinfoView | null;
      if (!view) continue;
      const name = path.slice(LNK_SAMPLES.length + 1);
      const row = rows.get(name);
      if (!row) {
        diffs.push(`${name}: no row`);
        continue;
      }
      compared++;
      const check = (column: string, expected: string) => {
        if (expected !== '') valuesSeen++;
        if (row[column] !== expected) diffs.push(`${name}: ${column} ${JSON.stringify(row[column])} ≠ lnkinfo ${JSON.stringify(expected)}`);
      };
      check('Target Created', lnkinfoCell(view['Creation time']));
      check('Target Modified', lnkinfoCell(view['Modification time']));
      check('Target Accessed', lnkinfoCell(view['Access time']));
      check('Size', (view['File size'] ?? '').replace(/ bytes$/, ''));
      const serial = view['Drive serial number'];
      if (serial && view['Drive type'] !== 'Not set (0)') check('Volume Serial', serial.slice(2).toUpperCase().padStart(8, '0'));
      if (view['Volume label'] !== undefined) check('Volume Label', view['Volume label']);
      check('Arguments', view['Command line arguments'] ?? '');
      check('Working Directory', view['Working directory'] ?? '');
      check('Machine ID', view['Machine identifier'] ?? '');
      if (view['Local path']) check('Target Path', view['Local path']);
      else if (view['Network path']) check('Target Path', view['Network path']);
    }
    expect(compared).toBeGreaterThan(700);
    // Not a comparison of blanks: lnkinfo gave thousands of values (times, paths, serials, machine ids).
    expect(valuesSeen).toBeGreaterThan(3500);
    expect(diffs).toEqual([]);
  });
  it.skipIf(gate.skip || oleGate.skip)("each automatic Jump List entry's row equals lnkinfo's reading of the stream olecfexport extracts", () => {
    const rows = new Map(rowsOf(insights, 'Opened Files & Folders').map((r) => [`${r['Source File']} ${r['Entry']}`, r]));
    const dir = mkdtempSync(join(tmpdir(), 'quarry-olecf-'));
    const diffs: string[] = [];
    let compared = 0;
    try {
      for (const [i, path] of jumpLists.filter((p) => p.endsWith('.automaticDestinations-ms')).entries()) {
        // Both VMs have a 5f7b… and an f01b… list: one export folder per file.
        const target = join(dir, `${i}-${basename(path)}`);
        expect(spawnSync('olecfexport', ['-t', target, path]).status).toBe(0);
        const exported = `${target}.export`;
        for (const stream of readdirSync(exported).filter((n) => /^[0-9a-f]+$/i.test(n))) {
          const view = lnkinfo(tool!, join(exported, stream, 'StreamData.bin'));
          if (!view) continue;
          const key = `${path.slice(JUMPLIST_SAMPLES.length + 1)} stream ${stream.toLowerCase()}`;
          const row = rows.get(key);
          if (!row) {
            diffs.push(`${key}: no row`);
            continue;
          }
          compared++;
          const check = (column: string, expected: string) => {
            if (row[column] !== expected) diffs.push(`${key}: ${column} ${JSON.stringify(row[column])} ≠ lnkinfo ${JSON.stringify(expected)}`);
          };
          check('Target Created', lnkinfoCell(view['Creation time']));
          check('Target Modified', lnkinfoCell(view['Modification time']));
          check('Target Accessed', lnkinfoCell(view['Access time']));
          check('Machine ID', view['Machine identifier'] ?? '');
          if (view['Local path']) check('Target Path', view['Local path']);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(compared).toBeGreaterThan(20);
    expect(diffs).toEqual([]);
  });
});
