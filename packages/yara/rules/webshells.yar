/*
  Quarry built-in pack: common web shells (PHP, ASP/ASPX, JSP).
*/

rule Quarry_Webshell_PHP_Eval_Request
{
  meta:
    author = "Quarry"
    description = "PHP web shell: eval/assert/system of request input, optionally base64 or gz decoded"
    reference = "https://attack.mitre.org/techniques/T1505/003/"
  strings:
    $php = "<?php" nocase
    $e1 = /(eval|assert|system|passthru|shell_exec|exec)\s*\(\s*(base64_decode\s*\(|gzinflate\s*\(|str_rot13\s*\()*\s*\$_(POST|GET|REQUEST|COOKIE)\s*\[/ nocase
    $e2 = /(eval|assert)\s*\(\s*(base64_decode|gzinflate|gzuncompress|str_rot13)\s*\(\s*['"][A-Za-z0-9+\/=]{40,}/ nocase
  condition:
    filesize < 2MB and $php and any of ($e*)
}

rule Quarry_Webshell_China_Chopper
{
  meta:
    author = "Quarry"
    description = "China Chopper style one-line shell: eval of a request field in ASP/ASPX/JScript or PHP"
    reference = "https://attack.mitre.org/software/S0020/"
  strings:
    $asp = /<%@\s*Page\s+Language\s*=\s*"?Jscript"?\s*%>\s*<%\s*eval\s*\(\s*Request(\.Item)?\s*\[/ nocase
    $asp2 = /<%\s*eval\s+request\s*\(\s*"[^"]{1,32}"\s*\)\s*%>/ nocase
    $php = /<\?php\s+@?eval\s*\(\s*\$_POST\s*\[\s*['"][^'"]{1,32}['"]\s*\]\s*\)\s*;?\s*\?>/ nocase
  condition:
    filesize < 64KB and any of them
}

rule Quarry_Webshell_ASPX_Process_Start
{
  meta:
    author = "Quarry"
    description = "ASPX web shell starting cmd.exe/powershell with request input"
    reference = "https://attack.mitre.org/techniques/T1505/003/"
  strings:
    $page = "<%@ Page" nocase
    $p1 = "System.Diagnostics.Process" nocase
    $p2 = "ProcessStartInfo" nocase
    $c1 = "cmd.exe" nocase
    $c2 = "powershell" nocase
    $r1 = "Request.Form" nocase
    $r2 = "Request.QueryString" nocase
    $r3 = "Request.Item" nocase
    $r4 = "Request[" nocase
  condition:
    filesize < 1MB and $page and any of ($p*) and any of ($c*) and any of ($r*)
}

rule Quarry_Webshell_JSP_Runtime_Exec
{
  meta:
    author = "Quarry"
    description = "JSP web shell: Runtime.exec of a request parameter"
    reference = "https://attack.mitre.org/techniques/T1505/003/"
  strings:
    $a = /Runtime\.getRuntime\(\)\.exec\s*\(\s*request\.getParameter\s*\(/ nocase
    $b1 = "Runtime.getRuntime().exec(" nocase
    $b2 = "request.getParameter(" nocase
    $jsp = "<%" 
  condition:
    filesize < 1MB and $jsp and ($a or all of ($b*))
}
