/**
 * Registry autostart locations (INSIGHTS.md §4 Persistence keys) as Sysmon 12/13/14 name them:
 * `HKLM\SOFTWARE\…`, `HKLM\System\CurrentControlSet\…`, `HKU\<SID>\…`, `HKCU\…`. Each pattern
 * matches the path below the hive; `name` is the capture that names the entry (service or exe).
 */
const KEYS: { re: RegExp; mechanism: string; critical?: string }[] = [
  {
    re: /^software\\(?:wow6432node\\)?microsoft\\windows\\currentversion\\(?:run|runonce|runonceex|runservices|runservicesonce|policies\\explorer\\run)\\/i,
    mechanism: 'Run key',
  },
  {
    re: /^software\\(?:wow6432node\\)?microsoft\\windows nt\\currentversion\\windows\\(?:load|run|appinit_dlls|loadappinit_dlls)$/i,
    mechanism: 'Windows Load/AppInit',
  },
  { re: /^software\\(?:wow6432node\\)?microsoft\\windows nt\\currentversion\\winlogon\\(?:shell|userinit|taskman|notify\\.*)$/i, mechanism: 'Winlogon' },
  {
    re: /^software\\(?:wow6432node\\)?microsoft\\windows nt\\currentversion\\image file execution options\\([^\\]+)\\(debugger|globalflag)$/i,
    mechanism: 'IFEO',
    critical: 'IFEO Debugger change',
  },
  { re: /^software\\(?:wow6432node\\)?microsoft\\windows nt\\currentversion\\silentprocessexit\\([^\\]+)\\monitorprocess$/i, mechanism: 'SilentProcessExit' },
  { re: /^environment\\userinitmprlogonscript$/i, mechanism: 'Logon script' },
  { re: /^software\\(?:wow6432node\\)?microsoft\\command processor\\autorun$/i, mechanism: 'Command Processor AutoRun' },
  { re: /^software\\classes\\clsid\\[^\\]+\\inprocserver32\\/i, mechanism: 'COM InprocServer32' },
  { re: /^software\\(?:wow6432node\\)?microsoft\\active setup\\installed components\\[^\\]+\\stubpath$/i, mechanism: 'Active Setup' },
  { re: /^software\\classes\\exefile\\shell\\open\\command\\/i, mechanism: 'exefile open command' },
  { re: /^(?:system\\(?:currentcontrolset|controlset\d{3})\\)services\\([^\\]+)\\(?:imagepath|parameters\\servicedll)$/i, mechanism: 'Service' },
  { re: /^(?:system\\(?:currentcontrolset|controlset\d{3})\\)control\\session manager\\bootexecute$/i, mechanism: 'BootExecute' },
  {
    re: /^(?:system\\(?:currentcontrolset|controlset\d{3})\\)control\\lsa\\(?:authentication packages|notification packages|security packages)$/i,
    mechanism: 'Lsa package',
    critical: 'Lsa package change',
  },
  { re: /^(?:system\\(?:currentcontrolset|controlset\d{3})\\)control\\print\\monitors\\([^\\]+)\\driver$/i, mechanism: 'Print monitor' },
  { re: /^(?:system\\(?:currentcontrolset|controlset\d{3})\\)control\\safeboot\\alternateshell$/i, mechanism: 'SafeBoot AlternateShell' },
  { re: /^(?:system\\(?:currentcontrolset|controlset\d{3})\\)services\\w32time\\timeproviders\\([^\\]+)\\dllname$/i, mechanism: 'Time provider' },
];

export interface AutostartKey {
  mechanism: string;
  /** Value name, or the service / executable the key is about. */
  name: string;
  critical: string | undefined;
}

/** The autostart a registry path (as Sysmon writes TargetObject) is, or null. */
export function autostartKey(targetObject: string): AutostartKey | null {
  // Hive prefixes: HKLM\, HKCU\, HKU\<SID>\ (and \REGISTRY\MACHINE\ from 4657-style paths).
  const prefix = /^(?:\\registry\\machine\\|\\registry\\user\\[^\\]+\\|hklm\\|hkcu\\|hku\\[^\\]+\\)/i.exec(targetObject);
  const rel = prefix ? targetObject.slice(prefix[0].length) : targetObject;
  for (const k of KEYS) {
    const m = k.re.exec(rel);
    if (!m) continue;
    const name = m[1] ?? targetObject.slice(targetObject.lastIndexOf('\\') + 1);
    const critical = k.critical && (k.mechanism !== 'IFEO' || m[2]?.toLowerCase() === 'debugger') ? k.critical : undefined;
    return { mechanism: `Registry autostart: ${k.mechanism}`, name, critical };
  }
  return null;
}
