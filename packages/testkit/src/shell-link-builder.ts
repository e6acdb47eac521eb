/**
 * Writes shell links (MS-SHLLINK) from the format, for tests that need a case the real samples lack
 * (a padded `powershell -enc` command line, a UNC icon, a tracker from another machine, an appended
 * payload). Section numbers are MS-SHLLINK's; shell item layouts follow libfwsi's documentation.
 * Every string is written as Unicode (IsUnicode set), as every Windows since XP writes them.
 */

/** One item of the link target ID list (§2.2). */
export type ShellItemSpec =
  | { kind: 'myComputer' }
  | { kind: 'volume'; letter: string }
  /** A file entry item (class 0x32, or 0x31 for a directory) with a BEEF0004 version 9 extension. */
  | { kind: 'file' | 'directory'; name: string; size?: number; modified?: string; mftEntry?: number; mftSequence?: number };

export interface LinkVolumeSpec {
  /** VolumeID.DriveType: 2 removable, 3 fixed, 4 remote, 5 cdrom (§2.3.1). */
  driveType: number;
  serial: number;
  label: string;
  localBasePath: string;
}

export interface LinkNetworkSpec {
  /** `\\server\share` */
  netName: string;
  deviceName?: string;
  /** WNNC_NET_* (0x00020000 LANMAN). */
  providerType?: number;
}

export interface TrackerSpec {
  machineId: string;
  /** GUIDs as `{xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}` (braces optional). */
  droidVolumeId: string;
  droidFileId: string;
  birthDroidVolumeId: string;
  birthDroidFileId: string;
}

export interface ShellLinkSpec {
  /** Target times as ISO 8601 UTC; absent = 0 (not set). */
  created?: string;
  accessed?: string;
  modified?: string;
  fileSize?: number;
  /** FILE_ATTRIBUTE_* of the target (0x20 ARCHIVE, 0x10 DIRECTORY). */
  attributes?: number;
  iconIndex?: number;
  /** SW_SHOWNORMAL 1, SW_SHOWMAXIMIZED 3, SW_SHOWMINNOACTIVE 7. */
  showCommand?: number;
  idList?: ShellItemSpec[];
  /** LinkInfo (§2.3): a local volume and path, a network share, or both. */
  volume?: LinkVolumeSpec;
  network?: LinkNetworkSpec;
  /** CommonPathSuffix: the path under the share (or the local base path); "" by default. */
  pathSuffix?: string;
  description?: string;
  relativePath?: string;
  workingDirectory?: string;
  arguments?: string;
  iconLocation?: string;
  /** EnvironmentVariableDataBlock / IconEnvironmentDataBlock targets (§2.5.4, §2.5.5). */
  environmentTarget?: string;
  iconEnvironment?: string;
  tracker?: TrackerSpec;
  /** Bytes after the terminal block: what droppers append (a payload the link's command extracts). */
  appended?: Uint8Array;
}

const LINK_CLSID = '00021401-0000-0000-c000-000000000046';
const MY_COMPUTER = '20d04fe0-3aea-1069-a2d8-08002b30309d';
const FILETIME_UNIX_EPOCH = 116444736000000000n;

/** A little-endian writer that grows as it goes. */
class Bytes {
  private parts: Buffer[] = [];
  length = 0;

