/**
 * Writes shell links from the format ([MS-SHLLINK]) for tests, so every offset in a test's
 * expectations follows from the layout here: header 0x4C bytes, then [ID list], [LinkInfo],
 * StringData, extra data blocks, a 4-byte terminal block, then any appended bytes.
 */

const LINK_CLSID = [0x01, 0x14, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46];

export type StringField = 'description' | 'relativePath' | 'workingDirectory' | 'arguments' | 'iconLocation';
const STRING_FLAGS: [StringField, number][] = [
  ['description', 0x04],
  ['relativePath', 0x08],
  ['workingDirectory', 0x10],
  ['arguments', 0x20],
  ['iconLocation', 0x40],
];

export interface LinkSpec {
  attributes?: number;
  /** Creation, access, write FILETIMEs. */
  times?: [bigint, bigint, bigint];
  fileSize?: number;
  iconIndex?: number;
  showCommand?: number;
  hotKey?: number;
  /** Raw shell items (each with its size field); an ID list is written when given. */
  idList?: Uint8Array[];
  linkInfo?: Uint8Array;
  strings?: Partial<Record<StringField, string>>;
  /** StringData in UTF-16 (IsUnicode) unless false. */
  unicode?: boolean;
  extra?: Uint8Array[];
  /** Extra link flags to set. */
  flags?: number;
  appended?: Uint8Array;
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function u16(v: number): Uint8Array {
  return new Uint8Array([v & 0xff, (v >> 8) & 0xff]);
}

export function u32(v: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, v >>> 0, true);
  return b;
}

export function utf16(text: string, nul = false): Uint8Array {
  const b = new Uint8Array((text.length + (nul ? 1 : 0)) * 2);
  for (let i = 0; i < text.length; i++) new DataView(b.buffer).setUint16(i * 2, text.charCodeAt(i), true);
  return b;
}

export function ascii(text: string, nul = false): Uint8Array {
  return new Uint8Array([...Array.from(text, (c) => c.charCodeAt(0) & 0xff), ...(nul ? [0] : [])]);
}

export function guid(text: string): Uint8Array {
  const h = text.replace(/-/g, '');
  const bytes = (s: string) => (s.match(/../g) ?? []).map((x) => parseInt(x, 16));
  return new Uint8Array([...bytes(h.slice(0, 8)).reverse(), ...bytes(h.slice(8, 12)).reverse(), ...bytes(h.slice(12, 16)).reverse(), ...bytes(h.slice(16))]);
}

/** LinkInfo with a VolumeID (ANSI label) and an ANSI local base path; header size 0x1C. */
export function localLinkInfo(driveType: number, serial: number, label: string, basePath: string): Uint8Array {
  const volume = concat([u32(0x10 + label.length + 1), u32(driveType), u32(serial), u32(0x10), ascii(label, true)]);
  const base = ascii(basePath, true);
  const volumeAt = 0x1c;
  const baseAt = volumeAt + volume.length;
  const suffixAt = baseAt + base.length;
  const size = suffixAt + 1;
  return concat([u32(size), u32(0x1c), u32(1), u32(volumeAt), u32(baseAt), u32(0), u32(suffixAt), volume, base, new Uint8Array(1)]);
}

/** LinkInfo with only a CommonNetworkRelativeLink (ANSI net name, WNNC_NET_LANMAN) and a suffix. */
export function networkLinkInfo(netName: string, suffix: string): Uint8Array {
  const net = concat([u32(0x14 + netName.length + 1), u32(2), u32(0x14), u32(0), u32(0x00020000), ascii(netName, true)]);
  const netAt = 0x1c;
  const suffixAt = netAt + net.length;
  const tail = ascii(suffix, true);
  return concat([u32(suffixAt + tail.length), u32(0x1c), u32(2), u32(0), u32(0), u32(netAt), u32(suffixAt), net, tail]);
}

/** An environment (0xA0000001), icon environment (0xA0000007) or darwin (0xA0000006) block: 260 ANSI + 520 UTF-16 bytes. */
export function pathBlock(signature: number, target: string): Uint8Array {
  const ansi = new Uint8Array(260);
  ansi.set(ascii(target).subarray(0, 259));
  const wide = new Uint8Array(520);
  wide.set(utf16(target).subarray(0, 518));
  return concat([u32(0x314), u32(signature), ansi, wide]);
}

export function trackerBlock(machineId: string, droidVolume: string, droidFile: string): Uint8Array {
  const machine = new Uint8Array(16);
  machine.set(ascii(machineId).subarray(0, 15));
  return concat([u32(0x60), u32(0xa0000003), u32(0x58), u32(0), machine, guid(droidVolume), guid(droidFile), guid(droidVolume), guid(droidFile)]);
}

export function buildLink(spec: LinkSpec = {}): Uint8Array {
  const unicode = spec.unicode ?? true;
  let flags = spec.flags ?? 0;
  if (spec.idList) flags |= 0x01;
  if (spec.linkInfo) flags |= 0x02;
  if (unicode) flags |= 0x80;
  const strings: Uint8Array[] = [];
  for (const [field, flag] of STRING_FLAGS) {
    const text = spec.strings?.[field];
    if (text === undefined) continue;
    flags |= flag;
    strings.push(u16(text.length), unicode ? utf16(text) : ascii(text));
  }
  const [created, accessed, written] = spec.times ?? [0n, 0n, 0n];
  const header = new Uint8Array(0x4c);
  const h = new DataView(header.buffer);
  h.setUint32(0, 0x4c, true);
  header.set(LINK_CLSID, 4);
  h.setUint32(20, flags, true);
  h.setUint32(24, spec.attributes ?? 0x20, true);
  h.setBigUint64(28, created, true);
  h.setBigUint64(36, accessed, true);
  h.setBigUint64(44, written, true);
  h.setUint32(52, spec.fileSize ?? 0, true);
  h.setInt32(56, spec.iconIndex ?? 0, true);
  h.setUint32(60, spec.showCommand ?? 1, true);
  h.setUint16(64, spec.hotKey ?? 0, true);
  const idList = spec.idList ? concat([u16(spec.idList.reduce((n, i) => n + i.length, 0) + 2), ...spec.idList, u16(0)]) : new Uint8Array(0);
  return concat([header, idList, spec.linkInfo ?? new Uint8Array(0), ...strings, ...(spec.extra ?? []), u32(0), spec.appended ?? new Uint8Array(0)]);
}
