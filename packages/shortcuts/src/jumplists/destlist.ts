import { uuidV1 } from '../extra-data/tracker.js';
import { checkedFiletime } from '../filetime.js';
import type { DestList, DestListEntry, ParseWarning } from '../model.js';
import { LinkReader } from '../reader.js';
import { Warnings } from '@quarry/binary';

const HEADER_SIZE = 32;
/** Fixed part of an entry before the path: version 1 (Windows 7/8) and versions ≥ 2 (Windows 10/11). */
const V1_FIXED = 114;
const V3_FIXED = 130;
/** Windows 10 ends each entry with 4 bytes after the path (zero in every sample). */
const V3_TRAILER = 4;
/** Entries sit in a stream of at most a few hundred KB; a declared count past this is damage. */
const MAX_ENTRIES = 65_536;

export interface DestListResult {
  destList: DestList;
  warnings: ParseWarning[];
}

/** The DestList stream on its own (see `readDestList`). */
export function parseDestList(bytes: Uint8Array): DestListResult {
  const warnings = new Warnings();
  return { destList: readDestList(bytes, warnings), warnings: warnings.list };
}

/**
 * The DestList stream of an automaticDestinations-ms file. The header must be whole (else a
 * ShortcutError 'DESTLIST'); an entry cut short or out of bounds ends the list with a warning, and
 * the entries before it are kept. Offsets in warnings are offsets in the stream.
 */
export function readDestList(bytes: Uint8Array, warnings: Warnings): DestList {
  const r = new LinkReader(bytes, 'DESTLIST');
  r.need(0, HEADER_SIZE, 'DestList header');
  const version = r.u32(0, 'DestList header');
  const entryCount = r.u32(4, 'DestList header');
  const pinnedCount = r.u32(8, 'DestList header');
  const lastEntryNumber = r.u32(16, 'DestList header');
  if (version !== 1 && version !== 3 && version !== 4) {
    warnings.add('DestList header', 0, `unknown version ${version}; entries read with the ${version >= 2 ? 'Windows 10' : 'Windows 7'} layout`);
  }
  const wide = version >= 2;

  const entries: DestListEntry[] = [];
  let offset = HEADER_SIZE;
  while (offset < r.length && entries.length < MAX_ENTRIES) {
    const read = warnings.section(null, () => readEntry(r, offset, wide, entries.length, warnings));
    if (!read) break;
    entries.push(read.entry);
    offset += read.size;
  }
  if (entries.length !== entryCount) {
    warnings.add('DestList header', 4, `header declares ${entryCount} entries, ${entries.length} read`);
  }
  return { version, entryCount, pinnedCount, lastEntryNumber, entries };
}

function readEntry(r: LinkReader, at: number, wide: boolean, index: number, warnings: Warnings): { entry: DestListEntry; size: number } {
  const structure = `DestList entry ${index + 1}`;
  const fixed = wide ? V3_FIXED : V1_FIXED;
  r.need(at, fixed, structure);
  const entryNumber = r.u32(at + 88, structure);
  const rawPin = r.i32(at + 108, structure);
  const pathChars = r.u16(at + fixed - 2, structure);
  const path = r.utf16(at + fixed, pathChars, structure);
  const lastAccess = checkedFiletime(r, at + 100, warnings, structure);
  if (rawPin < -1) warnings.add(structure, at + 108, `pin status ${rawPin} is neither -1 (unpinned) nor a position`);
  const entry: DestListEntry = {
    offset: at,
    entryNumber,
    streamName: entryNumber.toString(16),
    // Windows keeps the list most recent first, so the position in the stream is the MRU rank.
    mruPosition: index,
    hostname: r.ansiz(at + 72, at + 88, structure).text,
    droidVolumeId: r.guid(at + 8, structure),
    droidFileId: r.guid(at + 24, structure),
    birthDroidVolumeId: r.guid(at + 40, structure),
    birthDroidFileId: r.guid(at + 56, structure),
    macAddress: uuidV1(r.data, at + 24).macAddress,
    lastAccess,
    pinned: rawPin >= 0 ? rawPin : null,
    accessCount: wide ? r.u32(at + 116, structure) : null,
    path,
  };
  let size = fixed + pathChars * 2;
  if (wide) {
    // The trailer is absent after the last entry of some files; only skip it when it is there.
    if (at + size + V3_TRAILER <= r.length) size += V3_TRAILER;
    else if (at + size < r.length) warnings.add(structure, at + size, 'entry trailer cut short');
  }
  return { entry, size };
}
