import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { mulberry32, toolGate } from '@quarry/testkit';
import { zipEntries, type ZipEntry } from '../../src/triage/reader/zip-entries.js';
import { zipStreamed } from './collection-support.js';

/** Bytes that do not compress (deflate keeps them ~ the same size), from a fixed seed. */
function noise(length: number, seed: number): Uint8Array {
  const rand = mulberry32(seed);
  return Uint8Array.from({ length }, () => Math.floor(rand() * 256));
}

async function readEntry(e: ZipEntry): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (let c = await e.next(); c; c = await e.next()) parts.push(c);
  return Buffer.concat(parts);
}

/** Bytes compared by digest (deep equality of large arrays is slow). */
const digest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The zip as a stream of 8 KiB pieces, counting how many were pulled. */
function pieces(zip: Uint8Array, pulled = { count: 0 }): AsyncIterable<Uint8Array> {
  return (async function* () {
    for (let at = 0; at < zip.length; at += 8192) {
      pulled.count++;
      yield zip.subarray(at, at + 8192);
    }
  })();
}

/** Each entry of the zip (streamed as `pieces`) read whole: its name, how many bytes came and its problem. */
async function lengthsAndProblems(zip: Uint8Array): Promise<[string, number, string | null][]> {
  const got: [string, number, string | null][] = [];
  for await (const e of zipEntries(pieces(zip))) got.push([e.name, (await readEntry(e)).length, e.problem]);
  return got;
}

const FILES = { 'a.bin': noise(300_000, 1), 'dir/b.txt': new TextEncoder().encode('b'.repeat(200_000)), 'dir/empty': new Uint8Array(0) };

