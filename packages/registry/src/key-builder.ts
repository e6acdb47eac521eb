import { type RegistryWarning, asWarning, warning } from './errors.js';
import type { Reader } from './reader.js';
import { readCell, NO_OFFSET } from './cell.js';
import { filetimePartsToIso } from './filetime.js';
import { readClassName, type KeyNode } from './key-node.js';
import { parseKeyValueCell, valueName } from './key-value.js';
import { readSecurityKey } from './security-key.js';
import type { SecuritySummary } from './security-descriptor.js';
import { dataCellAllocated, readValueBytes } from './value-data.js';
import { valueOffsets } from './value-list.js';
import { decodeValueData, valueTypeName } from './value-types.js';
import type { RegistryKey, RegistryValue } from './types.js';

export interface BuildContext {
  r: Reader;
  minorVersion: number;
  /** sk cells are shared by many keys, so each is decoded once. */
  securityCache: Map<number, SecuritySummary | null>;
}

function security(ctx: BuildContext, offset: number, warnings: RegistryWarning[]): SecuritySummary | null {
  if (offset === NO_OFFSET) return null;
  const cached = ctx.securityCache.get(offset);
  if (cached !== undefined) return cached;
  let summary: SecuritySummary | null = null;
  try {
    summary = readSecurityKey(ctx.r, offset);
  } catch (err) {
    warnings.push(asWarning(err));
  }
  ctx.securityCache.set(offset, summary);
  return summary;
}

/**
 * Reads one value. For deleted values, cells now allocated to live data are not trusted:
 * their contents belong to something else, so the value is dropped or its data left empty.
 */
export function buildValue(ctx: BuildContext, offset: number, deleted: boolean, keyWarnings: RegistryWarning[]): RegistryValue | null {
  try {
    const cell = readCell(ctx.r, offset, 'vk');
    if (deleted && cell.allocated) {
      keyWarnings.push(warning('vk', cell.dataStart, 'value cell of a deleted key is now allocated to live data; skipped'));
      return null;
    }
    const vk = parseKeyValueCell(ctx.r, cell);
    const warnings: RegistryWarning[] = [];
    let raw: Buffer;
    try {
      if (deleted && dataCellAllocated(ctx.r, vk)) {
        warnings.push(warning('value data', vk.dataOffset, 'data cell of a deleted value is now allocated to live data; data dropped'));
        raw = ctx.r.buf.subarray(0, 0);
      } else {
        raw = readValueBytes(ctx.r, vk, ctx.minorVersion, warnings);
      }
    } catch (err) {
      warnings.push(asWarning(err));
      raw = ctx.r.buf.subarray(0, 0);
    }
    return {
      name: valueName(ctx.r, vk),
      type: valueTypeName(vk.typeCode),
      typeCode: vk.typeCode,
      size: vk.dataSize,
      data: decodeValueData(vk.typeCode, raw),
      raw,
      offset,
      deleted,
      warnings,
    };
  } catch (err) {
    keyWarnings.push(asWarning(err));
    return null;
  }
}

export function buildKey(ctx: BuildContext, nk: KeyNode, path: string, deleted: boolean, warnings: RegistryWarning[]): RegistryKey {
  const values: RegistryValue[] = [];
  let offsets: number[] = [];
  try {
    offsets = valueOffsets(ctx.r, nk.valuesListOffset, nk.valueCount, warnings);
  } catch (err) {
    warnings.push(asWarning(err));
  }
  if (deleted) {
    try {
      if (offsets.length > 0 && readCell(ctx.r, nk.valuesListOffset, 'value list').allocated) {
        warnings.push(warning('value list', nk.valuesListOffset, 'value list of a deleted key is now allocated to live data; skipped'));
        offsets = [];
      }
    } catch {
      offsets = [];
    }
  }
  for (const off of offsets) {
    const v = buildValue(ctx, off, deleted, warnings);
    if (v) values.push(v);
  }
  let className: string | null = null;
  try {
    className = readClassName(ctx.r, nk);
  } catch (err) {
    warnings.push(asWarning(err));
  }
  return {
    path,
    name: nk.name,
    lastWrite: filetimePartsToIso(nk.lastWrittenLow, nk.lastWrittenHigh),
    deleted,
    offset: nk.offset,
    flags: nk.flags,
    className,
    security: security(ctx, nk.securityOffset, warnings),
    subkeyCount: nk.subkeyCount,
    values,
    warnings,
  };
}
