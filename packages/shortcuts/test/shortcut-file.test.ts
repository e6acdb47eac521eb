import { readFileSync } from 'node:fs';
import { hasShared, sharedPath } from '@quarry/testkit';
import { describe, expect, test } from 'vitest';
import { detectShortcutKind, parseShortcutFile, shortcutRecords, ShortcutError } from '../src/index.js';
import { HAVE_JUMPLISTS, JUMPLISTS_SKIP, jumpListSamples, readSample } from './helpers/jumplist-samples.js';

const samples = jumpListSamples();

describe.skipIf(!HAVE_JUMPLISTS)(HAVE_JUMPLISTS ? 'detection by content and dispatch' : JUMPLISTS_SKIP, () => {
  test.each(samples.map((s) => [s.name, s] as const))('%s is recognised by content and parses', (_name, s) => {
    const bytes = readSample(s.name);
    const expected = s.name.endsWith('.automaticDestinations-ms') ? 'automaticDestinations' : 'customDestinations';
    expect(detectShortcutKind(bytes)).toBe(expected);
    // The name only supplies the AppID: a renamed file is still recognised.
    const file = parseShortcutFile(bytes, { fileName: 'renamed.bin' });
    expect(file.kind).toBe(expected);
    expect(shortcutRecords(parseShortcutFile(bytes, { fileName: s.fileName })).every((r) => r.appId === s.fileName.slice(0, 16))).toBe(true);
  });

  test('a link stream of a Jump List is a link', () => {
    const file = parseShortcutFile(readSample('Win10/RathbunVM/5f7b5f1e01b83767.automaticDestinations-ms'));
    if (file.kind !== 'automaticDestinations') throw new Error(file.kind);
    expect(file.entries[0]?.link?.target.path).toBe(file.destList?.entries[0]?.path);
  });

  test('the whole corpus yields one record per entry and per custom link', () => {
    const records = samples.flatMap((s) => shortcutRecords(parseShortcutFile(readSample(s.name), { fileName: s.fileName })));
    // 38 automatic entries (1 + 11 + 8 + 7 + 2 + 9 streams; two files hold an empty DestList and no stream) and 10 custom links.
    expect(records.filter((r) => r.container === 'automaticDestinations')).toHaveLength(38);
    expect(records.filter((r) => r.container === 'customDestinations')).toHaveLength(10);
    expect(records.every((r) => r.error === null && r.link !== null)).toBe(true);
  });
});

describe.skipIf(!hasShared('samples', 'lnk', 'WinVista'))('a shell link', () => {
  test('a .lnk is a link, also under another name', () => {
    const bytes = new Uint8Array(readFileSync(sharedPath('samples', 'lnk', 'WinVista', 'Home Page 7.lnk')));
    expect(detectShortcutKind(bytes)).toBe('link');
    expect(parseShortcutFile(bytes, { fileName: 'payload.pdf' })).toMatchObject({ kind: 'link', link: { header: expect.any(Object) } });
  });
});

describe('what is not a shortcut', () => {
  test('a compound file without DestList or link streams (a Word document) is not a Jump List', async () => {
    const { utils, write } = await import('cfb');
    const doc = utils.cfb_new();
    utils.cfb_add(doc, 'WordDocument', Buffer.from('not a link'));
    utils.cfb_add(doc, '\u0001CompObj', Buffer.from('x'));
    const bytes = new Uint8Array(write(doc, { type: 'buffer' }) as Buffer);
    expect(detectShortcutKind(bytes)).toBeNull();
    expect(() => parseShortcutFile(bytes)).toThrow(ShortcutError);
  });

  test.each([
    ['empty', new Uint8Array(0)],
    ['text', new TextEncoder().encode('hello, world; nothing to see here')],
    ['a CFB signature alone', Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    ['a custom header without categories or footer', Uint8Array.of(2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0)],
  ])('%s: null, and parseShortcutFile throws ShortcutError', (_label, bytes) => {
    expect(detectShortcutKind(bytes)).toBeNull();
    expect(() => parseShortcutFile(bytes)).toThrow(ShortcutError);
  });
});
