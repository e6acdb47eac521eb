import { spawnSync } from 'node:child_process';

/** What sccainfo (Debian libscca-utils) prints for one file, kept as its text. */
export interface SccainfoView {
  version: number;
  /** `0xd269b812` */
  hash: string;
  executable: string;
  runCount: number;
  /** Stored run times as printed (`Jan 12, 2016 20:07:03.981069400 UTC`), unset slots left out. */
  runTimes: string[];
  filenames: string[];
  volumes: { devicePath: string; creationTime: string; serial: string }[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * sccainfo's time as a cell: `Jan 12, 2016 20:07:03.981069400 UTC` → `2016-01-12 20:07:03.981 UTC`
 * (truncated to ms), by rearranging its text, so our time code is not used to check itself.
 */
export function sccainfoCell(text: string): string {
  const m = /^(\w{3}) (\d{2}), (\d{4}) (\d{2}:\d{2}:\d{2})\.(\d{3})\d* UTC$/.exec(text);
  if (!m) throw new Error(`unexpected sccainfo time "${text}"`);
  return `${m[3]}-${String(MONTHS.indexOf(m[1]!) + 1).padStart(2, '0')}-${m[2]} ${m[4]}.${m[5]} UTC`;
}

/** Unix ms of a sccainfo time (truncated). */
export function sccainfoMs(text: string): number {
  return Date.parse(sccainfoCell(text).replace(' UTC', 'Z').replace(' ', 'T'));
}

/** Runs sccainfo on one file; null when it cannot read it (version 31, damage). */
export function sccainfo(tool: string, path: string): SccainfoView | null {
  const r = spawnSync(tool, [path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) return null;
  const lines = r.stdout.split('\n');
  const value = (label: string) => {
    const line = lines.find((l) => l.trimStart().startsWith(label));
    return line === undefined ? '' : line.slice(line.indexOf(': ') + 2);
  };
  const view: SccainfoView = {
    version: Number(value('Format version')),
    hash: value('Prefetch hash'),
    executable: value('Executable filename'),
    runCount: Number(value('Run count')),
    runTimes: lines
      // "Last run time: 3\t\t: …" from version 26 on, "Last run time:\t\t\t: …" (one slot) before.
      .filter((l) => l.startsWith('\tLast run time:'))
      .map((l) => l.slice(l.indexOf(': ', l.indexOf('time:') + 5) + 2))
      .filter((t) => !t.startsWith('Not set')),
    filenames: lines.filter((l) => /^\tFilename: \d+\t/.test(l)).map((l) => l.slice(l.indexOf(': ', 11) + 2)),
    volumes: [],
  };
  for (const l of lines) {
    const last = view.volumes.at(-1);
    if (/^Volume: \d+ information:/.test(l)) view.volumes.push({ devicePath: '', creationTime: '', serial: '' });
    else if (last && l.startsWith('\tDevice path')) last.devicePath = l.slice(l.indexOf(': ') + 2);
    else if (last && l.startsWith('\tCreation time')) last.creationTime = l.slice(l.indexOf(': ') + 2);
    else if (last && l.startsWith('\tSerial number')) last.serial = l.slice(l.indexOf(': ') + 2);
  }
  return view;
}

/**
 * INSIGHTS.md §5 applied to sccainfo's output: the executable is the first filename whose last
 * component is the executable name (as a prefix for a 29-character name); its path drops the
 * longest volume device path that prefixes it, and its volume is that volume's serial.
 */
export function sccainfoExecutable(v: SccainfoView): { path: string; volume: string } | null {
  const exe = v.executable.toUpperCase();
  const file = v.filenames.find((f) => {
    const base = f.slice(f.lastIndexOf('\\') + 1).toUpperCase();
    return base === exe || (exe.length >= 29 && base.startsWith(exe));
  });
  if (!file) return null;
  const vol = v.volumes
    .filter((x) => file.toUpperCase().startsWith(`${x.devicePath.toUpperCase()}\\`))
    .sort((a, b) => b.devicePath.length - a.devicePath.length)[0];
  if (!vol) return { path: file, volume: '' };
  return { path: file.slice(vol.devicePath.length), volume: vol.serial.replace(/^0x/, '').toUpperCase().padStart(8, '0') };
}
