/** Value type names as the analysis-service spec spells them, indexed by the on-disk type code. */
export const VALUE_TYPE_NAMES = [
  'RegNone',
  'RegSZ',
  'RegExpandSZ',
  'RegBinary',
  'RegDWord',
  'RegDWordBigEndian',
  'RegLink',
  'RegMultiSZ',
  'RegResourceList',
  'RegFullResourceDescriptor',
  'RegResourceRequirementsList',
  'RegQWord',
] as const;

export type ValueTypeName = (typeof VALUE_TYPE_NAMES)[number] | 'RegUnknown';

export function valueTypeName(code: number): ValueTypeName {
  // Bounds-checked first: an out-of-range index (codes like 0xFFFF0010) deoptimises the lookup.
  return code < VALUE_TYPE_NAMES.length ? VALUE_TYPE_NAMES[code]! : 'RegUnknown';
}

/** Decoded data: text for string types, a list for RegMultiSZ, numbers for DWORD, bigint for QWORD, raw bytes otherwise. */
export type ValueData = string | string[] | number | bigint | Buffer;

function utf16(raw: Buffer): string {
  return raw.toString('utf16le', 0, raw.length & ~1);
}

/** Strings end at the first NUL, as Windows APIs read them; bytes after it are slack. */
function firstString(raw: Buffer): string {
  const s = utf16(raw);
  const nul = s.indexOf('\0');
  return nul < 0 ? s : s.slice(0, nul);
}

function multiString(raw: Buffer): string[] {
  const parts = utf16(raw).split('\0');
  // The list ends at the first empty string (the double NUL terminator); anything after it is slack.
  const end = parts.indexOf('');
  return end < 0 ? parts : parts.slice(0, end);
}

/** Decodes raw value bytes by type. Sizes that do not fit the type fall back to raw bytes. */
export function decodeValueData(typeCode: number, raw: Buffer): ValueData {
  switch (typeCode) {
    case 1:
    case 2:
    case 6:
      return firstString(raw);
    case 7:
      return multiString(raw);
    case 4:
      return raw.length === 4 ? raw.readUInt32LE(0) : raw;
    case 5:
      return raw.length === 4 ? raw.readUInt32BE(0) : raw;
    case 11:
      return raw.length === 8 ? raw.readBigUInt64LE(0) : raw;
    default:
      return raw;
  }
}
