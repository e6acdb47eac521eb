import { readFileSync } from 'node:fs';
import { hasShared, sharedPath } from '@quarry/testkit';
import { describe, expect, test } from 'vitest';
import { detectFiletype } from '../src/index.js';

describe('the filetype external', () => {
  test('names a shell link LNK by its header, whatever its extension', () => {
    // HeaderSize 0x4C, LinkCLSID 00021401-0000-0000-C000-000000000046 (MS-SHLLINK 2.1).
    const head = new Uint8Array([0x4c, 0, 0, 0, 0x01, 0x14, 0x02, 0, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0x46]);
    expect(detectFiletype(head, 'Invoice.pdf')).toBe('LNK');
    expect(detectFiletype(head.subarray(0, 4), 'x')).toBe('');
  });

  test.skipIf(!hasShared('samples', 'lnk'))('names the sample links LNK (skipped: ../shared/samples/lnk absent)', () => {
    const link = readFileSync(sharedPath('samples', 'lnk', 'Misc', 'local.file.env.test'));
    expect(detectFiletype(link.subarray(0, 512), 'local.file.env.test')).toBe('LNK');
  });
});