describe('zip entries from a stream', () => {
  test('stored and deflated entries with sizes in their headers; directories skipped', async () => {
    const zip = zipSync({ 'a.bin': [FILES['a.bin'], { level: 0 }], 'dir/': {}, 'dir/b.txt': FILES['dir/b.txt'], 'dir/empty': FILES['dir/empty'] });
    const got: [string, number | null, string, string | null][] = [];
    for await (const e of zipEntries(pieces(zip))) got.push([e.name, e.size, digest(await readEntry(e)), e.problem]);
    expect(got).toEqual(Object.entries(FILES).map(([name, bytes]) => [name, bytes.length, digest(bytes), null]));
  });

  test('data-descriptor entries (a streamed writer, as Velociraptor): no size up front, every byte read', async () => {
    const zip = zipStreamed(Object.entries(FILES).map(([path, bytes]) => ({ path, bytes })));
    const got: [string, number | null, string, string | null][] = [];
    for await (const e of zipEntries(pieces(zip))) got.push([e.name, e.size, digest(await readEntry(e)), e.problem]);
    expect(got).toEqual(Object.entries(FILES).map(([name, bytes]) => [name, null, digest(bytes), null]));
  });

  test('small data-descriptor members are inflated in one call, each piece in a buffer of about its own size; damage still shows', async () => {
    const links = Array.from({ length: 40 }, (_, i) => ({ path: `Recent/${i}.lnk`, bytes: new TextEncoder().encode(`link ${i} `.repeat(150 + i)) }));
    const big = { path: 'big.evtx', bytes: noise(200_000, 11) };
    const zip = zipStreamed([...links, big, ...links.slice(0, 2)]);
    const got: [string, string, string | null][] = [];
    let largestBacking = 0;
    for await (const e of zipEntries(pieces(zip))) {
      const parts: Uint8Array[] = [];
      for (let c = await e.next(); c; c = await e.next()) {
        parts.push(c);
        if (e.name.endsWith('.lnk')) largestBacking = Math.max(largestBacking, c.buffer.byteLength);
      }
      got.push([e.name, digest(Buffer.concat(parts)), e.problem]);
    }
    expect(got).toEqual([...links, big, ...links.slice(0, 2)].map((m) => [m.path, digest(m.bytes), null]));
    // A streamed inflate hands out views of 256 KiB buffers, one per member.
    expect(largestBacking).toBeLessThanOrEqual(64 * 1024);

    // A flipped byte in the third link's compressed data: its CRC-32 (or its deflate data) says so, and the rest are read.
    const third = Buffer.from(zip);
    const name = third.indexOf(Buffer.from('Recent/2.lnk'));
    third[name + 'Recent/2.lnk'.length + 10] = third[name + 'Recent/2.lnk'.length + 10]! ^ 0x01;
    const damaged = await lengthsAndProblems(third);
    expect(damaged[2]![2]).toMatch(/CRC-32|cannot inflate/);
    expect(damaged.filter(([, , problem]) => problem === null).map(([n]) => n)).toEqual(
      [...links, big, ...links.slice(0, 2)].map((m) => m.path).filter((n) => n !== 'Recent/2.lnk'),
    );

    // The zip cut inside a small member's compressed bytes (8 bytes after its name): the member says it stops short.
    const at = Buffer.from(zip).indexOf(Buffer.from('Recent/5.lnk'));
    const cut = await lengthsAndProblems(zip.subarray(0, at + 'Recent/5.lnk'.length + 8));
    expect(cut.at(-1)![0]).toBe('Recent/5.lnk');
    expect(cut.at(-1)![2]).toMatch(/ends inside this member|inflate/);
  });

  test('stored entries with a data descriptor, beside deflated ones', async () => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      parts.push(chunk);
    });
    const stored = new ZipPassThrough('stored.bin');
    zip.add(stored);
    stored.push(FILES['a.bin'], true);
    const deflated = new ZipDeflate('deflated.txt');
    zip.add(deflated);
    deflated.push(FILES['dir/b.txt'], true);
    zip.end();
    const got: [string, string, string | null][] = [];
    for await (const e of zipEntries(pieces(Buffer.concat(parts)))) got.push([e.name, digest(await readEntry(e)), e.problem]);
    expect(got).toEqual([
      ['stored.bin', digest(FILES['a.bin']), null],
      ['deflated.txt', digest(FILES['dir/b.txt']), null],
    ]);
  });

  test('backpressure: the source is read only as far as the consumer has asked; an entry left early is drained', async () => {
    const zip = zipSync({ 'a.bin': [FILES['a.bin'], { level: 0 }], 'c.bin': [noise(50_000, 2), { level: 0 }] });
    const pulled = { count: 0 };
    const it = zipEntries(pieces(zip, pulled))[Symbol.asyncIterator]();
    const first = (await it.next()).value as ZipEntry;
    expect(first.name).toBe('a.bin');
    await first.next();
    // One 8 KiB piece of the 300 kB member has been needed so far (fflate holds the header's piece).
    expect(pulled.count).toBeLessThanOrEqual(2);
    // Left after one piece: the walk drains the rest and the next entry is whole.
    const second = (await it.next()).value as ZipEntry;
    expect([second.name, Buffer.compare(await readEntry(second), Buffer.from(noise(50_000, 2)))]).toEqual(['c.bin', 0]);
    expect((await it.next()).done).toBe(true);
  });

  test('a zip cut inside a member: what was read is kept and the member says it stops short', async () => {
    const zip = zipSync({ 'a.bin': [FILES['a.bin'], { level: 6 }], 'b.bin': [noise(100_000, 3), { level: 6 }] });
    const cut = zip.subarray(0, zip.length - 60_000);
    const got = await lengthsAndProblems(cut);
    expect(got[0]).toEqual(['a.bin', 300_000, null]);
    expect(got[1]![0]).toBe('b.bin');
    expect(got[1]![1]).toBeLessThan(100_000);
    expect(got[1]![2]).toMatch(/ends inside this member|inflate/);
  });

  test("a small member (inflated in one call) inflating past its declared size, and one cut by the zip's end", async () => {
    const text = new TextEncoder().encode('lnk '.repeat(5000));
    const whole = zipSync({ 'a.lnk': [text, { level: 6 }], 'b.lnk': [text, { level: 6 }] });
    const at = Buffer.from(whole).indexOf(Buffer.from('b.lnk')) - 30;
    // The second member's declared uncompressed size (offset 22 of its local header) made smaller.
    const shrunk = Buffer.from(whole);
    shrunk.writeUInt32LE(100, at + 22);
    const got = await lengthsAndProblems(shrunk);
    expect(got[0]).toEqual(['a.lnk', text.length, null]);
    expect([got[1]![0], got[1]![1]]).toEqual(['b.lnk', 0]);
    expect(got[1]![2]).toMatch(/^cannot inflate: /);
    const cut: [string, string | null][] = [];
    for await (const e of zipEntries(pieces(whole.subarray(0, at + 40)))) {
      await readEntry(e);
      cut.push([e.name, e.problem]);
    }
    expect(cut).toEqual([
      ['a.lnk', null],
      ['b.lnk', 'the zip ends inside this member'],
    ]);
  });

  test("a member of a method node's zlib lacks (Deflate64) is reported and skipped; the next one is read", async () => {
    const zip = zipSync({ 'big.bin': [noise(20_000, 5), { level: 0 }], 'next.txt': [new TextEncoder().encode('next'), { level: 0 }] });
    // Local header of the first member at 0: compression method, 2 bytes at offset 8, set to 9 (Deflate64).
    zip[8] = 9;
    const got: [string, string, string | null][] = [];
    for await (const e of zipEntries(pieces(zip)))
      got.push([
        e.name,
        Buffer.from(await readEntry(e))
          .toString('latin1')
          .slice(0, 8),
        e.problem,
      ]);
    expect(got).toEqual([
      ['big.bin', '', 'cannot inflate: compression method 9 is not supported'],
      ['next.txt', 'next', null],
    ]);
  });

  test('signatures inside member data do not end it: deflated and stored members with data descriptors', async () => {
    // Noise does not compress, so deflate keeps it in stored blocks: the signatures planted in it
    // appear as they are in the compressed bytes, as they may in any real member.
    const planted = noise(200_000, 7);
    const descriptorLike = Buffer.alloc(16);
    descriptorLike.writeUInt32LE(0x08074b50, 0);
    descriptorLike.writeUInt32LE(1000, 8);
    for (const [at, bytes] of [
      [1000, descriptorLike],
      [50_000, Buffer.from([0x50, 0x4b, 0x03, 0x04])],
      [120_000, Buffer.from([0x50, 0x4b, 0x01, 0x02])],
    ] as const)
      planted.set(bytes, at);
    const zip = zipStreamed(
      [
        { path: 'deflated.bin', bytes: planted },
        { path: 'stored.bin', bytes: planted },
        { path: 'after.txt', bytes: new TextEncoder().encode('after') },
      ],
      (path) => path === 'stored.bin',
    );
    const got: [string, string, string | null][] = [];
    for await (const e of zipEntries(pieces(zip))) got.push([e.name, digest(await readEntry(e)), e.problem]);
    expect(got).toEqual([
      ['deflated.bin', digest(planted), null],
      ['stored.bin', digest(planted), null],
      ['after.txt', digest(new TextEncoder().encode('after')), null],
    ]);
  });

  test('a member whose bytes were damaged in the zip fails its CRC-32; the rest are read', async () => {
    const zip = zipSync({ 'a.bin': [noise(20_000, 8), { level: 0 }], 'b.txt': [new TextEncoder().encode('b'.repeat(1000)), { level: 6 }] });
    // The stored member's data starts after its 30-byte header and 5-byte name.
    zip[35 + 100] = zip[35 + 100]! ^ 0xff;
    const got = await lengthsAndProblems(zip);
    expect(got).toEqual([
      ['a.bin', 20_000, "the member's bytes do not match its CRC-32: damaged in the zip"],
      ['b.txt', 1000, null],
    ]);
  });

  test("bytes before the first member (a self-extractor's stub) are passed over", async () => {
    const zip = zipSync({ 'a.txt': [new TextEncoder().encode('a'.repeat(5000)), { level: 6 }] });
    const stub = noise(70_000, 9);
    const got = await lengthsAndProblems(Buffer.concat([stub, zip]));
    expect(got).toEqual([['a.txt', 5000, null]]);
  });

  test('an encrypted member is reported, not read; the next one is', async () => {
    const zip = zipSync({ 'secret.bin': [noise(10_000, 10), { level: 0 }], 'open.txt': [new TextEncoder().encode('open'), { level: 0 }] });
    // General purpose flag of the first local header (offset 6), bit 0: encrypted.
    zip[6] = zip[6]! | 1;
    const got = await lengthsAndProblems(zip);
    expect(got).toEqual([
      ['secret.bin', 0, 'the member is encrypted: not read'],
      ['open.txt', 4, null],
    ]);
  });

  test('a deflated member with bad data is reported and passed over; the next one is read', async () => {
    const zip = zipSync({
      'bad.txt': [new TextEncoder().encode('x'.repeat(50_000)), { level: 6 }],
      'good.txt': [new TextEncoder().encode('good'), { level: 0 }],
    });
    // The first deflate block's header (the byte after the 30-byte header and 7-byte name): type 3 is invalid.
    zip[37] = 0x07;
    const got: [string, string | null][] = [];
    for await (const e of zipEntries(pieces(zip))) {
      await readEntry(e);
      got.push([e.name, e.problem]);
    }
    expect(got[0]![0]).toBe('bad.txt');
    expect(got[0]![1]).toMatch(/^cannot inflate: /);
    expect(got[1]).toEqual(['good.txt', null]);
  });

  test('bytes that are no zip give no entries', async () => {
    const got: string[] = [];
    for await (const e of zipEntries(pieces(noise(100_000, 4)))) got.push(e.name);
    expect(got).toEqual([]);
  });
});

