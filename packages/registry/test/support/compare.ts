import type { RegistryKey, RegistryValue } from '../../src/index.js';
import type { RefKey, RefValue } from './regfexport.js';

/** regfexport's REG_* names to the spec's type names we use. */
const REG_NAMES: Record<string, string> = {
  REG_NONE: 'RegNone',
  REG_SZ: 'RegSZ',
  REG_EXPAND_SZ: 'RegExpandSZ',
  REG_BINARY: 'RegBinary',
  REG_DWORD_LITTLE_ENDIAN: 'RegDWord',
  REG_DWORD_BIG_ENDIAN: 'RegDWordBigEndian',
  REG_LINK: 'RegLink',
  REG_MULTI_SZ: 'RegMultiSZ',
  REG_RESOURCE_LIST: 'RegResourceList',
  REG_FULL_RESOURCE_DESCRIPTOR: 'RegFullResourceDescriptor',
  REG_RESOURCE_REQUIREMENTS_LIST: 'RegResourceRequirementsList',
  REG_QWORD_LITTLE_ENDIAN: 'RegQWord',
};

export interface Comparison {
  keys: number;
  values: number;
  mismatches: string[];
}

function isString(v: RegistryValue): boolean {
  return v.type === 'RegSZ' || v.type === 'RegExpandSZ';
}

function hasNul(raw: Buffer): boolean {
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i] === 0 && raw[i + 1] === 0) return true;
  return false;
}

/**
 * regfexport reports a string's size up to and including its first NUL. When the declared data
 * holds no NUL it reads on into the cell slack up to one, so its size and text may run longer
 * than the declared data; we stop at the declared size.
 */
function sizeMatches(v: RegistryValue, refSize: number): boolean {
  if (!isString(v)) return v.size === refSize;
  for (let i = 0; i + 1 < v.raw.length; i += 2) {
    if (v.raw[i] === 0 && v.raw[i + 1] === 0) return refSize === Math.min(v.size, i + 2);
  }
  return refSize >= v.size;
}

/** regfexport prints text as-is, so a string with a line break continues on lines we cannot tell from the next field. */
function textMatches(v: RegistryValue, ours: string, text: string): boolean {
  if (ours === text) return true;
  if (ours.includes('\n') && ours.split('\n')[0] === text) return true;
  return isString(v) && !hasNul(v.raw) && text.startsWith(ours);
}

function compareValue(path: string, ours: RegistryValue, ref: RefValue, out: string[]): void {
  const where = `${path} :: ${JSON.stringify(ref.name)}`;
  if (ours.name !== ref.name) out.push(`${where}: name ${JSON.stringify(ours.name)}`);
  const refType = REG_NAMES[ref.regType] ?? 'RegUnknown';
  if (ours.type !== refType) out.push(`${where}: type ${ours.type} vs ${ref.regType}`);
  if (!sizeMatches(ours, ref.size)) out.push(`${where}: size ${ours.size} vs ${ref.size}`);
  if (ref.hex !== null) {
    // libregf 20201007 prints inline data shorter than 4 bytes as zeros (hivex and the raw vk
    // bytes show the data we return), so only longer data is compared byte for byte.
    if (ours.size >= 4 && ours.raw.toString('hex') !== ref.hex) out.push(`${where}: bytes differ`);
    return;
  }
  if (ref.text === null) return;
  const d = ours.data;
  const ok =
    typeof d === 'string'
      ? textMatches(ours, d, ref.text)
      : typeof d === 'number'
        ? String(d) === ref.text
        : typeof d === 'bigint'
          ? d.toString() === ref.text
          : false;
  if (!ok)
    out.push(
      `${where}: data ${JSON.stringify(typeof d === 'bigint' ? d.toString() : Buffer.isBuffer(d) ? d.toString('hex') : d).slice(0, 80)} vs ${JSON.stringify(ref.text).slice(0, 80)}`,
    );
}

/** Key by key, in order: paths, value counts, and every value's name, type, size and data. */
export function compareWithRegfexport(ours: RegistryKey[], ref: RefKey[]): Comparison {
  const mismatches: string[] = [];
  let values = 0;
  if (ours.length !== ref.length) mismatches.push(`key count ${ours.length} vs ${ref.length}`);
  const n = Math.min(ours.length, ref.length);
  for (let i = 0; i < n && mismatches.length < 50; i++) {
    const a = ours[i]!;
    const b = ref[i]!;
    if (a.path !== b.path) {
      mismatches.push(`key #${i}: path ${JSON.stringify(a.path)} vs ${JSON.stringify(b.path)}`);
      continue;
    }
    if (a.values.length !== b.values.length) {
      mismatches.push(`${a.path}: ${a.values.length} values vs ${b.values.length}`);
      continue;
    }
    for (let j = 0; j < a.values.length; j++) compareValue(a.path, a.values[j]!, b.values[j]!, mismatches);
    values += a.values.length;
  }
  return { keys: n, values, mismatches };
}
