/**
 * Where each sample goes in a KAPE target collection (`C/Windows/System32/winevt/Logs/…`,
 * `C/Windows/System32/config/…` with each hive's logs beside it, `C/Users/<user>/NTUSER.DAT`,
 * `…/UsrClass.dat`, `C/Windows/Prefetch`, `…/Recent/*.lnk`, `…/Recent/AutomaticDestinations`).
 * The samples come from several machines, so names collide: a second file of a name gets `-2`
 * before its extension, a second user hive a second profile folder (a profile holds one NTUSER.DAT).
 * The same rule varies the names of repeated copies, for the bigger collection.
 */
import { basename, dirname, extname, join, relative } from 'node:path';
import { statSync } from 'node:fs';
import { isLogNameOf } from '@quarry/registry';
import type { ArtifactType } from '@quarry/vocabulary';
import { files } from '../jobs/figures.js';

export interface Member {
  /** The sample file on disk. */
  source: string;
  /** Its path in the collection (`/` separators). */
  path: string;
  type: ArtifactType;
  bytes: number;
}

const LOGS = 'C/Windows/System32/winevt/Logs';
const CONFIG = 'C/Windows/System32/config';
const AMCACHE = 'C/Windows/AppCompat/Programs';
const PREFETCH = 'C/Windows/Prefetch';
const RECENT = 'AppData/Roaming/Microsoft/Windows/Recent';
const IS_LOG = /\.log\d?$/i;

/** Paths taken so far; `claim` hands out the first free one of a sequence of candidates. */
class Claims {
  private readonly taken = new Set<string>();
  claim(candidate: (n: number) => string): string {
    for (let n = 1; ; n++) {
      const p = candidate(n);
      // Windows paths are case-insensitive: NTUSER.DAT and ntuser.dat would be one file.
      if (!this.taken.has(p.toLowerCase())) {
        this.taken.add(p.toLowerCase());
        return p;
      }
    }
  }
  /** `dir/name`, or `dir/stem-n.ext` when taken. */
  file(dir: string, name: string): string {
    const ext = extname(name);
    const stem = name.slice(0, name.length - ext.length);
    return this.claim((n) => `${dir}/${n === 1 ? name : `${stem}-${n}${ext}`}`);
  }
}

/** The museum's links end in `.test` (`x.lnk.test`, `x.test`) so that Windows does not follow them; in a Recent folder they are .lnk. */
const asLink = (name: string): string => {
  const bare = name.replace(/\.test$/i, '');
  return /\.lnk$/i.test(bare) ? bare : `${bare}.lnk`;
};
const notReadme = (n: string) => !/^readme/i.test(n);
const member = (source: string, path: string, type: ArtifactType): Member => ({ source, path, type, bytes: statSync(source).size });
/** The folder under `root` a sample lies in (`lnk/Win10/x.lnk` → `win10`), lower-cased: a user name. */
const folderOf = (root: string, source: string, depth = 0): string => relative(root, source).split('/')[depth]!.toLowerCase();

function evtx(samples: string, claims: Claims): Member[] {
  return files(join(samples, 'evtx'), (n) => n.toLowerCase().endsWith('.evtx')).map((s) => member(s, claims.file(LOGS, basename(s)), 'winevtx'));
}

function prefetch(samples: string, claims: Claims): Member[] {
  // Decompressed Windows 10+ files are named `…-decompressed` in the corpus; in a collection they are .pf.
  return files(join(samples, 'prefetch'), notReadme).map((s) =>
    member(s, claims.file(PREFETCH, basename(s).toLowerCase().endsWith('.pf') ? basename(s) : `${basename(s)}.pf`), 'prefetch'),
  );
}

function shortcuts(samples: string, claims: Claims): Member[] {
  const root = join(samples, 'lnk');
  const links = files(root, notReadme).map((s) => member(s, claims.file(`C/Users/${folderOf(root, s)}/${RECENT}`, asLink(basename(s))), 'lnk'));
  const jroot = join(samples, 'jumplists');
  const lists = files(jroot, notReadme).map((s) => {
    const folder = /automaticdestinations-ms$/i.test(s) ? 'AutomaticDestinations' : 'CustomDestinations';
    return member(s, claims.file(`C/Users/${folderOf(jroot, s, 1)}/${RECENT}/${folder}`, basename(s)), 'lnk');
  });
  return [...links, ...lists];
}

/** Hives where Windows keeps them, each followed by its transaction logs under the hive's new name. */
function registry(samples: string, claims: Claims): Member[] {
  const root = join(samples, 'registry');
  const all = files(root, () => true);
  const logs = all.filter((s) => IS_LOG.test(s));
  const used = new Set<string>();
  const out: Member[] = [];
  for (const hive of all.filter((s) => !IS_LOG.test(s))) {
    const name = basename(hive);
    const lower = name.toLowerCase();
    const user = folderOf(root, hive);
    const path = lower.includes('ntuser')
      ? claims.claim((n) => `C/Users/${n === 1 ? user : `${user}${n}`}/NTUSER.DAT`)
      : lower.includes('usrclass')
        ? claims.claim((n) => `C/Users/${n === 1 ? user : `${user}${n}`}/AppData/Local/Microsoft/Windows/UsrClass.dat`)
        : lower.includes('amcache')
          ? claims.file(AMCACHE, 'Amcache.hve')
          : claims.file(CONFIG, name);
    out.push(member(hive, path, 'registry'));
    for (const log of logs.filter((l) => dirname(l) === dirname(hive) && isLogNameOf(name, basename(l)))) {
      used.add(log);
      out.push(
        member(
          log,
          claims.claim(() => path + basename(log).slice(name.length)),
          'registry',
        ),
      );
    }
  }
  for (const log of logs.filter((l) => !used.has(l))) out.push(member(log, claims.file(CONFIG, basename(log)), 'registry'));
  return out;
}

/**
 * The samples laid out as one host's KAPE collection: the event logs `evtxCopies` times, every
 * other artifact `otherCopies` times (real collections are mostly event logs), names varied.
 */
export function kapeLayout(samples: string, copies: { evtx: number; other: number }): Member[] {
  const claims = new Claims();
  const out: Member[] = [];
  for (let i = 0; i < Math.max(copies.evtx, copies.other); i++) {
    if (i < copies.evtx) out.push(...evtx(samples, claims));
    if (i < copies.other) out.push(...registry(samples, claims), ...prefetch(samples, claims), ...shortcuts(samples, claims));
  }
  return out;
}