/**
 * A zip written by Python's zipfile with every member in ZIP64 form (what a writer does past 4 GiB
 * or 65,535 members): to a file, the sizes in the local header's ZIP64 extra field (0xFFFFFFFF in
 * the header); to a pipe, a data descriptor with 8-byte sizes after each member.
 */
function pythonZip64(files: Record<string, Uint8Array>, streamed: boolean): Uint8Array {
  const script = `
import sys, zipfile, io, json, base64
files = json.loads(sys.stdin.read())
out = sys.stdout.buffer if ${streamed ? 'True' : 'False'} else io.BytesIO()
with zipfile.ZipFile(out, 'w', compression=zipfile.ZIP_DEFLATED) as z:
    for name, b64 in files.items():
        with z.open(name, 'w', force_zip64=True) as w:
            w.write(base64.b64decode(b64))
if not ${streamed ? 'True' : 'False'}:
    sys.stdout.buffer.write(out.getvalue())
`;
  const input = JSON.stringify(Object.fromEntries(Object.entries(files).map(([n, b]) => [n, Buffer.from(b).toString('base64')])));
  const r = spawnSync('python3', ['-c', script], { input, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`python3 zipfile: ${r.stderr.toString()}`);
  return new Uint8Array(r.stdout);
}

const PYTHON = toolGate('python3');
describe.skipIf(PYTHON.skip)(`ZIP64 members (Python's zipfile)${PYTHON.skip ? ` (skipped: ${PYTHON.reason})` : ''}`, () => {
  const files = { 'C/Windows/a.bin': noise(300_000, 6), 'C/Windows/b.txt': new TextEncoder().encode('b'.repeat(200_000)) };
  const expected = Object.entries(files).map(([name, bytes]) => [name, digest(bytes)]);

  test("sizes in the local header's ZIP64 extra field", async () => {
    const zip = pythonZip64(files, false);
    // The first local header's compressed and uncompressed sizes (offsets 18 and 22) say "see ZIP64".
    expect([Buffer.from(zip).readUInt32LE(18), Buffer.from(zip).readUInt32LE(22)]).toEqual([0xffffffff, 0xffffffff]);
    const got: [string, number | null, string][] = [];
    for await (const e of zipEntries(pieces(zip))) got.push([e.name, e.size, digest(await readEntry(e))]);
    expect(got.map(([n, , d]) => [n, d])).toEqual(expected);
    expect(got.map(([, size]) => size)).toEqual(Object.values(files).map((b) => b.length));
  });

  test('ZIP64 data descriptors after each member (written to a pipe)', async () => {
    const zip = pythonZip64(files, true);
    // General purpose flag (offset 6) has bit 3: the sizes follow the data.
    expect(Buffer.from(zip).readUInt16LE(6) & 8).toBe(8);
    const got: [string, string, string | null][] = [];
    for await (const e of zipEntries(pieces(zip))) got.push([e.name, digest(await readEntry(e)), e.problem]);
    expect(got).toEqual(expected.map(([n, d]) => [n, d, null]));
  });
});
