import { describe, expect, it } from 'vitest';
import { EVIDENCE_TYPES, PARSE_CATEGORIES, detectFileKind, evidenceTypeOf, evidenceTypes, fileKindLabel, typeFromName } from '../src/index.js';

/** A 512-byte head with `parts` written at their offsets. */
function head(...parts: [at: number, bytes: string | number[]][]): Uint8Array {
  const buf = new Uint8Array(512);
  for (const [at, bytes] of parts) buf.set(typeof bytes === 'string' ? [...bytes].map((c) => c.charCodeAt(0)) : bytes, at);
  return buf;
}

describe('evidence-type descriptors', () => {
  it('are keyed by their own ids, which are the parse categories', () => {
    for (const [key, d] of Object.entries(evidenceTypes)) expect(d.id).toBe(key);
    expect([...PARSE_CATEGORIES]).toEqual([...EVIDENCE_TYPES]);
  });

  it('give every file kind one owner', () => {
    const ids = EVIDENCE_TYPES.flatMap((t) => evidenceTypes[t].recognition.kinds.map((k) => k.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain('unknown');
  });

  it('list the spec result types and search columns', () => {
    expect(evidenceTypes.winevtx.search.columns).toHaveLength(7);
    for (const t of EVIDENCE_TYPES) expect(evidenceTypes[t].resultTypes.length).toBeGreaterThanOrEqual(6);
  });
});

describe('recognition from the first bytes', () => {
  it('tells EVTX by "ElfFile\\0" at 0 only', () => {
    expect(detectFileKind(head([0, 'ElfFile\0']))).toBe('evtx');
    expect(detectFileKind(head([0, 'ElfFilX\0']))).toBe('unknown');
  });

  it('tells a primary hive from a transaction log by the base block file type at offset 28', () => {
    expect(detectFileKind(head([0, 'regf'], [28, [0, 0, 0, 0]]))).toBe('registry-hive');
    expect(detectFileKind(head([0, 'regf'], [28, [1, 0, 0, 0]]))).toBe('registry-log');
    expect(detectFileKind(head([0, 'regf'], [28, [6, 0, 0, 0]]))).toBe('registry-log');
    // Too short to hold the field: still a hive, as before.
    expect(detectFileKind(head([0, 'regf']).subarray(0, 16))).toBe('registry-hive');
    expect(detectFileKind(head([0, 'DIRT']))).toBe('registry-log');
    expect(detectFileKind(head([0, 'HvLE']))).toBe('registry-log');
  });

  it('tells zips by a local-file or end-of-directory signature', () => {
    expect(detectFileKind(head([0, 'PK\x03\x04']))).toBe('zip');
    expect(detectFileKind(head([0, 'PK\x05\x06']))).toBe('zip');
    expect(detectFileKind(head([0, 'PK\x07\x08']))).toBe('unknown');
    expect(evidenceTypeOf('zip')).toBe('registry');
  });

  it('tells prefetch by SCCA at 4, and MAM with compression type 4 or 0x84 at 3', () => {
    expect(detectFileKind(head([0, [0x1e, 0, 0, 0]], [4, 'SCCA']))).toBe('prefetch');
    expect(detectFileKind(head([0, 'MAM'], [3, [0x04]]))).toBe('prefetch-compressed');
    expect(detectFileKind(head([0, 'MAM'], [3, [0x84]]))).toBe('prefetch-compressed');
    expect(detectFileKind(head([0, 'MAM'], [3, [0x03]]))).toBe('unknown');
    expect(detectFileKind(new Uint8Array(0))).toBe('unknown');
  });

  it('labels kinds as the File metadata insights show them', () => {
    expect(fileKindLabel('evtx')).toBe('Windows event log (EVTX)');
    expect(fileKindLabel('prefetch-compressed')).toBe('Prefetch (MAM compressed)');
    expect(fileKindLabel('unknown')).toBe('Unknown');
  });
});

describe('a guess from the file name', () => {
  it('reads extensions and Windows hive names, case-insensitively', () => {
    expect(typeFromName('Security.EVTX')).toBe('winevtx');
    expect(typeFromName('CMD.EXE-0BD30981.pf')).toBe('prefetch');
    expect(typeFromName('NTUSER.DAT')).toBe('registry');
    expect(typeFromName('SYSTEM')).toBe('registry');
    expect(typeFromName('hives.zip')).toBe('registry');
    expect(typeFromName('notes.txt')).toBeNull();
  });
});
