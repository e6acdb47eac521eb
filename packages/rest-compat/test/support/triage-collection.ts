import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough, zipSync, type Zippable } from 'fflate';
import { SAMPLES } from './harness.js';

/**
 * Whole-host triage collections for tests, written from `../shared/samples` with a real zip
 * library in the layouts analysts upload: KAPE target output and a Velociraptor offline collector's
 * zip. The samples come from several machines: a collection is one "host" only in its layout, so
 * golden facts are checked per artifact (each against its reference tool), never across hosts.
 */

/** One artifact of the host: a sample (path under samples/) at its place on the C: volume. */
export interface HostFile {
  /** Where Windows keeps it, `/`-separated, without the drive: `Windows/System32/config/SYSTEM`. */
  at: string;
  sample: string;
  /** Bytes to write instead of the sample's (damage tests). */
  data?: Uint8Array;
}

const LOGS = 'Windows/System32/winevt/Logs';
const CONFIG = 'Windows/System32/config';
const PREFETCH = 'Windows/Prefetch';

/** The user profile's places of a Windows 10 host. */
export const profile = (user: string) => ({
  ntuser: `Users/${user}/NTUSER.DAT`,
  usrClass: `Users/${user}/AppData/Local/Microsoft/Windows/UsrClass.dat`,
  recent: `Users/${user}/AppData/Roaming/Microsoft/Windows/Recent`,
});

/** The samples whose facts the triage proof checks (see the test for which tool reads which). */
export const GOLDEN = {
  /** 4688 of C:\Windows\System32\cmd.exe (and conhost.exe) on FS03.offsec.lan. */
  securityLog: 'evtx/EVTX-to-MITRE-Attack/ID4624-Mimikatz Pass the hash.evtx',
  /** 4688 of C:\Windows\System32\notepad.exe. */
  relayLog: 'evtx/EVTX-ATTACK-SAMPLES/NTLM2SelfRelay-med0x2e-security_4624_4688.evtx',
  /** Sysmon 1 of cmd.exe, rundll32.exe, mshta.exe, schtasks.exe. */
  sysmonLog: 'evtx/EVTX-ATTACK-SAMPLES/exec_persist_rundll32_mshta_scheduledtask_sysmon_1_3_11.evtx',
  /** A 7-chunk Security log (cut short in the damage collection). */
  shareLog: 'evtx/EVTX-to-MITRE-Attack/ID5145-4624-DonPAPI full extraction.evtx',
  /** DESKTOP-PM6C56D: ShimCache with system32\cmd.exe and notepad.exe, USBSTOR SanDisk serials; dirty, with its logs. */
  system: 'registry/regipy/SYSTEM_B',
  software: 'registry/regf-samples/SOFTWARE',
  sam: 'registry/regipy/SAM',
  security: 'registry/regipy/SECURITY',
  ntuser: 'registry/regipy/NTUSER.DAT',
  usrClass: 'registry/regipy/UsrClass.dat',
  amcache: 'registry/plaso/win10-Amcache.hve',
  cmdPrefetch: 'prefetch/Windows-Prefetch-Parser/Win10/CMD.EXE-D269B812.pf',
  notepadPrefetch: 'prefetch/DFIRArtifactMuseum/Win10_RathbunVM/NOTEPAD.EXE-C5670914.pf',
  calcPrefetch: 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf',
  /** lnkinfo: Local path D:\Temp\osTriage2NonLE\…\!!__Files from SOME COMPUTER_Files Copied.txt, serial 0xdaffd9ce. */
  link: 'lnk/Win10/!!__Files from SOME COMPUTER_Files Copied.txt.lnk.test',
  link2: 'lnk/Win10/$R3OUUAG.lnk',
  automaticDestinations: 'jumplists/Win10/RathbunVM/5f7b5f1e01b83767.automaticDestinations-ms',
  customDestinations: 'jumplists/Win10/RathbunVM/f01b4d95cf55d32a.customDestinations-ms',
} as const;

const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** A small host (about 20 MB unpacked, mostly the SYSTEM hive) holding every artifact type. */
export function hostFiles(user: string): HostFile[] {
  const p = profile(user);
  return [
    { at: `${LOGS}/Security.evtx`, sample: GOLDEN.securityLog },
    { at: `${LOGS}/${base(GOLDEN.relayLog)}`, sample: GOLDEN.relayLog },
    // Real logs' names carry `%4` for `/`: Velociraptor escapes the `%` itself.
    { at: `${LOGS}/Microsoft-Windows-Sysmon%4Operational.evtx`, sample: GOLDEN.sysmonLog },
    { at: `${CONFIG}/SYSTEM`, sample: GOLDEN.system },
    { at: `${CONFIG}/SYSTEM.LOG1`, sample: `${GOLDEN.system}.LOG1` },
    { at: `${CONFIG}/SYSTEM.LOG2`, sample: `${GOLDEN.system}.LOG2` },
    { at: `${CONFIG}/SOFTWARE`, sample: GOLDEN.software },
    { at: `${CONFIG}/SOFTWARE.LOG`, sample: `${GOLDEN.software}.LOG` },
    { at: `${CONFIG}/SAM`, sample: GOLDEN.sam },
    { at: `${CONFIG}/SECURITY`, sample: GOLDEN.security },
    { at: 'Windows/appcompat/Programs/Amcache.hve', sample: GOLDEN.amcache },
    { at: p.ntuser, sample: GOLDEN.ntuser },
    { at: p.usrClass, sample: GOLDEN.usrClass },
    { at: `${p.usrClass}.LOG1`, sample: `${GOLDEN.usrClass}.LOG1` },
    { at: `${p.usrClass}.LOG2`, sample: `${GOLDEN.usrClass}.LOG2` },
    ...[GOLDEN.cmdPrefetch, GOLDEN.notepadPrefetch, GOLDEN.calcPrefetch].map((s) => ({ at: `${PREFETCH}/${base(s)}`, sample: s })),
    // The museum renamed some links `.lnk.test`; a collection holds them as `.lnk`.
    { at: `${p.recent}/${base(GOLDEN.link).replace(/\.test$/, '')}`, sample: GOLDEN.link },
    { at: `${p.recent}/${base(GOLDEN.link2)}`, sample: GOLDEN.link2 },
    { at: `${p.recent}/AutomaticDestinations/${base(GOLDEN.automaticDestinations)}`, sample: GOLDEN.automaticDestinations },
    { at: `${p.recent}/CustomDestinations/${base(GOLDEN.customDestinations)}`, sample: GOLDEN.customDestinations },
  ];
}