  raw(b: Uint8Array): this {
    this.parts.push(Buffer.from(b));
    this.length += b.length;
    return this;
  }
  u8(n: number): this {
    return this.raw(Uint8Array.of(n & 0xff));
  }
  u16(n: number): this {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(n & 0xffff);
    return this.raw(b);
  }
  u32(n: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return this.raw(b);
  }
  u64(n: bigint): this {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(n);
    return this.raw(b);
  }
  /** NUL-terminated code-page text (ASCII here). */
  ansiz(s: string): this {
    return this.raw(Buffer.from(`${s}\0`, 'latin1'));
  }
  utf16z(s: string): this {
    return this.raw(Buffer.from(`${s}\0`, 'utf16le'));
  }
  /** A fixed-size field, NUL-padded. */
  fixed(b: Uint8Array, size: number): this {
    const out = Buffer.alloc(size);
    out.set(b.subarray(0, size));
    return this.raw(out);
  }
  guid(text: string): this {
    return this.raw(guidBytes(text));
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** A GUID in its on-disk (mixed-endian) layout. */
export function guidBytes(text: string): Buffer {
  const hex = text.replace(/[{}-]/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a GUID: ${text}`);
  const b = Buffer.from(hex, 'hex');
  const le = (from: number, to: number) => Buffer.from(b.subarray(from, to)).reverse();
  return Buffer.concat([le(0, 4), le(4, 6), le(6, 8), b.subarray(8)]);
}

export function filetime(iso: string | undefined): bigint {
  if (!iso) return 0n;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`not a time: ${iso}`);
  return BigInt(ms) * 10000n + FILETIME_UNIX_EPOCH;
}

/** FAT date and time (date in the first 16 bits, as shell items store it), from ISO text without a zone. */
function fatDateTime(iso: string | undefined): number {
  if (!iso) return 0;
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/.exec(iso);
  if (!m) throw new Error(`not a time: ${iso}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = ((y - 1980) << 9) | (mo << 5) | d;
  const time = (h << 11) | (mi << 5) | (s >> 1);
  return (date | (time << 16)) >>> 0;
}

function shellItem(spec: ShellItemSpec): Buffer {
  const body = new Bytes();
  switch (spec.kind) {
    case 'myComputer':
      body.u8(0x1f).u8(0x50).guid(MY_COMPUTER);
      break;
    case 'volume':
      // 0x2F: a drive letter item; the name field is 23 bytes, NUL-padded.
      body.u8(0x2f).fixed(Buffer.from(`${spec.letter.toUpperCase()}:\\`, 'latin1'), 22);
      break;
    case 'file':
    case 'directory': {
      const dir = spec.kind === 'directory';
      const dos = fatDateTime(spec.modified);
      body
        .u8(dir ? 0x31 : 0x32)
        .u8(0)
        .u32(spec.size ?? 0)
        .u32(dos)
        .u16(dir ? 0x10 : 0x20)
        .ansiz(shortName(spec.name));
      // The extension block starts on a 2-byte boundary (counted from the item's size field).
      if ((body.length + 2) % 2 !== 0) body.u8(0);
      const extStart = body.length + 2;
      const ext = new Bytes()
        .u16(0) // size, patched below
        .u16(9)
        .u32(0xbeef0004)
        .u32(dos)
        .u32(dos)
        .u16(0x2e)
        .u16(0)
        .raw(mftReference(spec.mftEntry ?? 0, spec.mftSequence ?? 0))
        .u64(0n)
        .u16(0) // no localised name
        .u32(0)
        .u32(0)
        .utf16z(spec.name)
        .u16(extStart);
      const extBytes = ext.done();
      extBytes.writeUInt16LE(extBytes.length, 0);
      body.raw(extBytes);
      break;
    }
  }
  const inner = body.done();
  return new Bytes()
    .u16(inner.length + 2)
    .raw(inner)
    .done();
}

/** A 6-byte MFT entry and a 2-byte sequence number. */
function mftReference(entry: number, sequence: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeUIntLE(entry, 0, 6);
  b.writeUInt16LE(sequence, 6);
  return b;
}

/** An 8.3-looking primary name: what Windows stores before the long name (only its shape matters here). */
function shortName(name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const ext = dot > 0 ? name.slice(dot + 1, dot + 4).toUpperCase() : '';
  const s = stem.length > 8 ? `${stem.slice(0, 6)}~1` : stem || 'X';
  return ext ? `${s}.${ext}` : s;
}

/** The items for a drive path: My Computer, the volume, then one item per folder and the file. */
export function pathIdList(path: string, opts: { size?: number; modified?: string } = {}): ShellItemSpec[] {
  const m = /^([A-Za-z]):\\(.*)$/.exec(path);
  if (!m) throw new Error(`not a drive path: ${path}`);
  const parts = m[2]!.split('\\').filter(Boolean);
  return [
    { kind: 'myComputer' },
    { kind: 'volume', letter: m[1]! },
    ...parts.map((name, i): ShellItemSpec => (i === parts.length - 1 ? { kind: 'file', name, ...opts } : { kind: 'directory', name })),
  ];
}

function idList(items: readonly ShellItemSpec[]): Buffer {
  const list = Buffer.concat([...items.map(shellItem), Buffer.alloc(2)]);
  return new Bytes().u16(list.length).raw(list).done();
}

/** LinkInfo (§2.3) with a 0x1C header (no Unicode offsets): code-page strings. */
function linkInfo(spec: ShellLinkSpec): Buffer {
  const HEADER = 0x1c;
  const volume = spec.volume ? new Bytes().u32(0).u32(spec.volume.driveType).u32(spec.volume.serial).u32(0x10).ansiz(spec.volume.label).done() : null;
  if (volume) volume.writeUInt32LE(volume.length, 0);
  const network = spec.network
    ? (() => {
        const n = spec.network;
        const netName = Buffer.from(`${n.netName}\0`, 'latin1');
        const b = new Bytes()
          .u32(0)
          .u32((n.deviceName ? 1 : 0) | 2)
          .u32(0x14)
          .u32(n.deviceName ? 0x14 + netName.length : 0)
          .u32(n.providerType ?? 0x00020000)
          .raw(netName);
        if (n.deviceName) b.ansiz(n.deviceName);
        const out = b.done();
        out.writeUInt32LE(out.length, 0);
        return out;
      })()
    : null;
  const basePath = spec.volume ? Buffer.from(`${spec.volume.localBasePath}\0`, 'latin1') : null;
  const suffix = Buffer.from(`${spec.pathSuffix ?? ''}\0`, 'latin1');

  let at = HEADER;
  const volumeOffset = volume ? at : 0;
  at += volume?.length ?? 0;
  const baseOffset = basePath ? at : 0;
  at += basePath?.length ?? 0;
  const networkOffset = network ? at : 0;
  at += network?.length ?? 0;
  const suffixOffset = at;
  at += suffix.length;

  return new Bytes()
    .u32(at)
    .u32(HEADER)
    .u32((volume ? 1 : 0) | (network ? 2 : 0))
    .u32(volumeOffset)
    .u32(baseOffset)
    .u32(networkOffset)
    .u32(suffixOffset)
    .raw(Buffer.concat([volume, basePath, network, suffix].filter((b): b is Buffer => b !== null)))
    .done();
}

/** A StringData entry (§2.4): a character count, then UTF-16LE without a terminator. */
function stringData(s: string): Buffer {
  return new Bytes().u16(s.length).raw(Buffer.from(s, 'utf16le')).done();
}

/** Environment-style block (§2.5.4/2.5.5): 260 code-page bytes, then 520 bytes of UTF-16. */
function environmentBlock(signature: number, target: string): Buffer {
  return new Bytes().u32(0x314).u32(signature).fixed(Buffer.from(target, 'latin1'), 260).fixed(Buffer.from(target, 'utf16le'), 520).done();
}

/** TrackerDataBlock (§2.5.10): the NetBIOS name of the machine that last held the target, and its droids. */
function trackerBlock(t: TrackerSpec): Buffer {
  return new Bytes()
    .u32(0x60)
    .u32(0xa0000003)
    .u32(0x58)
    .u32(0)
    .fixed(Buffer.from(t.machineId, 'latin1'), 16)
    .guid(t.droidVolumeId)
    .guid(t.droidFileId)
    .guid(t.birthDroidVolumeId)
    .guid(t.birthDroidFileId)
    .done();
}

/** LinkFlags (§2.1.1) the spec implies. */
function linkFlags(spec: ShellLinkSpec): number {
  let f = 0x80; // IsUnicode
  if (spec.idList) f |= 0x1;
  if (spec.volume || spec.network) f |= 0x2;
  if (spec.description !== undefined) f |= 0x4;
  if (spec.relativePath !== undefined) f |= 0x8;
  if (spec.workingDirectory !== undefined) f |= 0x10;
  if (spec.arguments !== undefined) f |= 0x20;
  if (spec.iconLocation !== undefined) f |= 0x40;
  if (spec.environmentTarget !== undefined) f |= 0x200;
  if (spec.iconEnvironment !== undefined) f |= 0x4000;
  return f;
}

/** The bytes of a shell link as Windows writes it: header, ID list, LinkInfo, StringData, extra data, then `appended`. */
export function buildShellLink(spec: ShellLinkSpec): Buffer {
  const out = new Bytes()
    .u32(0x4c)
    .guid(LINK_CLSID)
    .u32(linkFlags(spec))
    .u32(spec.attributes ?? 0x20)
    .u64(filetime(spec.created))
    .u64(filetime(spec.accessed))
    .u64(filetime(spec.modified))
    .u32(spec.fileSize ?? 0)
    .u32(spec.iconIndex ?? 0)
    .u32(spec.showCommand ?? 1)
    .u16(0)
    .u16(0)
    .u32(0)
    .u32(0);
  if (spec.idList) out.raw(idList(spec.idList));
  if (spec.volume || spec.network) out.raw(linkInfo(spec));
  for (const s of [spec.description, spec.relativePath, spec.workingDirectory, spec.arguments, spec.iconLocation]) {
    if (s !== undefined) out.raw(stringData(s));
  }
  if (spec.environmentTarget !== undefined) out.raw(environmentBlock(0xa0000001, spec.environmentTarget));
  if (spec.tracker) out.raw(trackerBlock(spec.tracker));
  if (spec.iconEnvironment !== undefined) out.raw(environmentBlock(0xa0000007, spec.iconEnvironment));
  out.u32(0); // TerminalBlock
  if (spec.appended) out.raw(spec.appended);
  return out.done();
}
