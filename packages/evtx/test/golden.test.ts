import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonValue } from '../src/index.js';
import { HAVE_SHARED, NO_SHARED_REASON, SHARED, collect, findEvtx } from './helpers.js';

/**
 * The sigma-regression JSON was written by an older evtx_dump. Two renderings changed since:
 * GUIDs were `XXXXXXXX-...` upper case without braces (now `{xxxxxxxx-...}`), and times had 6
 * fractional digits (now 7, the FILETIME's 100 ns). Both sides are put in one form: braces
 * dropped and upper case for GUIDs (strings that look like one too), times cut to 6 digits.
 * The old version also trimmed white space around text, so both sides are trimmed.
 */
function normalise(v: JsonValue): JsonValue {
  if (typeof v === 'string') {
    v = v.trim();
    const guid = /^\{([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\}$/.exec(v);
    if (guid) return guid[1]!.toUpperCase();
    const time = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6})\d*Z$/.exec(v);
    if (time) return `${time[1]}Z`;
    return v;
  }
  if (Array.isArray(v)) return v.map(normalise);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normalise(x)]));
  return v;
}

type Event = { Event?: { System?: { EventRecordID?: JsonValue } } };

function eventRecordId(e: JsonValue): JsonValue | undefined {
  return (e as Event).Event?.System?.EventRecordID;
}

/** Some golden files hold several pretty-printed events one after another. */
function parseConcatenated(text: string): JsonValue[] {
  return text
    .trim()
    .split(/\n(?=\{)/)
    .map((part) => JSON.parse(part) as JsonValue);
}

/**
 * Golden files edited by hand after export: the record in the .evtx says otherwise. Each entry
 * names the EventData field that differs and both values, and the test checks exactly that.
 */
const EDITED: Record<string, { field: string; golden: string; evtx: string }> = {
  'rules/windows/process_creation/proc_creation_win_susp_right_to_left_override/ad691d92-15f2-4181-9aa4-723c74f9ddc3.evtx': {
    field: 'ParentCommandLine',
    golden: 'C:\\Windows\\Explorer.exe',
    evtx: 'C:\\Windows\\Explorer.EXE',
  },
};

type Data = { Event: { EventData: Record<string, JsonValue> } };

const root = join(SHARED, 'rules', 'sigma-regression');
const cases = findEvtx(root)
  .map((evtx) => [evtx.slice(root.length + 1), evtx, evtx.replace(/\.evtx$/, '.json')] as const)
  .filter(([, , json]) => existsSync(json));

describe.skipIf(!HAVE_SHARED)(`sigma-regression golden events${HAVE_SHARED ? '' : ` (${NO_SHARED_REASON})`}`, () => {
  test('every regression sample has its golden event', () => {
    expect(cases.length).toBeGreaterThanOrEqual(140);
  });

  test.each(cases)('%s', async (name, evtx, json) => {
    const { records } = await collect(evtx);
    const byId = new Map(records.map((r) => [eventRecordId(r.event), r.event]));
    const goldens = parseConcatenated(readFileSync(json, 'utf8'));
    expect(goldens.length).toBeGreaterThan(0);
    for (const golden of goldens) {
      const ours = byId.get(eventRecordId(golden));
      expect(ours, 'record with the golden EventRecordID').toBeDefined();
      const edit = EDITED[name];
      const a = normalise(ours!) as Data;
      const b = normalise(golden) as Data;
      if (edit) {
        expect([a.Event.EventData[edit.field], b.Event.EventData[edit.field]]).toEqual([edit.evtx, edit.golden]);
        b.Event.EventData[edit.field] = edit.evtx;
      }
      expect(a).toEqual(b);
    }
  });
});
