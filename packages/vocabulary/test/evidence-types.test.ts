import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_TYPES, PARSE_CATEGORIES, detectFileKind, evidenceTypeOf, evidenceTypes, fileKindLabel, takesKind, typeFromName } from '../src/index.js';

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

  it('tells shell links by HeaderSize 0x4C and the link CLSID, compound files by their magic, custom Jump Lists by version 2 and a category type', () => {
    // MS-SHLLINK 2.1: HeaderSize (4 bytes, 0x4C) then LinkCLSID 00021401-0000-0000-C000-000000000046.
    const clsid = [0x01, 0x14, 0x02, 0, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0x46];
    expect(detectFileKind(head([0, [0x4c, 0, 0, 0, ...clsid]]))).toBe('shell-link');
    expect(detectFileKind(head([0, [0x4c, 0, 0, 0, ...clsid.slice(0, 15), 0x47]]))).toBe('unknown');
    expect(detectFileKind(head([0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]]))).toBe('compound-file');
    // customDestinations-ms: version 2, category count, a field, then the first category's type (0-2).
    expect(detectFileKind(head([0, [2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]]))).toBe('custom-destinations');
    expect(detectFileKind(head([0, [2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0]]))).toBe('unknown');
    expect(detectFileKind(new Uint8Array([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('custom-destinations');
    for (const kind of ['shell-link', 'compound-file', 'custom-destinations'] as const) expect(evidenceTypeOf(kind)).toBe('lnk');
  });

  it("lets a type take another type's archives: zips are the registry's kind, and shortcuts read them too", () => {
    expect(takesKind('registry', 'zip')).toBe(true);
    expect(takesKind('lnk', 'zip')).toBe(true);
    expect(takesKind('prefetch', 'zip')).toBe(false);
    expect(takesKind('lnk', 'evtx')).toBe(false);
    // An archive a type names is a container kind some type owns.
    for (const t of EVIDENCE_TYPES) {
      const r = evidenceTypes[t].recognition;
      for (const a of 'archives' in r ? r.archives : [])
        expect(EVIDENCE_TYPES.some((o) => evidenceTypes[o].recognition.kinds.some((k: { id: string; container?: boolean }) => k.id === a && k.container))).toBe(
          true,
        );
    }
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
    expect(typeFromName('Report.docx.LNK')).toBe('lnk');
    expect(typeFromName('5f7b5f1e01b83767.automaticDestinations-ms')).toBe('lnk');
    expect(typeFromName('notes.txt')).toBeNull();
  });
});

describe('the package the dashboard loads in the browser', () => {
  it('imports nothing but its own files (no node: modules, no packages)', () => {
    const src = fileURLToPath(new URL('../src', import.meta.url));
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const specifiers = [...readFileSync(join(src, f), 'utf8').matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1]!);
      expect([f, specifiers.filter((s) => !s.startsWith('./') && !s.startsWith('../'))]).toEqual([f, []]);
    }
  });
});
