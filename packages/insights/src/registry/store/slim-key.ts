import type { RegistryKey, ValueData } from '@quarry/registry';

/** A value kept for analysis: decoded data only, binary copied so the hive buffer can be freed. */
export interface SlimValue {
  name: string;
  typeCode: number;
  data: ValueData;
  deleted: boolean;
}

/** A key kept for analysis, with its path relative to the hive root (root name dropped). */
export interface SlimKey {
  /** Relative path with the stored spelling, e.g. `ControlSet001\Services\bam`; "" for the root. */
  path: string;
  name: string;
  lastWrite: string | null;
  deleted: boolean;
  values: SlimValue[];
}

/**
 * RegistryKey values point into the whole hive's buffer; keeping one would keep the hive. Binary
 * data is copied, so what the analyzers keep is only what they asked for.
 */
export function slimKey(key: RegistryKey, relPath: string): SlimKey {
  return {
    path: relPath,
    name: key.name,
    lastWrite: key.lastWrite,
    deleted: key.deleted,
    values: key.values.map((v) => ({
      name: v.name,
      typeCode: v.typeCode,
      data: Buffer.isBuffer(v.data) ? Buffer.from(v.data) : v.data,
      deleted: v.deleted,
    })),
  };
}

/** A value by name, compared case-insensitively as Windows does. */
export function valueOf(key: SlimKey | undefined, name: string): SlimValue | undefined {
  if (!key) return undefined;
  const want = name.toLowerCase();
  return key.values.find((v) => v.name.toLowerCase() === want);
}

/** Text of a string-ish value ("" when absent); multi-strings joined with ", ". */
export function str(key: SlimKey | undefined, name: string): string {
  const d = valueOf(key, name)?.data;
  if (d === undefined || Buffer.isBuffer(d)) return '';
  if (Array.isArray(d)) return d.join(', ');
  return String(d);
}

/** A DWORD/QWORD value as a number (null when absent or not numeric). */
export function num(key: SlimKey | undefined, name: string): number | null {
  const d = valueOf(key, name)?.data;
  if (typeof d === 'number') return d;
  if (typeof d === 'bigint') return Number(d);
  if (typeof d === 'string' && /^\d+$/.test(d.trim())) return Number(d.trim());
  return null;
}

/** Raw bytes of a binary value (null when absent or not binary). */
export function bin(key: SlimKey | undefined, name: string): Buffer | null {
  const d = valueOf(key, name)?.data;
  return Buffer.isBuffer(d) ? d : null;
}
