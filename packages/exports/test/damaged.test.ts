import { describe, expect, it } from 'vitest';
import { ECS_VERSION, ecsDocument, hayabusaRow, type EvtxEvent } from '../src/index.js';

/** Events as a damaged or unusual record renders: parts missing, of another type, or in the attribute form. */
const odd: EvtxEvent[] = [
  {},
  { Event: null },
  { Event: 'text' },
  { Event: { System: null, EventData: null } },
  { Event: { System: { EventID: { '#text': 4624, '#attributes': { Qualifiers: 0 } }, EventRecordID: 'x', TimeCreated: {} } } },
  { Event: { System: { EventID: '12' }, EventData: { Data: { '#text': ['a', 'b'] }, '#attributes': { Name: 'n' } }, UserData: { Only: 'text' } } },
  { Event: { System: { Execution: { '#attributes': { ProcessID: 4 } } }, EventData: { NewProcessName: '-', NewProcessId: 'zz', User: 'nobody' } } },
];

describe('damaged events', () => {
  it('give ECS documents without the parts they lack, never a crash', () => {
    const docs = odd.map((event) => ecsDocument({ event }, '2026-01-01T00:00:00.000Z'));
    expect(docs[0]).toEqual({ ecs: { version: ECS_VERSION }, event: { kind: 'event', created: '2026-01-01T00:00:00.000Z' }, winlog: {} });
    expect(docs[1]).toEqual(docs[0]);
    expect(docs[2]).toEqual(docs[0]);
    expect(docs[3]).toEqual(docs[0]);
    // EventID in its attribute form reads as its text; a record id that is no number is left out.
    expect(docs[4]!.event).toEqual({ kind: 'event', created: '2026-01-01T00:00:00.000Z', code: '4624' });
    expect(docs[4]!.winlog).toEqual({ event_id: '4624' });
    expect(docs[5]!.winlog).toEqual({ event_id: '12', event_data: { Data: '["a","b"]' }, user_data: { xml_name: 'Only', value: 'text' } });
    // "-" is no executable and "zz" no pid; a user without a domain is a name only.
    expect(docs[6]!.process).toBeUndefined();
    expect(docs[6]!.user).toEqual({ name: 'nobody' });
    expect(docs[6]!.winlog).toEqual({ process: { pid: 4 }, event_data: { NewProcessName: '-', NewProcessId: 'zz', User: 'nobody' } });
  });

  it('give Hayabusa rows with empty cells for what they lack', () => {
    const rule = { id: 'r', title: 't', level: 'unknown-level' };
    for (const event of odd) {
      const { row } = hayabusaRow({ event, rule });
      expect(row.RuleID).toBe('r');
      expect(row.Level).toBe('unknown-level');
    }
    expect(hayabusaRow({ event: odd[0]!, rule }).row).toEqual({
      Timestamp: '',
      RuleTitle: 't',
      Level: 'unknown-level',
      Computer: '',
      Channel: '',
      EventID: '',
      RecordID: '',
      Details: '',
      ExtraFieldInfo: '',
      RuleID: 'r',
    });
  });
});
