import { ShortcutError } from '../errors.js';
import { parseShellLink } from '../link/parse-shell-link.js';
import type { CustomCategory, CustomDestinations, ShellLink } from '../model.js';
import { appIdFromFileName } from './app-id.js';
import type { JumpListOptions } from './automatic-destinations.js';
import { LinkReader } from '../reader.js';
import { Warnings } from '@quarry/binary';

/** Ends every category (stored little-endian: AB FB BF BA). */
export const CATEGORY_FOOTER = 0xbabffbab;
/** CLSID_ShellLink {00021401-0000-0000-C000-000000000046} as stored before each link. */
export const SHELL_LINK_CLSID = Uint8Array.of(0x01, 0x14, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46);
const HEADER_SIZE = 12;
/** The smallest category: its type, one u32 and the footer. */
const MIN_CATEGORY = 12;
/** A shell link is at least its 76-byte header and the terminal block, after its CLSID. */
const MIN_ENTRY = 16 + 76 + 4;
const CATEGORY_TYPES = ['custom', 'known', 'tasks'] as const;

/**
 * A customDestinations-ms Jump List: the header, then categories of CLSID-prefixed shell links,
 * each closed by the 0xBABFFBAB footer. A link that cannot be read is a warning and the category
 * resumes at its footer; bytes after the last footer are reported as appended.
 */
export function parseCustomDestinations(bytes: Uint8Array, options: JumpListOptions = {}): CustomDestinations {
  const r = new LinkReader(bytes, 'CUSTOM');
  const warnings = new Warnings();
  r.need(0, HEADER_SIZE, 'customDestinations header');
  const version = r.u32(0, 'customDestinations header');
  if (version !== 2) warnings.add('customDestinations header', 0, `version ${version}, only 2 is known`);
  let count = r.u32(4, 'customDestinations header');
  const room = Math.floor((r.length - HEADER_SIZE) / MIN_CATEGORY);
  if (count > room) {
    warnings.add('customDestinations header', 4, `declares ${count} categories, only ${room} fit`);
    count = room;
  }

  const categories: CustomCategory[] = [];
  let offset = HEADER_SIZE;
  let footerFound = count > 0;
  for (let i = 0; i < count; i++) {
    const read = readCategory(r, offset, i, warnings);
    if (!read) {
      footerFound = false;
      break;
    }
    categories.push(read.category);
    offset = read.end;
    if (!read.footer) {
      footerFound = false;
      break;
    }
  }
  const appendedBytes = footerFound ? r.length - offset : 0;
  if (appendedBytes > 0) warnings.add('customDestinations', offset, `${appendedBytes} bytes after the last category footer`);
  return { kind: 'customDestinations', appId: appIdFromFileName(options.fileName), categories, footerFound, appendedBytes, warnings: warnings.list };
}

interface CategoryRead {
  category: CustomCategory;
  /** Offset after the footer (or where reading stopped). */
  end: number;
  footer: boolean;
}

function readCategory(r: LinkReader, at: number, index: number, warnings: Warnings): CategoryRead | null {
  const structure = `category ${index}`;
  return warnings.section(null, (): CategoryRead | null => {
    const typeValue = r.u32(at, structure);
    const type = CATEGORY_TYPES[typeValue];
    if (type === undefined) {
      warnings.add(structure, at, `unknown category type ${typeValue}; the rest of the file is not read`);
      return null;
    }
    const category: CustomCategory = { type, name: null, knownCategory: null, offset: at, links: [] };
    let offset = at + 4;
    if (type === 'known') {
      const id = r.i32(offset, structure);
      // Windows 10 writes -1 in some files (a known-category slot with no category chosen): no id, not damage.
      if (id === 1 || id === 2) category.knownCategory = id;
      else if (id !== -1) warnings.add(structure, offset, `known category id ${id} is neither 1 (frequent) nor 2 (recent)`);
      offset += 4;
    } else {
      if (type === 'custom') {
        const chars = r.u16(offset, structure);
        category.name = r.utf16(offset + 2, chars, structure);
        offset += 2 + chars * 2;
      }
      const links = readLinks(r, offset + 4, r.u32(offset, structure), structure, warnings);
      category.links = links.links;
      offset = links.end;
    }
    return { category, ...closeCategory(r, offset, structure, warnings) };
  });
}

function readLinks(r: LinkReader, at: number, declared: number, structure: string, warnings: Warnings): { links: ShellLink[]; end: number } {
  let count = declared;
  const room = Math.floor((r.length - at) / MIN_ENTRY);
  if (count > room) {
    warnings.add(structure, at - 4, `declares ${count} links, only ${room} fit`);
    count = room;
  }
  const links: ShellLink[] = [];
  let offset = at;
  for (let i = 0; i < count; i++) {
    const linkStructure = `${structure} link ${i}`;
    if (offset + 16 > r.length) {
      warnings.add(linkStructure, offset, 'file ends before this link');
      return { links, end: r.length };
    }
    if (!SHELL_LINK_CLSID.every((b, k) => r.data[offset + k] === b)) {
      warnings.add(linkStructure, offset, 'entry is not a shell link (CLSID differs); the category resumes at its footer');
      return { links, end: nextFooter(r, offset) };
    }
    try {
      const link = parseShellLink(r.data, { offset: offset + 16, end: r.length });
      links.push(link);
      offset += 16 + link.linkSize;
    } catch (error) {
      if (!(error instanceof ShortcutError)) throw error;
      warnings.add(linkStructure, error.offset, `link unreadable (${error.message}); the category resumes at its footer`);
      return { links, end: nextFooter(r, offset + 16) };
    }
  }
  return { links, end: offset };
}

/** Offset of the next category footer at or after `from`, or the end of data when there is none. */
function nextFooter(r: LinkReader, from: number): number {
  for (let o = from; o + 4 <= r.length; o++) if (r.view.getUint32(o, true) === CATEGORY_FOOTER) return o;
  return r.length;
}

function closeCategory(r: LinkReader, at: number, structure: string, warnings: Warnings): { end: number; footer: boolean } {
  if (at + 4 <= r.length && r.u32(at, structure) === CATEGORY_FOOTER) return { end: at + 4, footer: true };
  warnings.add(structure, at, at >= r.length ? 'category footer missing (file cut short)' : 'category footer 0xBABFFBAB not found where the category ends');
  return { end: at, footer: false };
}
