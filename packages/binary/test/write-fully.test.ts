import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { writeFully } from '../src/index.js';

test('writes the whole buffer, or its first `length` bytes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-write-'));
  try {
    const file = join(dir, 'out');
    const fd = openSync(file, 'w');
    const bytes = Buffer.from('0123456789');
    writeFully(fd, bytes);
    writeFully(fd, bytes, 4);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('01234567890123');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('8 MiB through a pipe that fills arrive whole', () => {
  // The child writes to its stdout, a pipe (64 KiB of room) that `wc -c` drains in its own time.
  const src = fileURLToPath(new URL('../dist/index.js', import.meta.url));
  const script = `import('${src}').then(({ writeFully }) => writeFully(1, Buffer.alloc(8 << 20, 0x61)))`;
  const r = spawnSync('sh', ['-c', `"${process.execPath}" -e "$0" | wc -c`, script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(Number(r.stdout.trim())).toBe(8 << 20);
});