export const bytesOf = (f: HostFile): Uint8Array => f.data ?? readFileSync(join(SAMPLES, f.sample));

/** KAPE target output: the volume's folders under `C/`, names as on disk. */
export const kapeName = (at: string): string => `C/${at}`;

/**
 * Velociraptor's escaping of one path component: `%` and the characters Windows or a zip cannot
 * hold in a name as `%XX` (uppercase hex), so `C:` is `C%3A` and `Sysmon%4Operational` is `Sysmon%254Operational`.
 */
export function velociraptorEscape(component: string): string {
  const escape = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  return [...component].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '%:\\/*?"<>|'.includes(c) ? escape(c) : c)).join('');
}

/**
 * The offline collector's upload path: the `auto` accessor for ordinary files, the raw `ntfs`
 * accessor (device path `\\.\C:`) for locked ones (hives and their logs, as the collector reads them).
 */
export function velociraptorName(at: string, accessor: 'auto' | 'ntfs'): string {
  const root = accessor === 'auto' ? 'C:' : '\\\\.\\C:';
  return ['uploads', accessor, ...[root, ...at.split('/')].map(velociraptorEscape)].join('/');
}

/** The collector's own files beside the uploads: no evidence type takes them. */
export function velociraptorExtras(host: string): Record<string, Uint8Array> {
  const json = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
  return {
    'results/Windows.KapeFiles.Targets%2FAll File Metadata.json': json({ SourceFile: 'C:\\Windows\\System32\\config\\SYSTEM', Size: 0 }),
    'log.json': json({ _ts: 1700000000, level: 'DEFAULT', message: `Starting collection on ${host}` }),
    'collection_context.json': json({ client_id: 'C.0123456789abcdef', session_id: 'F.TRIAGE', artifacts: ['Windows.KapeFiles.Targets'] }),
  };
}

export type Layout = 'kape' | 'velociraptor';

export interface CollectionOptions {
  /** Members added as they are (unknown members, the collector's files). */
  extras?: Record<string, Uint8Array>;
  /** Stored, not deflated: the members' bytes appear in the zip as they are (privacy probes). */
  stored?: boolean;
  /** A folder the layout sits in (a KAPE target directory named for the host and time). */
  root?: string;
}

/** Zip entries of a host in a layout: name -> bytes (Velociraptor's hives through the ntfs accessor). */
export function entriesOf(files: readonly HostFile[], layout: Layout): [string, Uint8Array][] {
  return files.map((f) => {
    if (layout === 'kape') return [kapeName(f.at), bytesOf(f)];
    const locked = f.at.startsWith(`${CONFIG}/`) || /\/(NTUSER\.DAT|UsrClass\.dat)(\.LOG\d)?$/i.test(f.at);
    return [velociraptorName(f.at, locked ? 'ntfs' : 'auto'), bytesOf(f)];
  });
}

/** KAPE's zip: sizes in the local headers (zipSync). */
export function kapeCollection(files: readonly HostFile[], options: CollectionOptions = {}): Uint8Array {
  const level = options.stored ? 0 : 6;
  const tree: Zippable = {};
  const prefix = options.root ? `${options.root}/` : '';
  for (const [name, data] of [...entriesOf(files, 'kape'), ...Object.entries(options.extras ?? {})]) tree[prefix + name] = [data, { level }];
  return zipSync(tree);
}

/**
 * Velociraptor's zip, written as the collector streams it: every member's sizes and CRC in a data
 * descriptor after its data (general-purpose flag bit 3), the local header's fields zero.
 */
export function velociraptorCollection(files: readonly HostFile[], options: CollectionOptions = {}): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((err, chunk, final) => {
      if (err) return reject(err);
      chunks.push(chunk);
      if (final) resolve(Buffer.concat(chunks));
    });
    for (const [name, data] of [...entriesOf(files, 'velociraptor'), ...Object.entries(options.extras ?? {})]) {
      const member = options.stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      zip.add(member);
      // Pushed in pieces, as a collector streams a file it reads.
      for (let off = 0; off < data.length; off += 1 << 20) member.push(data.subarray(off, off + (1 << 20)), off + (1 << 20) >= data.length);
      if (data.length === 0) member.push(new Uint8Array(0), true);
    }
    zip.end();
  });
}

export async function buildCollection(layout: Layout, files: readonly HostFile[], options: CollectionOptions = {}): Promise<Uint8Array> {
  return layout === 'kape' ? kapeCollection(files, options) : velociraptorCollection(files, options);
}
