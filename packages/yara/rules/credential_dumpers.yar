/*
  Quarry built-in pack: credential dumping tools and techniques.
  Written for Quarry; strings are observable facts about the tools (module commands, banners).
*/

rule Quarry_Mimikatz_Commands
{
  meta:
    author = "Quarry"
    description = "Mimikatz module::command strings (sekurlsa, lsadump, kerberos) in a binary, script or log"
    reference = "https://attack.mitre.org/software/S0002/"
  strings:
    $c1 = "sekurlsa::logonpasswords" ascii wide nocase
    $c2 = "sekurlsa::pth" ascii wide nocase
    $c3 = "lsadump::sam" ascii wide nocase
    $c4 = "lsadump::dcsync" ascii wide nocase
    $c5 = "lsadump::secrets" ascii wide nocase
    $c6 = "kerberos::golden" ascii wide nocase
    $c7 = "kerberos::ptt" ascii wide nocase
    $c8 = "privilege::debug" ascii wide nocase
    $c9 = "sekurlsa::ekeys" ascii wide nocase
  condition:
    any of them
}

rule Quarry_Mimikatz_Binary
{
  meta:
    author = "Quarry"
    description = "Mimikatz executable: author banner and tool name strings in a PE file"
    reference = "https://attack.mitre.org/software/S0002/"
  strings:
    $b1 = "gentilkiwi" ascii wide
    $b2 = "mimikatz" ascii wide nocase
    $b3 = "Benjamin DELPY" ascii wide
    $b4 = "mimilib" ascii wide
  condition:
    uint16(0) == 0x5A4D and 2 of them
}

rule Quarry_LSASS_MiniDump_Comsvcs
{
  meta:
    author = "Quarry"
    description = "LSASS memory dump through comsvcs.dll MiniDump export (rundll32 comsvcs.dll, MiniDump <pid> <file> full)"
    reference = "https://attack.mitre.org/techniques/T1003/001/"
  strings:
    $a = /comsvcs(\.dll)?["']?\s*,\s*(#24|MiniDump)/ ascii wide nocase
  condition:
    $a
}

rule Quarry_LSASS_Dump_Tools
{
  meta:
    author = "Quarry"
    description = "Command lines dumping LSASS memory with procdump or MiniDumpWriteDump from script"
    reference = "https://attack.mitre.org/techniques/T1003/001/"
  strings:
    $p1 = /procdump(64)?(\.exe)?\s+(-accepteula\s+)?-m[ap]\s+\S*lsass/ ascii wide nocase
    $p2 = "MiniDumpWriteDump" ascii wide
    $l = "lsass" ascii wide nocase
  condition:
    $p1 or ($p2 and $l)
}

rule Quarry_Registry_Hive_Save_For_Credentials
{
  meta:
    author = "Quarry"
    description = "reg.exe save of the SAM, SECURITY or SYSTEM hive, a common offline credential theft step"
    reference = "https://attack.mitre.org/techniques/T1003/002/"
  strings:
    $r = /reg(\.exe)?\s+save\s+("?)(hklm|HKEY_LOCAL_MACHINE)\\(sam|security|system)\b/ ascii wide nocase
  condition:
    $r
}
