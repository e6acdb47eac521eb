import { describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { eventToJson, toXml } from '../src/index.js';
import { HAVE_SHARED, NO_SHARED_REASON, SHARED, collect, findEvtx, requireTool, run } from './helpers.js';

const evtxDump = HAVE_SHARED ? requireTool('evtx_dump') : undefined;
const files = [...findEvtx(join(SHARED, 'samples', 'evtx')), ...findEvtx(join(SHARED, 'rules', 'sigma-regression'))];

// Every sample against evtx_dump (cargo install evtx): same records, in the same order, and
// byte-identical JSON lines and XML.
describe.skipIf(!HAVE_SHARED || !evtxDump)(
  `evtx_dump equivalence (${!HAVE_SHARED ? NO_SHARED_REASON : evtxDump ? 'evtx_dump' : 'evtx_dump not installed: cargo install evtx --locked'})`,
  () => {
    test('the corpus is there', () => {
      expect(files.length).toBeGreaterThanOrEqual(200);
    });

    const totals = { files: 0, records: 0, jsonMismatches: 0, xmlMismatches: 0 };

    test.each(files.map((f) => [f.slice(SHARED.length), f]))('%s', async (_name, file) => {
      const ref = run(evtxDump!, ['-o', 'jsonl', '-t', '1', file])
        .stdout.split('\n')
        .filter((l) => l !== '');
      const refXml = run(evtxDump!, ['-o', 'xml', '-t', '1', file])
        .stdout.split('\n')
        .filter((l) => l !== '' && !/^Record \d+$/.test(l))
        .join('\n');
      const { records } = await collect(file, { xml: true, jsonText: true });
      const ours = records.map((r) => eventToJson(r.event));
      // Both JSON paths: the event object serialised, and the direct text renderer the CLI uses.
      const jsonMismatches = ours.filter((l, i) => l !== ref[i] || records[i]!.jsonText !== l).length;
      const ourXml = records
        .map((r) => toXml(r))
        .join('')
        .split('\n')
        .filter((l) => l !== '')
        .join('\n');
      totals.files++;
      totals.records += records.length;
      totals.jsonMismatches += jsonMismatches;
      if (ourXml !== refXml) totals.xmlMismatches++;
      expect(records.length).toBe(ref.length);
      expect(jsonMismatches).toBe(0);
      expect(ourXml === refXml).toBe(true);
    });

    test('totals', () => {
      console.log(`evtx_dump comparison: ${JSON.stringify(totals)}`);
      expect(totals.files).toBe(files.length);
      expect(totals.jsonMismatches + totals.xmlMismatches).toBe(0);
    });
  },
);
