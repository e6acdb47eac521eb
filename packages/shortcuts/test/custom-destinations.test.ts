import { readFileSync } from 'node:fs';
import { toolGate } from '@quarry/testkit';
import { describe, expect, test } from 'vitest';
import { parseCustomDestinations, type ShellLink } from '../src/index.js';
import { HAVE_JUMPLISTS, JUMPLISTS_SKIP, jumpListSamples, readSample } from './helpers/jumplist-samples.js';
import { lnkinfo } from './helpers/reference-tools.js';

const custom = jumpListSamples().filter((s) => s.name.endsWith('.customDestinations-ms'));
const lnk = toolGate('lnkinfo');
const hex = (b: Uint8Array, from: number, size: number) => Buffer.from(b.subarray(from, from + size)).toString('hex');
const FOOTER = 'abfbbfba';
const CLSID = '0114020000000000c000000000000046';

/** Edge's tasks (ccba5a5986c77e43), 3888 bytes: one tasks category of two links. */
const EDGE = 'Win10/RathbunVM/ccba5a5986c77e43.customDestinations-ms';
/** PowerShell's tasks (590aee7bdd69b59b), 5449 bytes: one tasks category of three links of 1571, 1905 and 1901 bytes. */
const POWERSHELL = 'Win10/RathbunVM/590aee7bdd69b59b.customDestinations-ms';

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((o, p) => (out.set(p, o), o + p.length), 0);
  return out;
}

