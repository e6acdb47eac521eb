import { filetimeToIso } from '@quarry/registry';
import { formatTime } from '../common/time-format.js';
import type { Importance } from '../types.js';
import type { RegistryContext } from './context/registry-context.js';
import { keyCell } from './format.js';
import { hiveCell, registryAnalyzer, type RegistryResultType } from './registry-analyzer.js';
import type { HiveKeys } from './store/hive-keys.js';
import type { KeyStore } from './store/key-store.js';
import { bin, num, str, type SlimKey } from './store/slim-key.js';
import { tableInsight, type Row } from './table.js';

const NT = 'Microsoft\\Windows NT\\CurrentVersion';
const FIREWALL = 'CCS\\Services\\SharedAccess\\Parameters\\FirewallPolicy';
const DEFENDER = 'Policies\\Microsoft\\Windows Defender';
const CHANNELS = 'Microsoft\\Windows\\CurrentVersion\\WINEVT\\Channels';
/** Channels whose disabling hides attacks (INSIGHTS.md §4 High). */
const WATCHED_CHANNEL = /^(security|microsoft-windows-sysmon\/operational|microsoft-windows-powershell\/operational|windows powershell)$/i;

type Add = (hive: HiveKeys, key: SlimKey | undefined, setting: string, value: string, importance?: Importance) => void;

function system(h: HiveKeys, add: Add): void {
  add(h, h.key('Select'), 'Current Control Set', `ControlSet${String(h.currentControlSet).padStart(3, '0')}`);
  const cn = h.key('CCS\\Control\\ComputerName\\ComputerName');
  add(h, cn, 'Computer Name', str(cn, 'ComputerName'));
  const tcp = h.key('CCS\\Services\\Tcpip\\Parameters');
  add(h, tcp, 'Host Name', str(tcp, 'Hostname'));
  add(h, tcp, 'Domain', str(tcp, 'Domain'));
  const tz = h.key('CCS\\Control\\TimeZoneInformation');
  const bias = num(tz, 'Bias');
  add(h, tz, 'Time Zone', [str(tz, 'TimeZoneKeyName') || str(tz, 'StandardName'), bias === null ? '' : `Bias ${bias | 0} min`].filter((s) => s).join(', '));
  const win = h.key('CCS\\Control\\Windows');
  const sd = bin(win, 'ShutdownTime');
  add(h, win, 'Last Shutdown', sd && sd.length >= 8 ? formatTime(filetimeToIso(sd.readBigUInt64LE(0))) : '');
  const po = h.key('CCS\\Control\\ProductOptions');
  add(h, po, 'Product Type', str(po, 'ProductType'));
  const env = h.key('CCS\\Control\\Session Manager\\Environment');
  add(h, env, 'Architecture', str(env, 'PROCESSOR_ARCHITECTURE'));
  const pf = h.key('CCS\\Control\\Session Manager\\Memory Management\\PrefetchParameters');
  add(h, pf, 'Prefetch', str(pf, 'EnablePrefetcher'));
  const fs = h.key('CCS\\Control\\FileSystem');
  add(
    h,
    fs,
    'Last-access updates',
    str(fs, 'NtfsDisableLastAccessUpdate') === ''
      ? ''
      : `NtfsDisableLastAccessUpdate ${num(fs, 'NtfsDisableLastAccessUpdate')! >>> 0 === 0 ? '0 (updates on)' : `0x${(num(fs, 'NtfsDisableLastAccessUpdate')! >>> 0).toString(16)} (updates off)`}`,
  );
  const ts = h.key('CCS\\Control\\Terminal Server');
  const rdp = h.key('CCS\\Control\\Terminal Server\\WinStations\\RDP-Tcp');
  const deny = num(ts, 'fDenyTSConnections');
  const nla = num(rdp, 'UserAuthentication');
  const rdpOn = deny === 0;
  add(
    h,
    ts,
    'RDP',
    deny === null ? '' : rdpOn ? 'enabled (fDenyTSConnections 0)' : 'disabled (fDenyTSConnections 1)',
    rdpOn ? (nla === 0 ? 'High' : 'Medium') : 'Informational',
  );
  add(h, rdp, 'RDP NLA', nla === null ? '' : nla === 0 ? 'off (UserAuthentication 0)' : 'on', rdpOn && nla === 0 ? 'High' : 'Informational');
  add(h, rdp, 'RDP Port', str(rdp, 'PortNumber'));
  for (const k of h.children(FIREWALL)) {
    if (!/profile$/i.test(k.name)) continue;
    const on = num(k, 'EnableFirewall');
    add(h, k, `Firewall ${k.name}`, on === null ? '' : on === 0 ? 'off' : 'on', on === 0 ? 'High' : 'Informational');
  }
}

