/*
  Quarry built-in pack: common PE packers and protectors, by section names in the PE section table.
  Header fields are read with integer functions so the rules need no module.
*/

private rule Quarry_PE_File
{
  meta:
    author = "Quarry"
    description = "MZ header whose e_lfanew points at a PE signature"
    reference = "https://learn.microsoft.com/en-us/windows/win32/debug/pe-format"
  condition:
    uint16(0) == 0x5A4D and uint32(0x3C) < filesize and uint32(uint32(0x3C)) == 0x00004550
}

rule Quarry_Packer_UPX
{
  meta:
    author = "Quarry"
    description = "UPX packed PE (UPX0/UPX1 sections)"
    reference = "https://upx.github.io/"
  strings:
    $s0 = { 55 50 58 30 00 00 00 00 }
    $s1 = { 55 50 58 31 00 00 00 00 }
  condition:
    Quarry_PE_File and $s0 in (uint32(0x3C) .. uint32(0x3C) + 0x400) and $s1 in (uint32(0x3C) .. uint32(0x3C) + 0x400)
}

rule Quarry_Packer_Protectors
{
  meta:
    author = "Quarry"
    description = "PE protected or packed by MPRESS, ASPack, Themida/WinLicense, VMProtect, Enigma or PECompact (section names)"
    reference = "https://attack.mitre.org/techniques/T1027/002/"
  strings:
    $mpress = ".MPRESS1" ascii
    $aspack = ".aspack" ascii
    $adata = ".adata" ascii
    $themida = ".themida" ascii
    $winlic = ".winlice" ascii
    $vmp0 = ".vmp0" ascii
    $vmp1 = ".vmp1" ascii
    $enigma = ".enigma1" ascii
    $pec = "PEC2" ascii
  condition:
    Quarry_PE_File and for any of them : ( $ in (uint32(0x3C) .. uint32(0x3C) + 0x400) )
}
