import { Verdict } from '../common/importance.js';
import { formatTime } from '../common/time-format.js';
import type { Importance } from '../types.js';
import type { RegistryContext } from './context/registry-context.js';
import { wellKnownSidName } from './context/sid.js';
import { keyCell } from './format.js';
import { hiveCell, registryAnalyzer, type RegistryResultType } from './registry-analyzer.js';
import { acbFlags, machineSid, parseAliasC, parseSamF, parseSamV, passwordHint } from './sam-records.js';
import type { HiveKeys } from './store/hive-keys.js';
import type { KeyStore } from './store/key-store.js';
import { bin, num, str, type SlimKey } from './store/slim-key.js';
import { tableInsight, type Row } from './table.js';

const USERS = 'SAM\\Domains\\Account\\Users';
const WINLOGON = 'Microsoft\\Windows NT\\CurrentVersion\\Winlogon';
const PROFILES = 'Microsoft\\Windows NT\\CurrentVersion\\ProfileList';

/** SAM accounts (F/V records, hint, groups from Builtin aliases, profile path from ProfileList). Hashes are never read. */
function accountRows(sam: HiveKeys, profiles: Map<string, string>, groups: Map<string, string[]>): Row[] {
  const domain = (() => {
    const v = bin(sam.key('SAM\\Domains\\Account'), 'V');
    return v ? machineSid(v) : null;
  })();
  const rows: Row[] = [];
  for (const key of sam.children(USERS)) {
    if (!/^[0-9a-f]{8}$/i.test(key.name)) continue;
    const f = bin(key, 'F');
    const v = bin(key, 'V');
    const fr = f ? parseSamF(f) : null;
    const vr = v ? parseSamV(v) : null;
    const rid = fr?.rid ?? parseInt(key.name, 16);
    const sid = domain ? `${domain}-${rid}` : '';
    const flags = fr ? acbFlags(fr.acb) : [];
    const verdict = new Verdict();
    const disabled = fr ? (fr.acb & 0x1) !== 0 : false;
    if (fr && !disabled && (fr.acb & 0x4) !== 0) verdict.hit('High', 'enabled account without a required password');
    if (vr?.name.endsWith('$')) verdict.hit('High', 'SAM account name ends with $');
    if (rid === 501 && fr && !disabled) verdict.hit('Medium', 'Guest enabled');
    const hint = bin(key, 'UserPasswordHint');
    rows.push({
      cells: {
        User: vr?.name ?? '',
        RID: String(rid),
        SID: sid,
        'Full Name': vr?.fullName ?? '',
        Comment: vr?.comment ?? '',
        Flags: flags.join(', '),
        'Logon Count': fr ? String(fr.logonCount) : '',
        'Failed Logons': fr ? String(fr.failedLogons) : '',
        'Last Logon': formatTime(fr?.lastLogon),
        'Password Last Set': formatTime(fr?.passwordLastSet),
        'Last Failed Logon': formatTime(fr?.lastFailedLogon),
        'Account Expires': formatTime(fr?.accountExpires),
        'Password Hint': hint ? passwordHint(hint) : '',
        Groups: (groups.get(sid) ?? []).join(', '),
        'Profile Path': profiles.get(sid) ?? '',
        Reasons: verdict.text,
        Hive: hiveCell(sam),
        Key: keyCell(sam, key),
        'Last Write': formatTime(key.lastWrite),
        Deleted: key.deleted ? 'yes' : '',
      },
      importance: verdict.importance,
      time: fr?.lastLogon ?? null,
    });
  }
  return rows;
}

function aliasMembers(sam: HiveKeys): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of sam.children('SAM\\Domains\\Builtin\\Aliases')) {
    const c = bin(key, 'C');
    const alias = c ? parseAliasC(c) : null;
    if (!alias) continue;
    for (const m of alias.members) groups.set(m, [...(groups.get(m) ?? []), alias.name]);
  }
  return groups;
}

type Add = (hive: HiveKeys, key: SlimKey | undefined, setting: string, value: string, importance?: Importance) => void;

