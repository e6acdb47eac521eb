/*
  Quarry built-in pack: suspicious PowerShell (scripts, command lines, script block logs).
  Strings are matched ascii and wide so they also hit UTF-16 text inside EVTX records.
*/

rule Quarry_PowerShell_Download_Cradle
{
  meta:
    author = "Quarry"
    description = "PowerShell download cradle: Net.WebClient DownloadString/DownloadFile or Invoke-WebRequest piped to Invoke-Expression"
    reference = "https://attack.mitre.org/techniques/T1059/001/"
  strings:
    $wc = "Net.WebClient" ascii wide nocase
    $d1 = "DownloadString" ascii wide nocase
    $d2 = "DownloadFile" ascii wide nocase
    $d3 = "DownloadData" ascii wide nocase
    $iwr = /(Invoke-WebRequest|iwr|Invoke-RestMethod|irm)\s+[^|]{1,200}\|\s*(iex|Invoke-Expression)/ ascii wide nocase
  condition:
    ($wc and any of ($d*)) or $iwr
}

rule Quarry_PowerShell_Encoded_Command
{
  meta:
    author = "Quarry"
    description = "powershell launched with -EncodedCommand (or an abbreviation) and a long base64 argument"
    reference = "https://attack.mitre.org/techniques/T1027/010/"
  strings:
    $e = /powershell(\.exe)?["']?\s+([-\/][a-z]+\s+([a-z]+\s+)?){0,6}[-\/]e(nc?|ncodedcommand)?\s+[A-Za-z0-9+\/]{40,}={0,2}/ ascii wide nocase
  condition:
    $e
}

rule Quarry_PowerShell_AMSI_Bypass
{
  meta:
    author = "Quarry"
    description = "AMSI bypass: AmsiUtils amsiInitFailed field set through reflection, or AmsiScanBuffer patching"
    reference = "https://attack.mitre.org/techniques/T1562/001/"
  strings:
    $a1 = "AmsiUtils" ascii wide nocase
    $a2 = "amsiInitFailed" ascii wide nocase
    $b1 = "AmsiScanBuffer" ascii wide
    $b2 = "VirtualProtect" ascii wide
  condition:
    all of ($a*) or all of ($b*)
}

rule Quarry_PowerShell_Offensive_Frameworks
{
  meta:
    author = "Quarry"
    description = "Function names of public offensive PowerShell toolkits (PowerSploit, Empire, Nishang, PowerView)"
    reference = "https://attack.mitre.org/techniques/T1059/001/"
  strings:
    $f1 = "Invoke-Mimikatz" ascii wide nocase
    $f2 = "Invoke-ReflectivePEInjection" ascii wide nocase
    $f3 = "Invoke-Shellcode" ascii wide nocase
    $f4 = "Invoke-Kerberoast" ascii wide nocase
    $f5 = "Get-GPPPassword" ascii wide nocase
    $f6 = "Invoke-TokenManipulation" ascii wide nocase
    $f7 = "Invoke-PowerShellTcp" ascii wide nocase
    $f8 = "Get-DomainUser -SPN" ascii wide nocase
    $f9 = "Invoke-BloodHound" ascii wide nocase
  condition:
    any of them
}

rule Quarry_PowerShell_Reflective_Assembly_Load
{
  meta:
    author = "Quarry"
    description = "In-memory .NET assembly load from base64 or a byte download ([Reflection.Assembly]::Load)"
    reference = "https://attack.mitre.org/techniques/T1620/"
  strings:
    $l = /\[(System\.)?Reflection\.Assembly\]::Load(File)?\s*\(/ ascii wide nocase
    $b1 = "FromBase64String" ascii wide nocase
    $b2 = "DownloadData" ascii wide nocase
  condition:
    $l and any of ($b*)
}
