import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { UnusableInputError, runPipeline, type Insight, type PipelineInput } from '../../src/index.js';
import { HAVE_SAMPLES, NO_SAMPLES, samplePath } from '../support/inputs.js';

/** An in-memory upload as the job's only input. */
function inputOf(name: string, data: Buffer): PipelineInput[] {
  return [
    {
      ref: { position: 0, fileId: '00000000-0000-4000-8000-000000000001', name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') },
      open: async function* () {
        yield data;
      },
    },
  ];
}

const run = (name: string, data: Buffer): Promise<Insight[]> =>
  runPipeline({ category: 'registry', inputs: inputOf(name, data), options: { runSigmaRules: false }, threads: 1 });

/** Sets the first member's declared uncompressed size in its local header and its central-directory entry. */
function declareSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  out.writeUInt32LE(size, 22);
  const eocd = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  out.writeUInt32LE(size, out.readUInt32LE(eocd + 16) + 24);
  return out;
}

/** Sets the "encrypted" flag (general purpose bit 0) on a one-member archive, as a password-protected zip has it. */
function markEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  out.writeUInt16LE(out.readUInt16LE(6) | 1, 6);
  const cd = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  out.writeUInt16LE(out.readUInt16LE(cd + 8) | 1, cd + 8);
  return out;
}

const metadataOf = (all: Insight[]): Record<string, string> => {
  const m = all.find((i) => 'Metadata' in i && i.Metadata.title.startsWith('File'));
  return m && 'Metadata' in m ? m.Metadata.data : {};
};

describe.skipIf(!HAVE_SAMPLES)(`hostile zip archives in a registry job ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  const sam = new Uint8Array(readFileSync(samplePath('registry/regipy/SAM')));

  test('a zip with no hive fails the job with an error naming the file', async () => {
    const zip = Buffer.from(zipSync({ 'notes/readme.txt': new TextEncoder().encode('no hive here'), 'nested.zip': zipSync({ SAM: sam }) }));
    await expect(run('collection.zip', zip)).rejects.toThrow(UnusableInputError);
    await expect(run('collection.zip', zip)).rejects.toThrow(/collection\.zip.*holds no registry hive/);
  });

  test('an encrypted (password-protected) zip fails the job saying so, without trying to inflate it', async () => {
    const zip = markEncrypted(Buffer.from(zipSync({ SAM: sam })));
    await expect(run('locked.zip', zip)).rejects.toThrow(/locked\.zip.*encrypted \(password-protected: SAM\)/);
  });

  test('a member declaring more than a hive can hold is not extracted, and said so; the other hive is analysed', async () => {
    const bomb = declareSize(Buffer.from(zipSync({ BIG: new Uint8Array(1024), SAM: sam })), 0xffff_fff0);
    const all = await run('bomb.zip', bomb);
    expect(JSON.stringify(metadataOf(all))).toMatch(/BIG: declares 4294967280 bytes, more than a hive can hold: not extracted/);
    expect(all.some((i) => 'Table' in i || 'IndexTable' in i)).toBe(true);
    // The process never allocated the declared 4 GiB.
    expect(process.memoryUsage().rss).toBeLessThan(2 * 2 ** 30);
  });

  test('a member that expands past its declared size comes out cut at that size (no unbounded inflation)', async () => {
    // 256 MiB of zeros deflate to ~256 KB; the archive claims 4 KiB.
    const zeros = new Uint8Array(256 * 2 ** 20);
    const bomb = declareSize(Buffer.from(zipSync({ SYSTEM: zeros }, { level: 9 })), 4096);
    const rssBefore = process.memoryUsage().rss;
    await expect(run('zeros.zip', bomb)).rejects.toThrow(/zeros\.zip.*holds no registry hive/);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(128 * 2 ** 20);
  });

  test('next to a real hive, a refused member is a warning and the hive is analysed', async () => {
    const both = Buffer.from(zipSync({ SAM: sam, 'readme.txt': new TextEncoder().encode('x') }));
    const all = await run('case.zip', both);
    expect(all.some((i) => 'Table' in i || 'IndexTable' in i)).toBe(true);
    expect(JSON.stringify(metadataOf(all))).toMatch(/readme\.txt: not a registry file/);
  });
});
