import { ShortcutError } from '../errors.js';
import { checkedFiletime } from '../filetime.js';
import type { HotKey, LinkHeader, ShowCommand } from '../model.js';
import { LinkReader } from '../reader.js';
import type { Warnings } from '@quarry/binary';

export const HEADER_SIZE = 0x4c;
/** 00021401-0000-0000-c000-000000000046 as stored (little-endian fields). */
const LINK_CLSID = [0x01, 0x14, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46];

/** LinkFlags bit names, bit 0 first ([MS-SHLLINK] 2.1.1). */
const LINK_FLAGS = [
  'HasLinkTargetIDList',
  'HasLinkInfo',
  'HasName',
  'HasRelativePath',
  'HasWorkingDir',
  'HasArguments',
  'HasIconLocation',
  'IsUnicode',
  'ForceNoLinkInfo',
  'HasExpString',
  'RunInSeparateProcess',
  'Unused1',
  'HasDarwinID',
  'RunAsUser',
  'HasExpIcon',
  'NoPidlAlias',
  'Unused2',
  'RunWithShimLayer',
  'ForceNoLinkTrack',
  'EnableTargetMetadata',
  'DisableLinkPathTracking',
  'DisableKnownFolderTracking',
  'DisableKnownFolderAlias',
  'AllowLinkToLink',
  'UnaliasOnSave',
  'PreferEnvironmentPath',
  'KeepLocalIDListForUNCTarget',
];

export const LinkFlag = {
  HasLinkTargetIDList: 1 << 0,
  HasLinkInfo: 1 << 1,
  HasName: 1 << 2,
  HasRelativePath: 1 << 3,
  HasWorkingDir: 1 << 4,
  HasArguments: 1 << 5,
  HasIconLocation: 1 << 6,
  IsUnicode: 1 << 7,
  ForceNoLinkInfo: 1 << 8,
} as const;

/** FILE_ATTRIBUTE_* names by bit, bit 0 first. */
const FILE_ATTRIBUTES = [
  'READONLY',
  'HIDDEN',
  'SYSTEM',
  'VOLUME_LABEL',
  'DIRECTORY',
  'ARCHIVE',
  'DEVICE',
  'NORMAL',
  'TEMPORARY',
  'SPARSE_FILE',
  'REPARSE_POINT',
  'COMPRESSED',
  'OFFLINE',
  'NOT_CONTENT_INDEXED',
  'ENCRYPTED',
  'INTEGRITY_STREAM',
  'VIRTUAL',
  'NO_SCRUB_DATA',
  'RECALL_ON_OPEN',
  'PINNED',
  'UNPINNED',
  'UNKNOWN_21',
  'RECALL_ON_DATA_ACCESS',
];

const SHOW_COMMANDS: Record<number, ShowCommand> = { 1: 'normal', 3: 'maximized', 7: 'minimized' };

function bitNames(value: number, names: string[]): string[] {
  const out: string[] = [];
  for (let bit = 0; bit < 32; bit++) {
    if ((value >>> bit) & 1) out.push(names[bit] ?? `0x${((1 << bit) >>> 0).toString(16)}`);
  }
  return out;
}

export function attributeNames(value: number): string[] {
  return bitNames(value, FILE_ATTRIBUTES);
}

/** Virtual-key name of a HotKeyFlags low byte ([MS-SHLLINK] 2.1.3). */
function keyName(code: number): string | null {
  if (code === 0) return null;
  if ((code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a)) return String.fromCharCode(code);
  if (code >= 0x70 && code <= 0x87) return `F${code - 0x6f}`;
  if (code === 0x90) return 'NUM LOCK';
  if (code === 0x91) return 'SCROLL LOCK';
  return `0x${code.toString(16).padStart(2, '0')}`;
}

function hotKey(value: number): HotKey {
  const high = value >> 8;
  const modifiers: HotKey['modifiers'] = [];
  if (high & 1) modifiers.push('shift');
  if (high & 2) modifiers.push('control');
  if (high & 4) modifiers.push('alt');
  return { key: keyName(value & 0xff), modifiers };
}

/** Whether `bytes` at `offset` start with a shell link header (size 0x4C and the link CLSID). */
export function hasLinkSignature(bytes: Uint8Array, offset = 0): boolean {
  if (bytes.length < offset + 20) return false;
  if (bytes[offset] !== HEADER_SIZE || bytes[offset + 1] !== 0 || bytes[offset + 2] !== 0 || bytes[offset + 3] !== 0) return false;
  return LINK_CLSID.every((b, i) => bytes[offset + 4 + i] === b);
}

/** The ShellLinkHeader at `offset`; throws when it is not a link header or is cut short. */
export function readHeader(r: LinkReader, offset: number, end: number, warnings: Warnings): LinkHeader {
  if (!hasLinkSignature(r.data, offset)) {
    if (end - offset < 20) r.need(offset, HEADER_SIZE, 'link header');
    throw new ShortcutError('not a shell link (header size 0x4C and link CLSID expected)', { format: 'LNK', structure: 'link header', offset });
  }
  if (end - offset < HEADER_SIZE) {
    throw new ShortcutError('read past end of data', { format: 'LNK', structure: 'link header', offset, needed: HEADER_SIZE, available: end - offset });
  }
  const linkFlags = r.u32(offset + 20, 'link flags');
  const fileAttributes = r.u32(offset + 24, 'file attributes');
  const show = r.u32(offset + 60, 'show command');
  const showCommand: ShowCommand = SHOW_COMMANDS[show] ?? show;
  if (typeof showCommand === 'number') {
    warnings.add('link header', offset + 60, `show command ${show} is not a SW_* value the format allows; kept as a number`);
  }
  const hotKeyValue = r.u16(offset + 64, 'hot key');
  if (hotKeyValue >> 8 > 7) warnings.add('link header hot key', offset + 64, `modifier bits 0x${(hotKeyValue >> 8).toString(16)} beyond shift/control/alt`);
  // Reserved1..3 (0x42-0x4B) must be zero; anything there was written by something other than Windows.
  if (r.u16(offset + 66, 'reserved') !== 0 || r.u32(offset + 68, 'reserved') !== 0 || r.u32(offset + 72, 'reserved') !== 0) {
    warnings.add('link header reserved', offset + 66, 'reserved fields are not zero');
  }
  return {
    linkFlags,
    flags: bitNames(linkFlags, LINK_FLAGS),
    fileAttributes,
    attributes: attributeNames(fileAttributes),
    creationTime: checkedFiletime(r, offset + 28, warnings, 'link header creation time'),
    accessTime: checkedFiletime(r, offset + 36, warnings, 'link header access time'),
    writeTime: checkedFiletime(r, offset + 44, warnings, 'link header write time'),
    fileSize: r.u32(offset + 52, 'file size'),
    iconIndex: r.i32(offset + 56, 'icon index'),
    showCommand,
    hotKey: hotKey(hotKeyValue),
  };
}
