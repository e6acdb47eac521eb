import { describe, expect, test } from 'vitest';
import { runPipeline, type Insight } from '../../src/index.js';
import { HAVE_SAMPLES, NO_SAMPLES } from '../support/inputs.js';
import { insight, rowsOf, runEvtx } from './run-evtx.js';
import { DUMP_GATE, dumpEvents } from './evtx-dump.js';

const PRIMARY = ['Overview', 'Process Inference Graph', 'Key Event Timeline', 'Process Analysis', 'Network Analysis', 'Authentication', 'Persistence'];
const title = (i: Insight) => ('Error' in i ? 'Error' : Object.values(i)[0].title);

describe('EVTX result types', () => {
  test('each result type has its primary insight, in spec order, also when nothing applies', async () => {
    const all = await runPipeline({ category: 'winevtx', inputs: [], options: { runSigmaRules: false }, threads: 1 });
    const titles = all.map(title);
    expect(titles.filter((t) => PRIMARY.includes(t))).toEqual(PRIMARY);
    // Every secondary is titled "<Result Type>: <Subtitle>".
    for (const t of titles) expect(PRIMARY.some((p) => t === p || t.startsWith(`${p}: `))).toBe(true);
    for (const i of all) {
      if ('Table' in i) expect(i.Table.data).toHaveLength(1);
      if ('IndexTable' in i) expect(i.IndexTable.data).toEqual([]);
      if ('Timeline' in i) expect(i.Timeline.data).toEqual([]);
    }
  });

  test.skipIf(!HAVE_SAMPLES)(`parser warnings of a damaged log reach the Overview ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, async () => {
    const all = await runEvtx(['evtx/omerbenamram-evtx/sample_with_a_bad_chunk_magic.evtx']);
    const warnings = insight(all, 'Metadata', 'Overview').data['warnings']!;
    expect(warnings).toMatch(/^[1-9]\d*: sample_with_a_bad_chunk_magic\.evtx: /);
  });

  test.skipIf(!HAVE_SAMPLES)('provenance: every table row and index entry names its record ids', async () => {
    const all = await runEvtx([
      'evtx/DeepBlueCLI/metasploit-sysmon.evtx',
      'evtx/DeepBlueCLI/smb-password-guessing-security.evtx',
      'evtx/EVTX-ATTACK-SAMPLES/System_7045_namedpipe_privesc.evtx',
    ]);
    for (const i of all) {
      // Job-wide aggregates (per computer, per event id) have no single record behind a row.
      if ('Table' in i && !['Overview: Computers', 'Overview: Event IDs'].includes(i.Table.title)) {
        const header = i.Table.data[0]!;
        const col = header.findIndex((h) => /^(Record IDs?|First Record ID)$/.test(h));
        expect(col, i.Table.title).toBeGreaterThanOrEqual(0);
        for (const row of i.Table.data.slice(1)) expect(row[col], i.Table.title).toMatch(/^\d+/);
      }
      if ('IndexTable' in i) for (const [, d] of i.IndexTable.data) expect(d['RecordID']).toMatch(/^\d+$/);
      if ('Timeline' in i) for (const e of i.Timeline.data) expect(e.record_id).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(!HAVE_SAMPLES || DUMP_GATE.skip)('Overview: Event IDs', () => {
  test('counts per event id as evtx_dump reads them, each with a link to its lookup row', async () => {
    const rel = 'evtx/DeepBlueCLI/smb-password-guessing-security.evtx';
    const all = await runEvtx([rel]);
    const rows = rowsOf(insight(all, 'Table', 'Overview: Event IDs'));
    const expected = new Map<string, number>();
    for (const e of dumpEvents(rel)) expected.set(String(e.id), (expected.get(String(e.id)) ?? 0) + 1);
    expect(new Map(rows.map((r) => [r['Event ID']!, Number(r['Events'])]))).toEqual(expected);
    for (const r of rows) {
      expect(r['Lookup']).toBe(`/lookup?module=event_id&search=${r['Event ID']}&provider=${encodeURIComponent(r['Provider']!)}`);
    }
  });
});
