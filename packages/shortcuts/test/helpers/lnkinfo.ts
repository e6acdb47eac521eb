import { execFileSync } from 'node:child_process';

/** The sections of `lnkinfo -v` whose "Name : value" lines the golden test compares. */
const SECTIONS = new Set(['Link information:', 'Distributed link tracking data:']);

/**
 * `lnkinfo -v` (liblnk-utils 20181227) of one file as its "Name: value" pairs from the link
 * information and tracking sections (values as printed, tabs before the colon removed).
 */
export function lnkinfo(path: string): Map<string, string> {
  const out = execFileSync('lnkinfo', ['-v', path], { encoding: 'utf8', maxBuffer: 16 << 20 });
  const fields = new Map<string, string>();
  let section = '';
  for (const line of out.split('\n')) {
    if (!line.startsWith('\t')) {
      if (line !== '') section = line;
      continue;
    }
    if (!SECTIONS.has(section) || line.startsWith('\t\t')) continue;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(1, colon).trim();
    // lnkinfo separates the value with ": "; an empty value leaves just ":" and a space.
    if (!fields.has(name)) fields.set(name, line.slice(colon + 2));
  }
  return fields;
}

export interface LnkinfoShellItem {
  fields: Map<string, string>;
  /** The first 0xBEEF0004 extension block's fields, when lnkinfo printed one. */
  extension: Map<string, string> | null;
}

/** The "Link target identifier" shell items `lnkinfo -v` prints, in order. */
export function lnkinfoShellItems(path: string): LnkinfoShellItem[] {
  const out = execFileSync('lnkinfo', ['-v', path], { encoding: 'utf8', maxBuffer: 16 << 20 });
  const items: LnkinfoShellItem[] = [];
  let section = '';
  let target: Map<string, string> | null = null;
  for (const line of out.split('\n')) {
    if (!line.startsWith('\t')) {
      if (line !== '') section = line;
      continue;
    }
    if (section !== 'Link target identifier:') continue;
    if (line.startsWith('\tShell item: ')) {
      const item: LnkinfoShellItem = { fields: new Map(), extension: null };
      items.push(item);
      target = item.fields;
      continue;
    }
    if (line.startsWith('\tExtension block: ')) {
      const item = items.at(-1);
      target = item !== undefined && item.extension === null ? (item.extension = new Map()) : null;
      continue;
    }
    if (target === null || !line.startsWith('\t\t') || line.startsWith('\t\t\t')) continue;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(2, colon).trim();
    if (!target.has(name)) target.set(name, line.slice(colon + 2));
  }
  return items.map((i) => (i.extension?.get('Signature')?.startsWith('0xbeef0004') === true ? i : { ...i, extension: null }));
}
