import type { RuleHit } from '../rule-hit.js';
import { dataCell } from '../format.js';
import type { HiveKeys } from '../store/hive-keys.js';
import { bin, type SlimKey, type SlimValue } from '../store/slim-key.js';
import type { PersistenceEntry } from './entry.js';

const CV = 'Microsoft\\Windows\\CurrentVersion';
const NT = 'Microsoft\\Windows NT\\CurrentVersion';
const RUN_KEYS = ['Run', 'RunOnce', 'Policies\\Explorer\\Run'];

/** SOFTWARE is read both natively and under Wow6432Node (32-bit programs' view). */
const SOFTWARE_ROOTS = ['', 'Wow6432Node\\'];

export const AUTORUN_PATTERNS = {
  'NTUSER.DAT': [
    ...RUN_KEYS.map((k) => `Software\\${CV}\\${k}`),
    `Software\\${CV}\\RunOnceEx\\**`,
    `Software\\${NT}\\Windows`,
    `Software\\${NT}\\Winlogon`,
    'Environment',
    'Software\\Microsoft\\Command Processor',
    'Software\\Classes\\CLSID\\*\\InprocServer32',
    `Software\\${CV}\\Explorer\\StartupApproved\\*`,
  ],
  SOFTWARE: SOFTWARE_ROOTS.flatMap((r) => [
    ...RUN_KEYS.map((k) => `${r}${CV}\\${k}`),
    `${r}${CV}\\RunOnceEx\\**`,
    `${r}${NT}\\Winlogon`,
    `${r}${NT}\\Winlogon\\Notify\\*`,
    `${r}${NT}\\Image File Execution Options\\*`,
    `${r}${NT}\\SilentProcessExit\\*`,
    `${r}${NT}\\Windows`,
    `${r}Microsoft\\Active Setup\\Installed Components\\*`,
    `${r}Classes\\exefile\\shell\\open\\command`,
  ]),
};

/** Accessibility and logon-screen programs whose IFEO/SilentProcessExit hijack gives a SYSTEM shell. */
const ACCESSIBILITY = new Set(['sethc.exe', 'utilman.exe', 'osk.exe', 'narrator.exe', 'magnify.exe', 'displayswitch.exe', 'atbroker.exe', 'lsass.exe']);

type Emit = (key: SlimKey, mechanism: string, value: SlimValue, hits?: RuleHit[]) => void;

function emitter(hive: HiveKeys, out: PersistenceEntry[], base: 'Low' | 'Medium'): Emit {
  return (key, mechanism, value, hits = []) => {
    const data = dataCell(value);
    out.push({ hive, key, mechanism, value: value.name, data, command: Buffer.isBuffer(value.data) ? '' : data, valueDeleted: value.deleted, hits, base });
  };
}

/** Every value of a key (Run-style keys: each value is a command). */
function allValues(key: SlimKey | undefined, mechanism: string, emit: Emit): void {
  if (!key) return;
  for (const v of key.values) if (v.name !== '' || typeof v.data === 'string') emit(key, mechanism, v);
}

function named(key: SlimKey | undefined, names: string[], mechanism: string, emit: Emit, hitsFor?: (v: SlimValue) => RuleHit[]): void {
  if (!key) return;
  const want = new Set(names.map((n) => n.toLowerCase()));
  for (const v of key.values) if (want.has(v.name.toLowerCase())) emit(key, mechanism, v, hitsFor?.(v));
}

function runKeys(hive: HiveKeys, prefix: string, emit: Emit): void {
  for (const k of RUN_KEYS) for (const key of hive.keys(`${prefix}${CV}\\${k}`)) allValues(key, k === 'Policies\\Explorer\\Run' ? 'Policies Run' : k, emit);
  for (const key of hive.under(`${prefix}${CV}\\RunOnceEx`)) allValues(key, 'RunOnceEx', emit);
}

