import { valueTypeName, type RegistryKey, type RegistryValue } from '../../src/index.js';
import type { NotatinKey, NotatinValue } from './notatin.js';

const TYPES: Record<string, string> = {
  REG_NONE: 'RegNone',
  REG_SZ: 'RegSZ',
  REG_EXPAND_SZ: 'RegExpandSZ',
  REG_BIN: 'RegBinary',
  REG_DWORD: 'RegDWord',
  REG_DWORD_BIG_ENDIAN: 'RegDWordBigEndian',
  REG_LINK: 'RegLink',
  REG_MULTI_SZ: 'RegMultiSZ',
  REG_RESOURCE_LIST: 'RegResourceList',
  REG_FULL_RESOURCE_DESCRIPTOR: 'RegFullResourceDescriptor',
  REG_RESOURCE_REQUIREMENTS_LIST: 'RegResourceRequirementsList',
  REG_QWORD: 'RegQWord',
  // notatin names type 0x10 REG_FILETIME; the spec's names stop at RegQWord, so we keep it unknown.
  REG_FILETIME: 'RegUnknown',
  REG_UNKNOWN: 'RegUnknown',
};

/** notatin's REG_SZ rule: UTF-16LE code units up to the first NUL (an odd last byte is dropped). */
function utf16z(raw: Buffer): string {
  const s = raw.subarray(0, raw.length & ~1).toString('utf16le');
  const nul = s.indexOf('\0');
  return nul < 0 ? s : s.slice(0, nul);
}

/** notatin's REG_MULTI_SZ rule: the list ends at the first blank string (ours at the first empty one). */
function untilBlank(list: string[]): string[] {
  const end = list.findIndex((s) => s.trim() === '');
  return end < 0 ? list : list.slice(0, end);
}

/**
 * What notatin should print for our value, as `{ Kind: data }`. Known types use our decoded data,
 * so our decoding is what is checked. A type code above 0xFF is decoded by notatin as its low byte
 * (0x200007 as REG_MULTI_SZ, 0xFFFF0010 as a FILETIME); we keep such values RegUnknown with raw
 * bytes, so for them the expectation is built from those bytes with notatin's rules.
 */
function expectedView(v: RegistryValue, kind: string): unknown {
  const d = v.data;
  const raw = v.raw;
  switch (kind) {
    case 'Binary':
      return raw.toString('hex');
    case 'String':
      return typeof d === 'string' ? d : utf16z(raw);
    case 'MultiString':
      return untilBlank(
        Array.isArray(d)
          ? d
          : raw
              .subarray(0, raw.length & ~1)
              .toString('utf16le')
              .split('\0'),
      );
    case 'U32':
      if (typeof d === 'number') return d;
      return raw.length >= 4 ? ((v.typeCode & 0xff) === 5 ? raw.readUInt32BE(0) : raw.readUInt32LE(0)) : null;
    case 'U64':
      if (typeof d === 'bigint') return String(d);
      return raw.length >= 8 ? String(raw.readBigUInt64LE(0)) : null;
    default:
      return { unhandled: kind };
  }
}

function refView(kind: string, data: unknown): unknown {
  return kind === 'Binary' && typeof data === 'string' ? data.replaceAll(' ', '').toLowerCase() : data;
}

function compareValue(path: string, ours: RegistryValue, ref: NotatinValue, out: string[]): void {
  const refName = ref.value_name === '(default)' ? '' : ref.value_name;
  const where = `${path} :: ${JSON.stringify(refName)}`;
  if (ours.name !== refName) out.push(`${where}: name ${JSON.stringify(ours.name)}`);
  // notatin names a type code above 0xFF (e.g. 0x200000, or device-property types like 0xFFFF1003)
  // by its low byte; we, regfexport and hivex keep such codes unknown.
  const expectedType = ours.typeCode > 0xff ? valueTypeName(ours.typeCode & 0xff) : ours.type;
  if (expectedType !== TYPES[ref.data_type]) out.push(`${where}: type ${ours.type} vs ${ref.data_type}`);
  if (typeof ref.value !== 'object') {
    out.push(`${where}: notatin printed no data (${JSON.stringify(ref.value)})`);
    return;
  }
  const [kind, data] = Object.entries(ref.value)[0] ?? ['(none)', null];
  const a = JSON.stringify(expectedView(ours, kind));
  const b = JSON.stringify(refView(kind, data));
  if (a !== b) out.push(`${where}: ${kind} ${a.slice(0, 80)} vs ${b.slice(0, 80)}`);
}

/** Keys in order with full last-write times, and every value's name, type and data. */
export function compareWithNotatin(ours: RegistryKey[], ref: NotatinKey[]): string[] {
  const out: string[] = [];
  if (ours.length !== ref.length) out.push(`key count ${ours.length} vs ${ref.length}`);
  for (let i = 0; i < Math.min(ours.length, ref.length) && out.length < 50; i++) {
    const a = ours[i]!;
    const b = ref[i]!;
    const refPath = b.path.replace(/^\\/, '');
    if (a.path !== refPath) {
      out.push(`key #${i}: path ${JSON.stringify(a.path)} vs ${JSON.stringify(refPath)}`);
      continue;
    }
    const refTime = b.detail.Light?.last_key_written_date_and_time?.interpreted;
    if (a.lastWrite !== refTime) out.push(`${a.path}: last write ${a.lastWrite} vs ${String(refTime)}`);
    if (a.values.length !== b.sub_values.length) {
      out.push(`${a.path}: ${a.values.length} values vs ${b.sub_values.length}`);
      continue;
    }
    for (let j = 0; j < a.values.length; j++) compareValue(a.path, a.values[j]!, b.sub_values[j]!, out);
  }
  return out;
}
