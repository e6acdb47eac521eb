import { hexdump, type HiveType } from '@quarry/registry';
import { formatTime } from '../common/time-format.js';
import type { HiveKeys } from './store/hive-keys.js';
import type { SlimKey, SlimValue } from './store/slim-key.js';

const HIVE_LABEL: Partial<Record<HiveType, string>> = { 'NTUSER.DAT': 'NTUSER', 'UsrClass.dat': 'UsrClass', 'Amcache.hve': 'Amcache' };

/** `<HIVE TYPE>\<path>` (INSIGHTS.md §4 Key column; the root key's name is dropped). */
export function keyCell(hive: HiveKeys, key: SlimKey | string): string {
  const path = typeof key === 'string' ? key : key.path;
  const label = hive.info.type === 'other' ? hive.info.name : (HIVE_LABEL[hive.info.type] ?? hive.info.type);
  return path === '' ? label : `${label}\\${path}`;
}

/** The key's own path with its value name: `…\Run\OneDrive`. */
export function valueCell(hive: HiveKeys, key: SlimKey, value: string): string {
  return `${keyCell(hive, key)}\\${value === '' ? '(Default)' : value}`;
}

export const lastWriteCell = (key: SlimKey | undefined): string => formatTime(key?.lastWrite ?? null);

export const deletedCell = (...items: ({ deleted: boolean } | undefined)[]): string => (items.some((i) => i?.deleted) ? 'yes' : '');

/**
 * A value as a cell: strings as they are, multi-strings joined with ", ", numbers in decimal, and
 * binary data with no decoding as a hexdump (the spec's rule for binary data).
 */
export function dataCell(value: SlimValue | undefined): string {
  if (!value) return '';
  const d = value.data;
  if (Buffer.isBuffer(d)) return hexdump(d);
  if (Array.isArray(d)) return d.join(', ');
  return String(d);
}

/** A DWORD as `0x0000000a (10)`, for flags and settings whose bits matter. */
export function hexNumber(n: number | null): string {
  if (n === null) return '';
  return `0x${(n >>> 0).toString(16).padStart(8, '0')} (${n})`;
}
