import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Hive, type RegistryKey } from '../src/index.js';
import { HAVE_SAMPLES, NO_SAMPLES_REASON, sample } from './support/shared.js';

// Offsets of the regf format (cells are relative to the first hive bin at 0x1000; a cell starts
// with its 4-byte size): the root cell offset in the base block, and in a key node ("nk") the
// subkey list, the value count and the value list; in a value ("vk") the data size.
const BINS = 0x1000;
const ROOT_OFFSET = 0x24;
const NK_SUBKEY_LIST = 0x1c;
const NK_VALUE_COUNT = 0x24;
const NK_VALUE_LIST = 0x28;
const VK_DATA_SIZE = 0x04;

/** Absolute position of a cell's contents. */
const cell = (hive: Buffer, offset: number): number => {
  const at = BINS + offset + 4;
  if (at + 2 > hive.length) throw new Error(`cell 0x${offset.toString(16)} outside the hive`);
  return at;
};

function walkAll(data: Buffer): { keys: RegistryKey[]; warnings: string[] } {
  const hive = new Hive(data, []);
  const keys = [...hive.walk()];
  const keyWarnings = keys.flatMap((k) => [...k.warnings, ...k.values.flatMap((v) => v.warnings)].map((w) => w.message));
  return { keys, warnings: [...hive.warnings.map((w) => w.message), ...keyWarnings] };
}

describe.skipIf(!HAVE_SAMPLES)(`hostile hives${HAVE_SAMPLES ? '' : ` (${NO_SAMPLES_REASON})`}`, () => {
  const original = readFileSync(sample('regipy/SAM'));
  const root = original.readUInt32LE(ROOT_OFFSET);

  test('a subkey list that lists the root key again ends the walk with a warning instead of looping', () => {
    const hive = Buffer.from(original);
    const nk = cell(hive, root);
    expect(hive.toString('latin1', nk, nk + 2)).toBe('nk');
    const list = cell(hive, hive.readUInt32LE(nk + NK_SUBKEY_LIST));
    const kind = hive.toString('latin1', list, list + 2);
    expect(['lf', 'lh', 'li']).toContain(kind);
    // Entry 0: the first child becomes the root itself.
    hive.writeUInt32LE(root, list + 4);
    const before = walkAll(original);
    const after = walkAll(hive);
    expect(after.warnings.some((m) => /listed more than once \(cycle or shared subtree\)/.test(m))).toBe(true);
    // The child's subtree is gone, nothing else: the walk visited every other key once.
    expect(after.keys.length).toBeGreaterThan(0);
    expect(after.keys.length).toBeLessThan(before.keys.length);
    expect(new Set(after.keys.map((k) => k.path)).size).toBe(after.keys.length);
  });

  test('a value claiming 2 GiB of data gives a warning for that value, not a 2 GiB allocation', () => {
    const hive = Buffer.from(original);
    // The first key (depth first) with values.
    const withValues = walkAll(original).keys.find((k) => k.values.length > 0)!;
    let patched = false;
    const visit = (offset: number, depth: number): void => {
      if (patched || depth > 16) return;
      const nk = cell(hive, offset);
      if (hive.readUInt32LE(nk + NK_VALUE_COUNT) > 0) {
        const values = cell(hive, hive.readUInt32LE(nk + NK_VALUE_LIST));
        const vk = cell(hive, hive.readUInt32LE(values));
        hive.writeUInt32LE(0x7fff_fff0, vk + VK_DATA_SIZE);
        patched = true;
        return;
      }
      const list = cell(hive, hive.readUInt32LE(nk + NK_SUBKEY_LIST));
      const kind = hive.toString('latin1', list, list + 2);
      if (kind !== 'lf' && kind !== 'lh') return;
      for (let i = 0; i < hive.readUInt16LE(list + 2); i++) visit(hive.readUInt32LE(list + 4 + 8 * i), depth + 1);
    };
    visit(root, 0);
    expect(patched).toBe(true);
    const rss = process.memoryUsage().rss;
    const { keys, warnings } = walkAll(hive);
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * 2 ** 20);
    expect(keys.length).toBe(walkAll(original).keys.length);
    expect(withValues).toBeDefined();
    const value = keys.find((k) => k.path === withValues.path)!.values[0]!;
    expect(value.size).toBe(0x7fff_fff0);
    expect(value.raw.length).toBeLessThan(2 ** 20);
    expect(value.warnings.length).toBeGreaterThan(0);
    expect(warnings.length).toBeGreaterThan(0);
  });
});
