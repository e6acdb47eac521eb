import type { RuleHit } from '../rule-hit.js';
import { commandHits } from '../../common/command-rules.js';
import { hexNumber } from '../format.js';
import type { HiveKeys } from '../store/hive-keys.js';
import { num, str, valueOf, type SlimKey } from '../store/slim-key.js';
import { commandImage, hasNoFolder, inWindowsFolder } from './command-path.js';
import type { PersistenceEntry } from './entry.js';

export const SERVICE_PATTERNS = [
  'CCS\\Services\\*',
  'CCS\\Services\\*\\Parameters',
  'CCS\\Control\\Session Manager',
  'CCS\\Control\\Lsa',
  'CCS\\Control\\Print\\Monitors\\*',
  'CCS\\Control\\SafeBoot',
  'CCS\\Services\\W32Time\\TimeProviders\\*',
];
export const SVCHOST_PATTERNS = ['Microsoft\\Windows NT\\CurrentVersion\\Svchost', 'Wow6432Node\\Microsoft\\Windows NT\\CurrentVersion\\Svchost'];

const START = ['Boot', 'System', 'Automatic', 'Manual', 'Disabled'];
const LSA_DEFAULTS = new Set(['msv1_0', 'scecli', 'rassfm', 'kerberos', 'schannel', 'wdigest', 'tspkg', 'pku2u', 'cloudap', 'negoexts', 'livessp', '""', '']);

/** Svchost group → member service names (lower case), from every SOFTWARE hive of the job. */
export function svchostGroups(software: HiveKeys[]): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const hive of software) {
    for (const path of SVCHOST_PATTERNS) {
      for (const v of hive.key(path)?.values ?? []) {
        if (!Array.isArray(v.data)) continue;
        const set = groups.get(v.name.toLowerCase()) ?? new Set<string>();
        for (const s of v.data) set.add(s.toLowerCase());
        groups.set(v.name.toLowerCase(), set);
      }
    }
  }
  return groups;
}

function serviceFacts(key: SlimKey, params: SlimKey | undefined): string[] {
  const facts: string[] = [];
  const add = (label: string, value: string): void => {
    if (value !== '') facts.push(`${label}: ${value}`);
  };
  add('ImagePath', str(key, 'ImagePath'));
  add('ServiceDll', str(params, 'ServiceDll') || str(key, 'ServiceDll'));
  const start = num(key, 'Start');
  add('Start', start === null ? '' : `${start}${START[start] ? ` (${START[start]})` : ''}`);
  add('Type', valueOf(key, 'Type') ? hexNumber(num(key, 'Type')) : '');
  add('ObjectName', str(key, 'ObjectName'));
  add('DisplayName', str(key, 'DisplayName'));
  return facts;
}

/** 16- and 22-letter random service names with a shell image (DeepBlueCLI, Metasploit psexec). */
const RANDOM_NAME = /^[a-z]{16}$|^[a-z]{22}$/i;

/**
 * Services and drivers (INSIGHTS.md §4): a row unless both ImagePath and ServiceDll are in a
 * Windows folder with no L4 hit. Joined with the SOFTWARE Svchost groups: a service started as
 * `svchost.exe -k <group>` that the group does not list is how hijacked service groups look.
 */
