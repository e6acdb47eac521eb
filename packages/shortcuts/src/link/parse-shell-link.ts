import { readExtraData } from '../extra-data/parse-extra-data.js';
import type { ExtraDataBlock, LinkInfo, LinkStrings, ShellItem, ShellLink } from '../model.js';
import { LinkReader } from '../reader.js';
import { Warnings } from '@quarry/binary';
import { HEADER_SIZE, hasLinkSignature, LinkFlag, readHeader } from './header.js';
import { idListPath, readIdList } from './id-list.js';
import { readLinkInfo } from './link-info.js';
import { readStrings } from './strings.js';
import { resolveTarget } from './target.js';

export interface ParseShellLinkOptions {
  /** Where the link starts (a link inside a customDestinations file); default 0. */
  offset?: number;
  /** Where the bytes available to the link end; default the end of `bytes`. */
  end?: number;
}

const NO_STRINGS: LinkStrings = { description: null, relativePath: null, workingDirectory: null, arguments: null, iconLocation: null };

/** Whether `bytes` start with a shell link header (size 0x4C and the link CLSID). */
export function isShellLink(bytes: Uint8Array): boolean {
  return hasLinkSignature(bytes, 0);
}

/**
 * One MS-SHLLINK shell link. Throws ShortcutError only when the bytes are not a link or the header
 * is cut short; damage after the header becomes warnings and the rest is kept.
 */
export function parseShellLink(bytes: Uint8Array, options: ParseShellLinkOptions = {}): ShellLink {
  const start = options.offset ?? 0;
  const end = Math.max(0, Math.min(options.end ?? bytes.length, bytes.length));
  // Offsets stay absolute in `bytes`; reads past `end` fail as if the data stopped there.
  const r = new LinkReader(bytes.subarray(0, end));
  const warnings = new Warnings();
  const header = readHeader(r, start, end, warnings);
  const flags = header.linkFlags;
  let pos = start + HEADER_SIZE;

  let idList: ShellItem[] = [];
  if (flags & LinkFlag.HasLinkTargetIDList) {
    const read = warnings.section(null, () => readIdList(r, pos, end, warnings));
    if (read === null) pos = end;
    else ({ items: idList, next: pos } = read);
  }

  let linkInfo: LinkInfo | null = null;
  if (flags & LinkFlag.HasLinkInfo && pos < end) {
    const read = warnings.section(null, () => readLinkInfo(r, pos, end, warnings));
    if (read === null) pos = end;
    else {
      linkInfo = read.info;
      pos += read.size;
    }
  }

  let strings = NO_STRINGS;
  if (pos < end) ({ strings, next: pos } = readStrings(r, pos, end, flags, warnings));
  else if (flags & (LinkFlag.HasName | LinkFlag.HasRelativePath | LinkFlag.HasWorkingDir | LinkFlag.HasArguments | LinkFlag.HasIconLocation)) {
    warnings.add('string data', pos, 'the link ends before its string data');
  }

  let extraData: ExtraDataBlock[] = [];
  if (pos < end) ({ blocks: extraData, next: pos } = readExtraData(r, pos, end, warnings));
  else warnings.add('extra data', pos, 'the link ends without its terminal block');

  const tracker = extraData.find((b) => b.kind === 'tracker')?.tracker ?? null;
  const environmentTarget = extraData.find((b) => b.kind === 'environment')?.target ?? null;
  const path = idListPath(idList);
  return {
    header,
    idList,
    idListPath: path,
    linkInfo,
    strings,
    extraData,
    target: resolveTarget(linkInfo, environmentTarget, idList, path, strings.relativePath),
    tracker,
    environmentTarget,
    linkSize: pos - start,
    appendedBytes: end - pos,
    warnings: warnings.list,
  };
}
