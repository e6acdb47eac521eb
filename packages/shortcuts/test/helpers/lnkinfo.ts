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
      section = line;
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
