import { utils, write } from 'cfb';
import { describe, expect, test } from 'vitest';
import { parseAutomaticDestinations, ShortcutError } from '../src/index.js';
import { readCompoundStreams } from '../src/jumplists/compound-file.js';
import { buildDestList, type BuiltEntry } from './helpers/destlist-builder.js';
import { HAVE_JUMPLISTS, JUMPLISTS_SKIP, readSample } from './helpers/jumplist-samples.js';

const entry: BuiltEntry = {
  droidVolume: '11111111-2222-4333-8444-555555555555',
  droidFile: '4b6c1a2e-9d3f-4e51-a7b2-c3d4e5f60718',
  birthVolume: '11111111-2222-4333-8444-555555555555',
  birthFile: '4b6c1a2e-9d3f-4e51-a7b2-c3d4e5f60718',
  hostname: 'host',
  entryNumber: 1,
  lastAccess: 0x01d81b96a11ac354n,
  pin: -1,
  accessCount: 1,
  path: 'C:\\a.txt',
};

/** cfb's writer always adds this 4-byte stream of its own; a parser rightly warns about it. */
const CFB_SEED = 'stream \u0001Sh33tJ5';
const ours = <T extends { structure: string }>(warnings: T[]): T[] => warnings.filter((w) => w.structure !== CFB_SEED);

/** A compound file written by the cfb library with the given streams under the root. */
function compound(streams: Record<string, Uint8Array>): Uint8Array {
  const file = utils.cfb_new();
  for (const [name, data] of Object.entries(streams)) utils.cfb_add(file, name, Buffer.from(data));
  return new Uint8Array(write(file, { type: 'buffer' }) as Buffer);
}

describe.skipIf(!HAVE_JUMPLISTS)(HAVE_JUMPLISTS ? 'joining DestList entries and link streams' : JUMPLISTS_SKIP, () => {
  const link = readCompoundStreams(readSample('Win10/RathbunVM/5f7b5f1e01b83767.automaticDestinations-ms')).find((s) => s.path === '9')!.data;

  test('an entry without a stream, a stream without an entry and an unreadable link are all kept, with warnings', () => {
    const destList = buildDestList(4, [
      { ...entry, entryNumber: 0x1b }, // stream "1b" holds a link
      { ...entry, entryNumber: 2 }, // no stream "2"
      { ...entry, entryNumber: 3 }, // stream "3" is not a link
    ]);
    const file = parseAutomaticDestinations(compound({ DestList: destList, '1b': link, '3': Uint8Array.of(1, 2, 3), '7': link }), {
      fileName: 'C:\\Users\\x\\AutomaticDestinations\\5f7b5f1e01b83767.automaticDestinations-ms',
    });
    expect(file.appId).toBe('5f7b5f1e01b83767');
    expect(file.entries.map((e) => [e.streamName, e.destList?.entryNumber ?? null, e.link !== null, e.error !== null])).toEqual([
      ['1b', 0x1b, true, false],
      ['2', 2, false, true],
      ['3', 3, false, true],
      ['7', null, true, false],
    ]);
    expect(file.entries[2]?.error).toMatch(/^LNK link header at offset 0/);
    expect(ours(file.warnings).map((w) => [w.structure, w.message])).toEqual([
      ['DestList entry 2', 'no stream 2 holds its link'],
      ['stream 7', 'link stream has no DestList entry'],
    ]);
  });

  test('a DestList cut inside its header: the links are still listed, the list is null, and a warning says why', () => {
    const file = parseAutomaticDestinations(compound({ DestList: buildDestList(4, [entry]).subarray(0, 16), '1': link }));
    expect(file.destList).toBeNull();
    expect(file.entries.map((e) => e.streamName)).toEqual(['1']);
    expect(file.warnings[0]).toMatchObject({ structure: 'DestList header', offset: 0 });
  });

  test('a stream that is neither the DestList nor hex-named is reported and skipped', () => {
    const file = parseAutomaticDestinations(compound({ DestList: buildDestList(4, [entry]), '1': link, Thumbs: Uint8Array.of(0) }));
    expect(file.entries).toHaveLength(1);
    expect(ours(file.warnings)).toEqual([{ structure: 'stream Thumbs', offset: 0, message: 'stream is neither the DestList nor a link entry; ignored' }]);
  });
});

test('bytes that are no compound file are a ShortcutError CFB', () => {
  for (const bytes of [new Uint8Array(600), Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0)]) {
    expect(() => parseAutomaticDestinations(bytes)).toThrow(ShortcutError);
    try {
      parseAutomaticDestinations(bytes);
    } catch (error) {
      expect(error).toMatchObject({ format: 'CFB', offset: 0 });
    }
  }
});
