import { closeSync, openSync, readSync } from 'node:fs';
import { hasShared, sharedPath } from '@quarry/testkit';
import { describe, expect, test } from 'vitest';
import {
  COLLECTION_KINDS,
  KIND_HEAD_BYTES,
  KIND_LABEL,
  KIND_OPTIONS,
  SEARCH_FIELDS,
  isComposite,
  kindFromBytes,
  kindFromName,
  nestedTitle,
  splitNestedTitle,
} from '../ui/lib/evidence-kind.js';

/** The first bytes of a sample, as the upload panel reads them from the browser's File. */
function head(rel: string): Uint8Array {
  const fd = openSync(sharedPath(`samples/${rel}`), 'r');
  try {
    const buf = Buffer.alloc(KIND_HEAD_BYTES);
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0));
  } finally {
    closeSync(fd);
  }
}

describe('the dashboard tells evidence types as the descriptors do', () => {
  test.skipIf(!hasShared('samples'))('from the bytes of real samples, whatever their names (skipped: ../shared/samples absent)', () => {
    expect(kindFromBytes(head('prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf'), 'x.bin')).toBe('prefetch');
    expect(kindFromBytes(head('registry/regipy/SYSTEM_B'), 'x.bin')).toBe('registry');
    expect(kindFromBytes(head('registry/regipy/SYSTEM_B.LOG1'), 'x.bin')).toBe('registry');
    expect(kindFromBytes(head('lnk/Misc/local.file.env.test'), 'x.bin')).toBe('lnk');
    expect(kindFromBytes(head('jumplists/Win10/RathbunVM/5f7b5f1e01b83767.automaticDestinations-ms'), 'x.bin')).toBe('lnk');
    expect(kindFromBytes(head('jumplists/Win10/RathbunVM/590aee7bdd69b59b.customDestinations-ms'), 'x.bin')).toBe('lnk');
  });

  test('from the name when the bytes say nothing', () => {
    const nothing = new Uint8Array(KIND_HEAD_BYTES);
    expect(kindFromBytes(nothing, 'Security.evtx')).toBe('winevtx');
    expect(kindFromBytes(nothing, 'notes.txt')).toBeNull();
    expect(kindFromName('NTUSER.DAT')).toBe('registry');
  });

  test('labels, search types and filter fields as the spec lists them', () => {
    expect(KIND_LABEL).toEqual({ winevtx: 'EVTX', registry: 'Registry', prefetch: 'Prefetch', lnk: 'Shell links & Jump Lists', triage: 'Host triage' });
    expect(KIND_OPTIONS.map((o) => o.value)).toEqual(['winevtx', 'registry', 'prefetch', 'lnk', 'triage']);
    // Spec "Filterable fields" (analysis-service-api.md), in its order.
    expect(SEARCH_FIELDS).toEqual({
      winevtx: ['event_id', 'record_id', 'timestamp', 'provider', 'computer', 'sigma_matches', 'details.'],
      prefetch: ['prefetch_file', 'file_name', 'file_path', 'version', 'details.Count', 'details.RunTimes', 'details.Modules', 'details.Volumes'],
      registry: ['file_name', 'root_key', 'key', 'details.ValueType', 'details.ValueName', 'details.Value', 'details.LastWriteTime'],
      // Not in the spec: the shortcuts extension (docs/api-decisions.md).
      lnk: expect.arrayContaining(['target_path', 'arguments', 'machine_id', 'volume_serial', 'drive_type', 'app_id', 'application']),
      // The triage extension: the Host Timeline's facts (docs/api-decisions.md).
      triage: expect.arrayContaining(['source', 'time_kind', 'user', 'path', 'importance', 'sigma_rule']),
    });
  });

  test("the collection type, and its member types' retitled insights", () => {
    expect(COLLECTION_KINDS).toEqual(['triage']);
    expect(isComposite('triage')).toBe(true);
    expect(isComposite('winevtx')).toBe(false);
    expect(splitNestedTitle('Registry · Application Data: ShimCache')).toEqual({ type: 'registry', own: 'Application Data: ShimCache' });
    expect(splitNestedTitle('Shell links & Jump Lists · Opened Files & Folders')).toEqual({ type: 'lnk', own: 'Opened Files & Folders' });
    expect(splitNestedTitle('Application Data: ShimCache')).toBeNull();
    expect(nestedTitle('prefetch', 'Execution Timeline')).toBe('Prefetch · Execution Timeline');
  });
});
