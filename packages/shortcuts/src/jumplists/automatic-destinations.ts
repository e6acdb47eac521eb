import { ShortcutError } from '../errors.js';
import { parseShellLink } from '../link/parse-shell-link.js';
import type { AutomaticDestinations, DestList, DestListEntry, JumpListEntry, ShellLink } from '../model.js';
import { appIdFromFileName } from './app-id.js';
import { readCompoundStreams, type CompoundStream } from './compound-file.js';
import { readDestList } from './destlist.js';
import { Warnings } from '@quarry/binary';

/** Link streams are named by their entry number in hex. */
const ENTRY_STREAM = /^[0-9a-f]+$/i;

export interface JumpListOptions {
  /** The file's name, for its AppID. */
  fileName?: string;
}

/**
 * An automaticDestinations-ms Jump List: the compound file's DestList joined with its link
 * streams, in DestList (most recent first) order, then streams the DestList does not list. Only a
 * file that is no compound file at all throws (ShortcutError 'CFB'); a damaged DestList or link
 * becomes a warning or the entry's `error`.
 */
export function parseAutomaticDestinations(bytes: Uint8Array, options: JumpListOptions = {}): AutomaticDestinations {
  return automaticFromStreams(readCompoundStreams(bytes), options);
}

/** Whether a compound file's streams are a Jump List's: a DestList or hex-named link streams. */
export function isJumpListStreams(streams: CompoundStream[]): boolean {
  return streams.some((s) => s.path === 'DestList' || ENTRY_STREAM.test(s.path));
}

/** parseAutomaticDestinations over streams already read (detection reads them once). */
export function automaticFromStreams(streams: CompoundStream[], options: JumpListOptions): AutomaticDestinations {
  const warnings = new Warnings();
  const destList = findDestList(streams, warnings);

  const links = new Map<string, CompoundStream>();
  for (const stream of streams) {
    if (stream.path === 'DestList') continue;
    if (ENTRY_STREAM.test(stream.path)) links.set(stream.path.toLowerCase(), stream);
    else warnings.add(`stream ${stream.path}`, 0, 'stream is neither the DestList nor a link entry; ignored');
  }

  const entries: JumpListEntry[] = [];
  const listed = new Set<string>();
  for (const dest of destList?.entries ?? []) {
    if (listed.has(dest.streamName)) warnings.add(`DestList entry ${dest.entryNumber}`, dest.offset, 'entry number listed twice');
    listed.add(dest.streamName);
    const stream = links.get(dest.streamName);
    if (!stream) warnings.add(`DestList entry ${dest.entryNumber}`, dest.offset, `no stream ${dest.streamName} holds its link`);
    entries.push(joinEntry(dest.streamName, dest, stream));
  }
  for (const [name, stream] of links) {
    if (listed.has(name)) continue;
    if (destList) warnings.add(`stream ${name}`, 0, 'link stream has no DestList entry');
    entries.push(joinEntry(name, null, stream));
  }

  return { kind: 'automaticDestinations', appId: appIdFromFileName(options.fileName), destList, entries, warnings: warnings.list };
}

function findDestList(streams: CompoundStream[], warnings: Warnings): DestList | null {
  const stream = streams.find((s) => s.path === 'DestList');
  if (!stream) {
    warnings.add('DestList', 0, 'no DestList stream');
    return null;
  }
  // Windows leaves a 0-byte DestList when the list was cleared: no list, and nothing damaged.
  if (stream.data.length === 0) return null;
  return warnings.section(null, () => readDestList(stream.data, warnings));
}

function joinEntry(streamName: string, destList: DestListEntry | null, stream: CompoundStream | undefined): JumpListEntry {
  if (!stream) return { streamName, destList, link: null, error: 'link stream missing' };
  let link: ShellLink;
  try {
    link = parseShellLink(stream.data);
  } catch (error) {
    if (!(error instanceof ShortcutError)) throw error;
    return { streamName, destList, link: null, error: error.message };
  }
  return { streamName, destList, link, error: null };
}
