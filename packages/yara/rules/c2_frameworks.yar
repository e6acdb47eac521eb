/*
  Quarry built-in pack: Cobalt Strike and Metasploit artefacts.
*/

rule Quarry_CobaltStrike_Beacon_Config
{
  meta:
    author = "Quarry"
    description = "Cobalt Strike beacon configuration block: first setting (BeaconType, short) XOR-encoded with the 3.x key 0x69 or the 4.x key 0x2e"
    reference = "https://attack.mitre.org/software/S0154/"
  strings:
    $k69 = { 69 68 69 68 69 6B ?? ?? 69 6A 69 68 69 6B ?? ?? 69 6B 69 68 69 6A }
    $k2e = { 2E 2F 2E 2F 2E 2C ?? ?? 2E 2D 2E 2F 2E 2C ?? ?? 2E 2C 2E 2F 2E 2D }
  condition:
    any of them
}

rule Quarry_CobaltStrike_Default_Artefacts
{
  meta:
    author = "Quarry"
    description = "Cobalt Strike default named pipes and beacon DLL strings"
    reference = "https://attack.mitre.org/software/S0154/"
  strings:
    $pipe1 = /\\\\\.\\pipe\\MSSE-[0-9]{1,5}-server/ ascii wide
    $pipe2 = /\\\\\.\\pipe\\postex_[0-9a-f]{4}/ ascii wide
    $pipe3 = /\\\\\.\\pipe\\status_[0-9a-f]{2}/ ascii wide
    $pipe4 = /\\\\\.\\pipe\\msagent_[0-9a-f]{2}/ ascii wide
    $dll1 = "beacon.dll" ascii wide
    $dll2 = "beacon.x64.dll" ascii wide
    $s1 = "%s as %s\\%s: %d" ascii
    $s2 = "could not spawn %s: %d" ascii
  condition:
    any of ($pipe*) or (any of ($dll*) and any of ($s*))
}

rule Quarry_Metasploit_Shellcode_BlockApi
{
  meta:
    author = "Quarry"
    description = "Metasploit/msfvenom Windows shellcode prologue (block_api hash resolver, x86 and x64)"
    reference = "https://attack.mitre.org/software/S0081/"
  strings:
    $x86 = { FC E8 (82 | 89 | 8F) 00 00 00 60 89 E5 31 (C0 | D2) 64 8B (50 | 52) 30 }
    $x64 = { FC 48 83 E4 F0 E8 (C0 | C8 | CC) 00 00 00 41 51 41 50 52 51 56 48 31 D2 65 48 8B 52 60 }
  condition:
    any of them
}

rule Quarry_Metasploit_Meterpreter_Strings
{
  meta:
    author = "Quarry"
    description = "Meterpreter payload or stage: metsrv / ext_server DLL names and reflective loader export"
    reference = "https://attack.mitre.org/software/S0081/"
  strings:
    $m1 = "metsrv.dll" ascii wide nocase
    $m2 = "metsrv.x64.dll" ascii wide nocase
    $m3 = "ext_server_stdapi" ascii wide nocase
    $m4 = "ext_server_priv" ascii wide nocase
    $r = "ReflectiveLoader" ascii
  condition:
    2 of ($m*) or (any of ($m*) and $r)
}

rule Quarry_Metasploit_PsExec_PowerShell_Payload
{
  meta:
    author = "Quarry"
    description = "Metasploit psexec_psh / web_delivery PowerShell launcher: hidden, encoded, and reflective memory allocation"
    reference = "https://attack.mitre.org/software/S0081/"
  strings:
    $a = "%COMSPEC% /b /c start /b /min powershell" ascii wide nocase
    $b1 = "[System.Runtime.InteropServices.Marshal]::Copy" ascii wide nocase
    $b2 = "VirtualAlloc" ascii wide
    $b3 = "[System.Convert]::FromBase64String" ascii wide nocase
  condition:
    $a or all of ($b*)
}