function logonConfig(store: KeyStore, add: Add): boolean {
  let defaultPassword = false;
  for (const h of store.ofType('SECURITY')) {
    const secrets = h.children('Policy\\Secrets');
    for (const k of secrets) add(h, k, 'LSA secret', k.name);
    defaultPassword ||= secrets.some((k) => k.name.toLowerCase() === 'defaultpassword');
    const cache = h.key('Cache');
    if (cache)
      add(
        h,
        cache,
        'Cached domain logons (NL$n)',
        String(cache.values.filter((v) => /^nl\$\d+$/i.test(v.name) && Buffer.isBuffer(v.data) && v.data.some((b) => b !== 0)).length),
      );
  }
  for (const h of store.ofType('SOFTWARE')) {
    const w = h.key(WINLOGON);
    for (const name of ['CachedLogonsCount', 'DefaultUserName', 'DefaultDomainName', 'LastUsedUsername']) add(h, w, name, str(w, name));
    const auto = str(w, 'AutoAdminLogon');
    add(h, w, 'AutoAdminLogon', auto, auto === '1' && (defaultPassword || str(w, 'DefaultPassword') !== '') ? 'High' : 'Informational');
    if (str(w, 'DefaultPassword') !== '') add(h, w, 'DefaultPassword', '(set in Winlogon; not shown)', 'High');
    const ui = h.key('Microsoft\\Windows\\CurrentVersion\\Authentication\\LogonUI');
    add(h, ui, 'LastLoggedOnUser', str(ui, 'LastLoggedOnUser'));
  }
  for (const h of store.ofType('SYSTEM')) {
    const lsa = h.key('CCS\\Control\\Lsa');
    for (const name of ['RunAsPPL', 'LmCompatibilityLevel', 'NoLMHash', 'DisableRestrictedAdmin', 'LimitBlankPasswordUse']) {
      const n = num(lsa, name);
      if (n === null) continue;
      add(h, lsa, name, String(n), name === 'LmCompatibilityLevel' && n < 3 ? 'Medium' : 'Informational');
    }
    const wd = h.key('CCS\\Control\\SecurityProviders\\WDigest');
    const ulc = num(wd, 'UseLogonCredential');
    if (ulc !== null) add(h, wd, 'WDigest UseLogonCredential', String(ulc), ulc === 1 ? 'High' : 'Informational');
  }
  return defaultPassword;
}

/**
 * Every profile SOFTWARE's ProfileList holds, SAM account or not: a domain account's profile is
 * the only trace of it in the hives (SAM holds local accounts only).
 */
function profileRows(store: KeyStore, context: RegistryContext, samSids: ReadonlySet<string>): Row[] {
  const rows: Row[] = [];
  for (const h of store.ofType('SOFTWARE'))
    for (const k of h.children(PROFILES)) {
      if (!k.name.startsWith('S-1-')) continue;
      const known = wellKnownSidName(k.name);
      rows.push({
        cells: {
          User: context.users.get(k.name) ?? known ?? '',
          SID: k.name,
          Account: samSids.has(k.name) ? 'SAM account' : known ? 'well-known' : 'not in SAM (domain or removed account)',
          'Profile Path': str(k, 'ProfileImagePath'),
          Hive: hiveCell(h),
          Key: keyCell(h, k),
          'Last Write': formatTime(k.lastWrite),
          Deleted: k.deleted ? 'yes' : '',
        },
        time: k.lastWrite,
      });
    }
  return rows;
}

function build(store: KeyStore, context: RegistryContext): ReturnType<RegistryResultType['build']> {
  const config: Row[] = [];
  const add: Add = (hive, key, setting, value, importance = 'Informational') => {
    if (!key || value === '') return;
    config.push({
      cells: {
        Setting: setting,
        Value: value,
        Source: keyCell(hive, key),
        Hive: hiveCell(hive),
        'Last Write': formatTime(key.lastWrite),
        Deleted: key.deleted ? 'yes' : '',
      },
      importance,
    });
  };
  logonConfig(store, add);
  const profiles = new Map<string, string>();
  for (const h of store.ofType('SOFTWARE'))
    for (const k of h.children(PROFILES)) if (str(k, 'ProfileImagePath')) profiles.set(k.name, str(k, 'ProfileImagePath'));
  const accounts = store.ofType('SAM').flatMap((sam) => accountRows(sam, profiles, aliasMembers(sam)));
  const samSids = new Set(accounts.map((a) => a.cells.SID ?? '').filter((sid) => sid !== ''));
  return [
    tableInsight(
      'Authentication Data',
      'Authentication',
      [
        'User',
        'RID',
        'SID',
        'Full Name',
        'Comment',
        'Flags',
        'Logon Count',
        'Failed Logons',
        'Last Logon',
        'Password Last Set',
        'Last Failed Logon',
        'Account Expires',
        'Password Hint',
        'Groups',
        'Profile Path',
        'Importance',
        'Reasons',
        'Hive',
        'Key',
        'Last Write',
        'Deleted',
      ],
      accounts,
    ),
    tableInsight(
      'Authentication Data: Logon Configuration',
      'Authentication',
      ['Setting', 'Value', 'Source', 'Importance', 'Hive', 'Last Write', 'Deleted'],
      config,
    ),
    tableInsight(
      'Authentication Data: Profiles',
      'Authentication',
      ['User', 'SID', 'Account', 'Profile Path', 'Last Write', 'Hive', 'Key', 'Deleted'],
      profileRows(store, context, samSids),
    ),
  ];
}

export const AUTHENTICATION_DATA: RegistryResultType = {
  title: 'Authentication Data',
  patterns: {
    SAM: ['SAM\\Domains\\Account', `${USERS}\\*`, 'SAM\\Domains\\Builtin\\Aliases\\*'],
    SECURITY: ['Policy\\Secrets\\*', 'Cache'],
    SOFTWARE: [WINLOGON, 'Microsoft\\Windows\\CurrentVersion\\Authentication\\LogonUI', `${PROFILES}\\*`],
    SYSTEM: ['CCS\\Control\\Lsa', 'CCS\\Control\\SecurityProviders\\WDigest'],
  },
  build,
};

/** Registry "Authentication Data" (INSIGHTS.md §4). */
export const registryAuthenticationData = registryAnalyzer(AUTHENTICATION_DATA);