export function userAutoruns(hive: HiveKeys, out: PersistenceEntry[]): void {
  const emit = emitter(hive, out, 'Medium');
  runKeys(hive, 'Software\\', emit);
  named(hive.key(`Software\\${NT}\\Windows`), ['Load', 'Run'], 'Windows Load/Run', emit);
  named(hive.key(`Software\\${NT}\\Winlogon`), ['Shell'], 'Winlogon Shell (user)', emit, () => [{ level: 'High', reason: 'per-user Winlogon Shell' }]);
  named(hive.key('Environment'), ['UserInitMprLogonScript'], 'Logon script', emit, () => [{ level: 'High', reason: 'UserInitMprLogonScript' }]);
  named(hive.key('Software\\Microsoft\\Command Processor'), ['AutoRun'], 'Command Processor AutoRun', emit, () => [
    { level: 'High', reason: 'cmd.exe AutoRun' },
  ]);
  // Per-user COM registrations override the machine's: a user-writable DLL path is the tell.
  for (const key of hive.under('Software\\Classes\\CLSID')) {
    if (key.name.toLowerCase() === 'inprocserver32') named(key, [''], 'COM InprocServer32 (user)', emit);
  }
  for (const key of hive.children(`Software\\${CV}\\Explorer\\StartupApproved`)) {
    if (!/^run/i.test(key.name)) continue;
    for (const v of key.values) {
      const b = bin(key, v.name);
      const state = b && b.length > 0 ? (b[0] === 3 ? 'disabled' : 'enabled') : '';
      out.push({
        hive,
        key,
        mechanism: `StartupApproved ${key.name}`,
        value: v.name,
        data: state,
        command: '',
        valueDeleted: v.deleted,
        hits: [],
        base: 'Low',
      });
    }
  }
}

export function machineAutoruns(hive: HiveKeys, out: PersistenceEntry[]): void {
  const emit = emitter(hive, out, 'Low');
  for (const r of SOFTWARE_ROOTS) {
    runKeys(hive, r, emit);
    named(hive.key(`${r}${NT}\\Winlogon`), ['Shell'], 'Winlogon Shell', emit, (v) =>
      /^explorer\.exe,?$/i.test(String(v.data).trim()) ? [] : [{ level: 'Critical', reason: 'Winlogon Shell is not explorer.exe' }],
    );
    named(hive.key(`${r}${NT}\\Winlogon`), ['Userinit'], 'Winlogon Userinit', emit, (v) =>
      /^[^,]*\\userinit\.exe,?$/i.test(String(v.data).trim()) ? [] : [{ level: 'Critical', reason: 'Winlogon Userinit is not …\\userinit.exe,' }],
    );
    named(hive.key(`${r}${NT}\\Winlogon`), ['Taskman'], 'Winlogon Taskman', emit);
    for (const key of hive.children(`${r}${NT}\\Winlogon\\Notify`)) named(key, ['DllName'], 'Winlogon Notify', emit);
    for (const key of hive.children(`${r}${NT}\\Image File Execution Options`)) {
      const target = ACCESSIBILITY.has(key.name.toLowerCase());
      named(key, ['Debugger'], 'IFEO Debugger', emit, () => [{ level: 'Critical', reason: target ? `IFEO on ${key.name}` : 'IFEO Debugger' }]);
      named(key, ['GlobalFlag'], 'IFEO GlobalFlag', emit, (v) =>
        typeof v.data === 'number' && (v.data & 0x200) !== 0
          ? [{ level: target ? 'Critical' : 'High', reason: 'GlobalFlag enables SilentProcessExit monitoring' }]
          : [],
      );
    }
    for (const key of hive.children(`${r}${NT}\\SilentProcessExit`)) {
      const target = ACCESSIBILITY.has(key.name.toLowerCase());
      named(key, ['MonitorProcess'], 'SilentProcessExit', emit, () => [
        { level: target ? 'Critical' : 'High', reason: target ? `SilentProcessExit on ${key.name}` : 'SilentProcessExit monitor' },
      ]);
    }
    named(hive.key(`${r}${NT}\\Windows`), ['AppInit_DLLs', 'LoadAppInit_DLLs'], 'AppInit_DLLs', emit, (v) =>
      v.name.toLowerCase() === 'appinit_dlls' && String(v.data).trim() !== '' ? [{ level: 'High', reason: 'AppInit_DLLs set' }] : [],
    );
    for (const key of hive.children(`${r}Microsoft\\Active Setup\\Installed Components`)) named(key, ['StubPath'], 'Active Setup', emit);
    named(hive.key(`${r}Classes\\exefile\\shell\\open\\command`), [''], 'exefile open command', emit, (v) =>
      /^"%1" %\*$/.test(String(v.data).trim()) ? [] : [{ level: 'Critical', reason: 'exefile handler hijacked' }],
    );
  }
}
