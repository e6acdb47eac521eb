import { spawnSync } from 'node:child_process';

/** The `Link information` and `Distributed link tracking data` fields lnkinfo (liblnk-utils) prints for one link, as text. */
export type LnkinfoView = Record<string, string>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * lnkinfo's time as a cell: `Jan 29, 2016 15:38:32.504071200 UTC` → `2016-01-29 15:38:32.504 UTC`
 * (truncated), by rearranging its text so our time code does not check itself; "Not set (0)" is "".
 */
export function lnkinfoCell(text: string | undefined): string {
  if (text === undefined || text.startsWith('Not set')) return '';
  const m = /^(\w{3}) (\d{2}), (\d{4}) (\d{2}:\d{2}:\d{2})\.(\d{3})\d* UTC$/.exec(text);
  if (!m) throw new Error(`unexpected lnkinfo time "${text}"`);
  return `${m[3]}-${String(MONTHS.indexOf(m[1]!) + 1).padStart(2, '0')}-${m[2]} ${m[4]}.${m[5]} UTC`;
}

/** `lnkinfo -v FILE`: the top-level fields (one tab-indented `Label : value` line each); null when lnkinfo cannot read it. */
export function lnkinfo(tool: string, file: string): LnkinfoView | null {
  const r = spawnSync(tool, [file], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const view: LnkinfoView = {};
  for (const line of r.stdout.split('\n')) {
    // Top-level fields are indented by one tab; shell items (deeper) are left out.
    const m = /^\t([^\t:][^:]*?)\t*: (.*)$/.exec(line);
    if (m && !(m[1]! in view)) view[m[1]!.trim()] = m[2]!;
  }
  return view;
}
