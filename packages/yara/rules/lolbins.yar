/*
  Quarry built-in pack: living-off-the-land binary abuse seen in command lines, scripts and logs.
*/

rule Quarry_LOLBIN_Certutil_Download
{
  meta:
    author = "Quarry"
    description = "certutil used to download (-urlcache -f URL) or to decode a dropped payload (-decode)"
    reference = "https://lolbas-project.github.io/lolbas/Binaries/Certutil/"
  strings:
    $d = /certutil(\.exe)?\s+[^\r\n]{0,40}-urlcache\s+[^\r\n]{0,20}-f\s+[^\r\n]{0,10}https?:\/\// ascii wide nocase
    $c = /certutil(\.exe)?\s+[^\r\n]{0,20}-decode\s+\S+\s+\S+/ ascii wide nocase
  condition:
    any of them
}

rule Quarry_LOLBIN_Regsvr32_Squiblydoo
{
  meta:
    author = "Quarry"
    description = "regsvr32 loading a remote scriptlet through scrobj.dll (Squiblydoo)"
    reference = "https://lolbas-project.github.io/lolbas/Binaries/Regsvr32/"
  strings:
    $r = /regsvr32(\.exe)?\s+[^\r\n]{0,40}\/i:\s*["']?https?:\/\/[^\r\n]{1,200}scrobj(\.dll)?/ ascii wide nocase
  condition:
    $r
}

rule Quarry_LOLBIN_Mshta_Inline_Script
{
  meta:
    author = "Quarry"
    description = "mshta running inline javascript:/vbscript: code or a remote .hta"
    reference = "https://lolbas-project.github.io/lolbas/Binaries/Mshta/"
  strings:
    $i = /mshta(\.exe)?["']?\s+["']?(javascript|vbscript):/ ascii wide nocase
    $u = /mshta(\.exe)?["']?\s+["']?https?:\/\/\S+/ ascii wide nocase
  condition:
    any of them
}

rule Quarry_LOLBIN_Rundll32_Script
{
  meta:
    author = "Quarry"
    description = "rundll32 executing script (javascript: / mshtml RunHTMLApplication) instead of a DLL export"
    reference = "https://lolbas-project.github.io/lolbas/Binaries/Rundll32/"
  strings:
    $j = /rundll32(\.exe)?\s+javascript:/ ascii wide nocase
    $h = "mshtml,RunHTMLApplication" ascii wide nocase
  condition:
    any of them
}

rule Quarry_LOLBIN_Bitsadmin_Transfer
{
  meta:
    author = "Quarry"
    description = "bitsadmin /transfer (or /addfile) pulling a file over HTTP"
    reference = "https://lolbas-project.github.io/lolbas/Binaries/Bitsadmin/"
  strings:
    $b = /bitsadmin(\.exe)?\s+[^\r\n]{0,60}\/(transfer|addfile)\s+[^\r\n]{0,120}https?:\/\// ascii wide nocase
  condition:
    $b
}

rule Quarry_LOLBIN_WMIC_Remote_XSL
{
  meta:
    author = "Quarry"
    description = "wmic /format: loading a remote XSL stylesheet (script execution), or process call create on a remote node"
    reference = "https://lolbas-project.github.io/lolbas/Binaries/Wmic/"
  strings:
    $x = /wmic(\.exe)?\s+[^\r\n]{0,80}\/format:\s*["']?https?:\/\// ascii wide nocase
    $r = /wmic(\.exe)?\s+\/node:\s*\S+\s+[^\r\n]{0,80}process\s+call\s+create/ ascii wide nocase
  condition:
    any of them
}