function software(h: HiveKeys, add: Add): void {
  const cv = h.key(NT);
  add(h, cv, 'OS', [str(cv, 'ProductName'), str(cv, 'EditionID'), str(cv, 'DisplayVersion') || str(cv, 'ReleaseId')].filter((s) => s).join(', '));
  const build = str(cv, 'CurrentBuild') || str(cv, 'CurrentBuildNumber');
  add(h, cv, 'OS Build', build ? `${build}${num(cv, 'UBR') !== null ? `.${num(cv, 'UBR')}` : ''}` : '');
  const installed = num(cv, 'InstallDate');
  add(h, cv, 'OS Install Date', installed ? formatTime(installed * 1000) : '');
  add(h, cv, 'Registered Owner', str(cv, 'RegisteredOwner'));
  const uac = h.key('Microsoft\\Windows\\CurrentVersion\\Policies\\System');
  const lua = num(uac, 'EnableLUA');
  add(h, uac, 'UAC EnableLUA', lua === null ? '' : String(lua), lua === 0 ? 'High' : 'Informational');
  const latfp = num(uac, 'LocalAccountTokenFilterPolicy');
  add(h, uac, 'UAC LocalAccountTokenFilterPolicy', latfp === null ? '' : String(latfp), latfp === 1 ? 'High' : 'Informational');
  const def = h.key(DEFENDER);
  const off = num(def, 'DisableAntiSpyware');
  add(h, def, 'Defender DisableAntiSpyware', off === null ? '' : String(off), off === 1 ? 'High' : 'Informational');
  for (const k of h.under(`${DEFENDER}\\Exclusions`)) {
    for (const v of k.values) add(h, k, `Defender exclusion (${k.name})`, v.name, 'High');
  }
  for (const k of h.children(CHANNELS)) {
    const enabled = num(k, 'Enabled');
    if (enabled === 0 && WATCHED_CHANNEL.test(k.name)) add(h, k, `Log channel ${k.name}`, 'disabled', 'High');
  }
}

function build(store: KeyStore, _context: RegistryContext): ReturnType<RegistryResultType['build']> {
  const rows: Row[] = [];
  const add: Add = (hive, key, setting, value, importance = 'Informational') => {
    if (!key || value === '') return;
    rows.push({
      cells: {
        Setting: setting,
        Value: value,
        Source: keyCell(hive, key),
        'Last Write': formatTime(key.lastWrite),
        Hive: hiveCell(hive),
        Deleted: key.deleted ? 'yes' : '',
      },
      importance,
    });
  };
  for (const h of store.ofType('SYSTEM')) system(h, add);
  for (const h of store.ofType('SOFTWARE')) software(h, add);
  return [tableInsight('System Configuration', 'General', ['Setting', 'Value', 'Source', 'Last Write', 'Importance', 'Hive', 'Deleted'], rows)];
}

export const SYSTEM_CONFIGURATION: RegistryResultType = {
  title: 'System Configuration',
  patterns: {
    SYSTEM: [
      'Select',
      'CCS\\Control\\ComputerName\\ComputerName',
      'CCS\\Services\\Tcpip\\Parameters',
      'CCS\\Control\\TimeZoneInformation',
      'CCS\\Control\\Windows',
      'CCS\\Control\\ProductOptions',
      'CCS\\Control\\Session Manager\\Environment',
      'CCS\\Control\\Session Manager\\Memory Management\\PrefetchParameters',
      'CCS\\Control\\FileSystem',
      'CCS\\Control\\Terminal Server',
      'CCS\\Control\\Terminal Server\\WinStations\\RDP-Tcp',
      `${FIREWALL}\\*`,
    ],
    SOFTWARE: [NT, 'Microsoft\\Windows\\CurrentVersion\\Policies\\System', DEFENDER, `${DEFENDER}\\Exclusions\\**`, `${CHANNELS}\\*`],
  },
  build,
};

/** Registry "System Configuration" (INSIGHTS.md §4). */
export const registrySystemConfiguration = registryAnalyzer(SYSTEM_CONFIGURATION);
