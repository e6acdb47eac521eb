import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What the reference tools report for one file, in our output's units. */
export interface ReferenceView {
  version: number;
  prefetchHash: string;
  executableName: string;
  runCount: number;
  lastRunTimes: (string | null)[];
  filenames: string[];
  volumes: { devicePath: string; creationTime: string | null; serialNumber: number }[];
  /** pyscca only: each file metrics entry's filename and NTFS file reference (raw 64-bit as hex, null when not set). */
  fileMetrics?: { filename: string; fileReference: string | null }[];
}

export function haveCommand(command: string, args: string[] = ['-V']): boolean {
  const r = spawnSync(command, args, { stdio: 'ignore' });
  return r.error === undefined;
}

const MONTHS: Record<string, string> = {
  Jan: '01',
  Feb: '02',
  Mar: '03',
  Apr: '04',
  May: '05',
  Jun: '06',
  Jul: '07',
  Aug: '08',
  Sep: '09',
  Oct: '10',
  Nov: '11',
  Dec: '12',
};

/** "Jan 13, 2016 22:05:51.281250000 UTC" -> "2016-01-13T22:05:51.281250000Z"; "Not set (0)" -> null. */
export function sccainfoTime(text: string): string | null {
  if (text.startsWith('Not set')) return null;
  const m = /^(\w{3}) (\d{2}), (\d{4}) (\d{2}:\d{2}:\d{2}\.\d{9}) UTC$/.exec(text);
  if (!m) throw new Error(`unexpected sccainfo time "${text}"`);
  return `${m[3]}-${MONTHS[m[1] as string]}-${m[2]}T${m[4]}Z`;
}

/** Our 7 fractional digits, padded to sccainfo's 9. */
export function nanoTime(iso: string | null): string | null {
  return iso === null ? null : iso.replace(/\.(\d{7})Z$/, '.$100Z');
}

/** Runs sccainfo; null when it cannot open the file (unsupported version or damage). */
export function sccainfo(path: string): ReferenceView | null {
  const r = spawnSync('sccainfo', [path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) return null;
  const lines = r.stdout.split('\n');
  const value = (label: string) => {
    const line = lines.find((l) => l.trimStart().startsWith(label));
    return line === undefined ? undefined : line.slice(line.indexOf(': ') + 2);
  };
  const view: ReferenceView = {
    version: Number(value('Format version')),
    prefetchHash: value('Prefetch hash') ?? '',
    executableName: value('Executable filename') ?? '',
    runCount: Number(value('Run count')),
    lastRunTimes: lines.filter((l) => /^\tLast run time:/.test(l)).map((l) => sccainfoTime(l.slice(l.indexOf(': ', l.indexOf('time:') + 5) + 2))),
    filenames: lines.filter((l) => /^\tFilename: \d+\t/.test(l)).map((l) => l.slice(l.indexOf(': ', 11) + 2)),
    volumes: [],
  };
  let volume: ReferenceView['volumes'][number] | null = null;
  for (const l of lines) {
    if (/^Volume: \d+ information:/.test(l)) view.volumes.push((volume = { devicePath: '', creationTime: null, serialNumber: 0 }));
    else if (volume && l.startsWith('\tDevice path')) volume.devicePath = l.slice(l.indexOf(': ') + 2);
    else if (volume && l.startsWith('\tCreation time')) volume.creationTime = sccainfoTime(l.slice(l.indexOf(': ') + 2));
    else if (volume && l.startsWith('\tSerial number')) volume.serialNumber = parseInt(l.slice(l.indexOf(': ') + 2), 16);
  }
  return view;
}

const PYSCCA_SCRIPT = fileURLToPath(new URL('./pyscca-dump.py', import.meta.url));

export function havePyscca(): boolean {
  return spawnSync('python3', ['-c', 'import pyscca'], { stdio: 'ignore' }).status === 0;
}

/** Runs libscca's Python bindings over many files at once; null entries are files it refused. */
export function pyscca(paths: string[]): (ReferenceView | null)[] {
  const out = execFileSync('python3', [PYSCCA_SCRIPT, ...paths], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(out) as (ReferenceView | null)[];
}
