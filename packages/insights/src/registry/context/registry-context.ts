import type { HiveKeys } from '../store/hive-keys.js';
import type { KeyPatterns, KeyStore } from '../store/key-store.js';
import { bin, str } from '../store/slim-key.js';
import { machineSid } from '../sam-records.js';
import { ownerFromPath } from './hive-owner.js';
import { wellKnownSidName } from './sid.js';

/** Keys every registry result type needs for cross-hive correlation. */
export const CONTEXT_PATTERNS: KeyPatterns = {
  SYSTEM: ['Select'],
  SAM: ['SAM\\Domains\\Account', 'SAM\\Domains\\Account\\Users\\*', 'SAM\\Domains\\Account\\Users\\Names\\*', 'SAM\\Domains\\Builtin\\Aliases\\*'],
  SOFTWARE: ['Microsoft\\Windows NT\\CurrentVersion\\ProfileList\\*'],
};

export interface HiveOwner {
  name: string;
  sid: string;
}

const PROFILE_LIST = 'Microsoft\\Windows NT\\CurrentVersion\\ProfileList';
const baseName = (p: string): string =>
  p
    .replace(/[\\/]+$/, '')
    .split(/[\\/]/)
    .pop() ?? '';

/**
 * What is known across the hives of a job: SIDs to user names (SAM accounts joined with their
 * machine SID; SOFTWARE ProfileList profile folders; well-known SIDs) and each user hive's owner.
 */
export class RegistryContext {
  /** SID → user name. */
  readonly users = new Map<string, string>();
  /** Profile folder name (lower case) → SID, to give a user hive's owner its SID. */
  private readonly sidByProfile = new Map<string, string>();

  constructor(private readonly store: KeyStore) {
    for (const sam of store.ofType('SAM')) {
      const v = bin(sam.key('SAM\\Domains\\Account'), 'V');
      const domain = v ? machineSid(v) : null;
      if (!domain) continue;
      // Names\<name>: the default value's type code is the RID.
      for (const k of sam.children('SAM\\Domains\\Account\\Users\\Names')) {
        const rid = k.values.find((x) => x.name === '')?.typeCode;
        if (rid !== undefined) this.users.set(`${domain}-${rid}`, k.name);
      }
    }
    for (const sw of store.ofType('SOFTWARE')) {
      for (const k of sw.children(PROFILE_LIST)) {
        const folder = baseName(str(k, 'ProfileImagePath'));
        if (!folder || !k.name.startsWith('S-1-')) continue;
        this.sidByProfile.set(folder.toLowerCase(), k.name);
        if (!this.users.has(k.name)) this.users.set(k.name, folder);
      }
    }
  }

  /** `name (SID)` when the SID is known, else the SID alone. */
  userLabel(sid: string): string {
    const name = this.users.get(sid) ?? wellKnownSidName(sid);
    return name ? `${name} (${sid})` : sid;
  }

  /** The owner of a user hive: from its embedded file name or its path in the zip, with the SID from ProfileList. */
  ownerOf(hive: HiveKeys): HiveOwner | null {
    const name = ownerFromPath(hive.info.embeddedName) ?? ownerFromPath(hive.info.member ?? '') ?? ownerFromPath(hive.info.name);
    if (!name) return null;
    return { name, sid: this.sidByProfile.get(name.toLowerCase()) ?? '' };
  }

  /** The User cell for rows from a user hive ("" for machine hives and unknown owners). */
  userOf(hive: HiveKeys): string {
    const owner = this.ownerOf(hive);
    if (!owner) return '';
    return owner.sid ? `${owner.name} (${owner.sid})` : owner.name;
  }

  /** The current control set number of each SYSTEM hive, as text for the System Configuration row. */
  controlSets(): { hive: HiveKeys; current: number }[] {
    return this.store.ofType('SYSTEM').map((hive) => ({ hive, current: hive.currentControlSet }));
  }
}