export function services(hive: HiveKeys, groups: Map<string, Set<string>>, haveSoftware: boolean, out: PersistenceEntry[]): void {
  for (const key of hive.children('CCS\\Services')) {
    const params = hive.children(key.path).find((k) => k.name.toLowerCase() === 'parameters' && k.deleted === key.deleted);
    const image = str(key, 'ImagePath');
    const dll = str(params, 'ServiceDll') || str(key, 'ServiceDll');
    if (!image && !dll) continue;
    const hits: RuleHit[] = [];
    const windows = (!image || inWindowsFolder(image)) && (!dll || inWindowsFolder(dll));
    if (windows && commandHits(`${image} ${dll}`).length === 0 && !key.deleted) continue;
    if (image && hasNoFolder(image)) hits.push({ level: 'Medium', reason: 'ImagePath without folder' });
    if (RANDOM_NAME.test(key.name) && /\b(cmd|powershell|pwsh)(\.exe)?\b/i.test(image))
      hits.push({ level: 'Critical', reason: '16/22-letter service name running a shell' });
    const facts = serviceFacts(key, params);
    const group = /svchost(\.exe)?"?\s+-k\s+"?([^\s"]+)/i.exec(image)?.[2]?.toLowerCase();
    if (group) {
      const members = groups.get(group);
      if (members?.has(key.name.toLowerCase())) facts.push(`Svchost group: ${group} (listed)`);
      else if (haveSoftware) {
        facts.push(`Svchost group: ${group} (not listed in SOFTWARE Svchost)`);
        hits.push({ level: 'High', reason: 'service not listed in its svchost group' });
      } else facts.push(`Svchost group: ${group}`);
    }
    out.push({
      hive,
      key,
      mechanism: key.deleted ? 'Service (deleted)' : 'Service',
      value: key.name,
      data: facts.join('; '),
      command: dll || image,
      hits,
      base: 'Low',
    });
  }
}

/** Lsa packages, BootExecute, print monitors, SafeBoot shell and time providers. */
export function systemAutoruns(hive: HiveKeys, out: PersistenceEntry[]): void {
  const serviceByBinary = new Map<string, string>();
  for (const key of hive.children('CCS\\Services')) {
    const params = hive.children(key.path).find((k) => k.name.toLowerCase() === 'parameters');
    for (const p of [str(key, 'ImagePath'), str(params, 'ServiceDll')]) {
      if (p)
        serviceByBinary.set(
          commandImage(p)
            .replace(/^.*[\\/]/, '')
            .replace(/\.[a-z]+$/i, '')
            .toLowerCase(),
          key.name,
        );
    }
  }
  const lsa = hive.key('CCS\\Control\\Lsa');
  for (const name of ['Authentication Packages', 'Notification Packages', 'Security Packages']) {
    const v = valueOf(lsa, name);
    if (!v || !lsa) continue;
    const list = Array.isArray(v.data) ? v.data : [String(v.data)];
    const extra = list.filter((p) => !LSA_DEFAULTS.has(p.toLowerCase().replace(/\.dll$/, '')));
    if (extra.length === 0) continue;
    const joined = extra.map((p) => {
      const svc = serviceByBinary.get(p.toLowerCase().replace(/\.dll$/, ''));
      return svc ? `${p} (also service ${svc})` : p;
    });
    out.push({
      hive,
      key: lsa,
      mechanism: 'Lsa package',
      value: name,
      data: joined.join(', '),
      command: '',
      hits: [{ level: 'Critical', reason: 'non-default Lsa package' }],
      base: 'Low',
    });
  }
  const sm = hive.key('CCS\\Control\\Session Manager');
  const boot = valueOf(sm, 'BootExecute');
  if (sm && boot) {
    const list = Array.isArray(boot.data) ? boot.data : [String(boot.data)];
    const unusual = list.filter((c) => !/^autocheck autochk \*$/i.test(c.trim()));
    out.push({
      hive,
      key: sm,
      mechanism: 'BootExecute',
      value: 'BootExecute',
      data: list.join(', '),
      command: unusual[0] ?? '',
      hits: unusual.length > 0 ? [{ level: 'High', reason: 'BootExecute beyond autocheck' }] : [],
      base: 'Low',
    });
  }
  for (const key of hive.children('CCS\\Control\\Print\\Monitors')) {
    const d = str(key, 'Driver');
    if (d) out.push({ hive, key, mechanism: 'Print monitor', value: 'Driver', data: d, command: d, hits: [], base: 'Low' });
  }
  const safe = hive.key('CCS\\Control\\SafeBoot');
  const shell = str(safe, 'AlternateShell');
  if (safe && shell) {
    out.push({
      hive,
      key: safe,
      mechanism: 'SafeBoot AlternateShell',
      value: 'AlternateShell',
      data: shell,
      command: shell,
      hits: /^cmd\.exe$/i.test(shell) ? [] : [{ level: 'High', reason: 'SafeBoot AlternateShell is not cmd.exe' }],
      base: 'Low',
    });
  }
  for (const key of hive.children('CCS\\Services\\W32Time\\TimeProviders')) {
    const d = str(key, 'DllName');
    if (d && !inWindowsFolder(d)) out.push({ hive, key, mechanism: 'Time provider', value: 'DllName', data: d, command: d, hits: [], base: 'Low' });
  }
}