describe.skipIf(!HAVE_JUMPLISTS)(HAVE_JUMPLISTS ? 'customDestinations-ms samples' : JUMPLISTS_SKIP, () => {
  test('the corpus holds 9 customDestinations files; all parse without warnings but one known id -1', () => {
    expect(custom).toHaveLength(9);
    for (const s of custom) {
      const file = parseCustomDestinations(readSample(s.name), { fileName: s.fileName });
      expect(file, s.name).toMatchObject({ kind: 'customDestinations', footerFound: true, appendedBytes: 0, warnings: [] });
      expect(file.appId).toBe(s.fileName.slice(0, 16));
    }
  });

  test('Edge tasks decoded by hand: header, category, CLSID-prefixed links, footer', () => {
    const bytes = readSample(EDGE);
    // 0 version 2; 4 one category; 8 reserved; 12 category type 2 (tasks); 16 two links; 20 CLSID_ShellLink; 36 link header size 0x4c
    expect(hex(bytes, 0, 24)).toBe('02000000' + '01000000' + '00000000' + '02000000' + '02000000' + '01140200');
    expect(hex(bytes, 20, 16)).toBe(CLSID);
    expect(hex(bytes, 36, 4)).toBe('4c000000');
    // The second link's CLSID follows the first link's 1894 bytes; the footer is the file's last 4 bytes.
    expect(hex(bytes, 36 + 1894, 16)).toBe(CLSID);
    expect(hex(bytes, bytes.length - 4, 4)).toBe(FOOTER);
    expect(bytes.length).toBe(20 + 16 + 1894 + 16 + 1938 + 4);

    const file = parseCustomDestinations(bytes);
    expect(file.categories).toHaveLength(1);
    const [tasks] = file.categories;
    expect(tasks).toMatchObject({ type: 'tasks', name: null, knownCategory: null, offset: 12 });
    expect(tasks!.links.map((l) => l.linkSize)).toEqual([1894, 1938]);
  });

  test('the known-category files: 12-byte header, type 1, id, footer (24 bytes)', () => {
    const recent = readSample('Win10/RathbunVM/7e4dca80246863e3.customDestinations-ms');
    expect(hex(recent, 0, 24)).toBe('02000000' + '01000000' + '00000000' + '01000000' + '02000000' + FOOTER);
    expect(parseCustomDestinations(recent).categories).toEqual([{ type: 'known', name: null, knownCategory: 2, offset: 12, links: [] }]);
    const frequent = readSample('Win10/RathbunVM/f01b4d95cf55d32a.customDestinations-ms');
    expect(parseCustomDestinations(frequent).categories[0]?.knownCategory).toBe(1);
    // id 0xffffffff, written by Windows 10 for this AppID: no category, and not reported as damage.
    const none = readSample('Win10/APTSimulatorVM/f18460fded109990.customDestinations-ms');
    expect(hex(none, 16, 4)).toBe('ffffffff');
    expect(parseCustomDestinations(none)).toMatchObject({ categories: [{ type: 'known', knownCategory: null }], warnings: [] });
  });

  test('a link cut short keeps the links before it, warns, and never throws', () => {
    const bytes = readSample(POWERSHELL);
    const secondLink = 20 + 16 + 1571 + 16;
    const file = parseCustomDestinations(bytes.subarray(0, secondLink + 600));
    // The cut link keeps what its 600 bytes hold, with the link parser's warnings; the third is missing.
    const [first, cutLink] = file.categories[0]!.links;
    expect(first?.linkSize).toBe(1571);
    expect(cutLink?.linkSize).toBe(600);
    expect(cutLink?.warnings.length).toBeGreaterThan(0);
    expect(file.categories[0]?.links).toHaveLength(2);
    expect(file.footerFound).toBe(false);
    expect(file.warnings.map((w) => w.message)).toEqual(['file ends before this link', 'category footer missing (file cut short)']);
    // Every cut, byte by byte through the header and the first link, parses or warns: nothing escapes.
    for (let cut = 0; cut < secondLink; cut += 7) {
      try {
        parseCustomDestinations(bytes.subarray(0, cut));
      } catch (error) {
        expect(cut, `cut at ${cut}`).toBeLessThan(12);
        expect(error).toMatchObject({ name: 'ShortcutError', format: 'CUSTOM', structure: 'customDestinations header' });
      }
    }
  });

  test('a damaged link resumes at the category footer; bytes after the footer are appended data', () => {
    const bytes = Uint8Array.from(readSample(POWERSHELL));
    const second = 20 + 16 + 1571;
    bytes.fill(0x41, second + 16, second + 16 + 4); // the second link's header size: no longer 0x4c
    const file = parseCustomDestinations(concat(bytes, new TextEncoder().encode('MZ appended payload')));
    expect(file.categories[0]?.links).toHaveLength(1);
    expect(file.warnings[0]).toMatchObject({ structure: 'category 0 link 1', offset: second + 16 });
    expect(file).toMatchObject({ footerFound: true, appendedBytes: 19 });
  });

  test('a custom (named) category, built from the format around a sample link', () => {
    const edge = readSample(EDGE);
    const link = edge.subarray(20, 20 + 16 + 1894); // CLSID + first link
    const name = 'Pinned sites';
    const header = Uint8Array.of(2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0);
    const category = new Uint8Array(4 + 2 + name.length * 2 + 4);
    const v = new DataView(category.buffer);
    v.setUint32(0, 0, true); // type 0: custom
    v.setUint16(4, name.length, true);
    for (let i = 0; i < name.length; i++) v.setUint16(6 + i * 2, name.charCodeAt(i), true);
    v.setUint32(6 + name.length * 2, 1, true); // one link
    const file = parseCustomDestinations(concat(header, category, link, Uint8Array.of(0xab, 0xfb, 0xbf, 0xba)));
    expect(file.warnings).toEqual([]);
    expect(file.categories).toEqual([
      { type: 'custom', name: 'Pinned sites', knownCategory: null, offset: 12, links: [expect.objectContaining({ linkSize: 1894 })] },
    ]);
  });
});

describe.skipIf(!HAVE_JUMPLISTS || lnk.skip)(!HAVE_JUMPLISTS ? JUMPLISTS_SKIP : lnk.skip ? lnk.reason : 'custom links compared with lnkinfo -v', () => {
  const links = custom.flatMap((s) => {
    const bytes = new Uint8Array(readFileSync(s.path));
    let offset = 20; // header (12) + tasks category type and count (8): the only categories with links in the corpus
    return parseCustomDestinations(bytes).categories.flatMap((c) =>
      c.links.map((link: ShellLink, i) => {
        const at = offset + 16;
        offset = at + link.linkSize;
        return { label: `${s.name} link ${i}`, link, data: bytes.subarray(at) };
      }),
    );
  });

  test('the corpus holds 10 links in custom categories', () => {
    expect(links).toHaveLength(10);
  });

  test.each(links.map((x) => [x.label, x] as const))('%s: local path, arguments and machine id equal lnkinfo', (_label, x) => {
    // lnkinfo reads from the link's first byte to the end of the file; the link's own structure says where it stops.
    const ref = lnkinfo(x.data);
    expect(x.link.linkInfo?.localBasePath != null ? x.link.target.path : null).toBe(ref.localPath);
    expect(x.link.strings.arguments).toBe(ref.arguments);
    expect(x.link.tracker?.machineId ?? null).toBe(ref.machineId);
  });
});
