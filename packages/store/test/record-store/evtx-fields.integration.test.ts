// An EVTX row's event-data fields cross to the writer thread as a list (StoredRow.fields), and the
// writer writes the details JSON from it. The JSON is what the object of those fields would give:
// one member a name with its last value, integer-like names first, no `__proto__` member. These
// records are hand-made to hold each case: the samples hold none of them.
import { join } from 'node:path';
import Database from 'libsql';
import type { EvtxRecord, JsonObject } from '@quarry/evtx';
import type { InputRef } from '@quarry/insights';
import { LocalFiles } from '@quarry/storage';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordStores } from '../../src/index.js';
import { tempDir } from './support.js';

const INPUT: InputRef = { position: 0, fileId: '00000000-0000-4000-8000-000000000000', name: 'made.evtx', size: 0, sha256: '' };

function record(recordId: number, body: JsonObject): EvtxRecord {
  const time = `2024-01-0${recordId}T00:00:00.000Z`;
  return {
    recordId,
    timestamp: new Date(time),
    timestampText: time,
    offset: 4096 + recordId * 512,
    chunk: 0,
    warnings: [],
    event: {
      Event: {
        System: { Provider: { '#attributes': { Name: 'Made-Provider' } }, EventID: 1, Version: 0, EventRecordID: recordId, Computer: 'host' },
        ...body,
      },
    },
  };
}

describe('EVTX event-data fields in the record store', () => {
  const { dir, cleanup } = tempDir();
  afterAll(cleanup);

  it('writes the details JSON an object of the fields gives, and searches and filters by them', async () => {
    // UserData's payload with a nested element whose path meets a dotted name, an integer-like
    // name, an empty value, and an own `__proto__` key (JSON.parse makes one).
    const nested = JSON.parse('{"c":"3","a.b":"first","a":{"b":"second"},"7":"seven","__proto__":"proto","d":""}') as JsonObject;
    const plain = JSON.parse('{"Name":"x","10":"ten","2":"two","Empty":"","Line":"one\\ntwo"}') as JsonObject;
    const stores = new RecordStores(new LocalFiles(dir));
    const writer = stores.writer('fields-job', 'winevtx', null);
    await writer.write(record(1, { UserData: { Payload: nested } }), INPUT);
    await writer.write(record(2, { EventData: plain }), INPUT);
    await writer.close();

    const db = new Database(join(dir, 'fields-job.winevtx.db'));
    try {
      const details = db.prepare('SELECT details FROM rows ORDER BY id').raw().all() as [string][];
      expect(details.map(([d]) => d)).toEqual([
        '{"7":"seven","c":"3","a.b":"second","d":""}',
        '{"2":"two","10":"ten","Name":"x","Empty":"","Line":"one\\ntwo"}',
      ]);
    } finally {
      db.close();
    }

    const reader = (await stores.open('fields-job', 'winevtx', null))!;
    try {
      const ids = (q: Parameters<typeof reader.search>[0]): string[] => reader.search(q).entries.map(([cells]) => cells[1]!);
      const page = { page: 1, show: 10 };
      expect(ids({ search: 'seven', ...page })).toEqual(['1']);
      expect(ids({ search: 'second', ...page })).toEqual(['1']);
      // The value a later member replaced, and the `__proto__` one, are in no row.
      expect(ids({ search: 'first', ...page })).toEqual([]);
      expect(ids({ search: 'proto', ...page })).toEqual([]);
      expect(ids({ search: 'one\ntwo', ...page })).toEqual(['2']);
      expect(ids({ search: '', filters: [{ field: 'details.a.b', operator: 'equals', value: 'SECOND' }], ...page })).toEqual(['1']);
      expect(ids({ search: '', filters: [{ field: 'details.c', operator: 'equals', value: '3' }], ...page })).toEqual(['1']);
      expect(ids({ search: '', filters: [{ field: 'details.10', operator: 'equals', value: 'ten' }], ...page })).toEqual(['2']);
      expect(ids({ search: '', filters: [{ field: 'details.Empty', operator: 'equals', value: '' }], ...page })).toEqual(['1', '2']);
      expect(reader.search({ search: '', filters: [{ field: 'record_id', operator: 'equals', value: '2' }], ...page }).entries[0]![1]).toEqual({
        2: 'two',
        10: 'ten',
        Name: 'x',
        Empty: '',
        Line: 'one\ntwo',
      });
    } finally {
      reader.close();
    }
  });
});
