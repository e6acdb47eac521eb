import type { Importance } from '../types.js';
import { folderOf, programName } from './windows-path.js';

/**
 * L2 LOLBINs (INSIGHTS.md §2): LOLBAS-Project/LOLBAS yml/OSBinaries + yml/OtherMSBinaries (commit
 * 3403b33), plus the PowerShell hosts LOLBAS leaves out. Names lower case, without `.exe`.
 */
const LOLBAS = `addinutil appinstaller aspnet_compiler at atbroker bash bitsadmin certoc certreq certutil change cipher cmd cmdkey
cmdl32 cmstp colorcpl computerdefaults configsecuritypolicy conhost control csc cscript customshellhost datasvcutil desktopimgdownldr
devicecredentialdeployment dfsvc diantz diskshadow dnscmd esentutl eudcedit eventvwr expand explorer extexport extrac32 findstr finger
fltmc forfiles fsutil ftp gpscript hh imewdbld ie4uinit iediagcmd ieexec ilasm infdefaultinstall installutil iscsicpl jsc ldifde
makecab mavinject microsoft.workflow.compiler mmc mofcomp mpcmdrun msbuild msconfig msdt msedge mshta msiexec msoxmled netsh ngen
odbcconf offlinescannershell onedrivestandaloneupdater pcalua pcwrun pktmon pnputil presentationhost print printbrm provlaunch psr query
rasautou rdrleakdiag reg regasm regedit regini register-cimprovider regsvcs regsvr32 replace reset rpcping rundll32 runexehelper runonce
runscripthelper sc schtasks scp scriptrunner setres settingsynchost sftp sigverif ssh stordiag syncappvpublishingserver tar ttdinject
tttracer unregmp2 vbc verclsid wab wbadmin wbemtest winget wlrmdr wmic workfolders wscript wsreset wuauclt xwizard msedge_proxy
msedgewebview2 odbcad32 setupugc write wt
acccheckconsole adplus agentexecutor applauncher appcert appvlp bcp bginfo cdb coregen createdump csi defaultpack devinit
devtoolslauncher dnx dotnet dsdbutil dtutil dump64 dumpminitool dxcap ecmangen excel fsi fsianycpu intellitrace logger mftrace
microsoft.nodejstools.pressanykey mpiexec msaccess mscopilot mscopilot_proxy msdeploy msohtmed mspub msxsl nmcap ntdsutil ntsd
openconsole outlook pixtool powerpnt procdump protocolhandler rcsi remote sqldumper sqlps sqltoolsps squirrel te teams
testwindowremoteagent tracker update vsdiagnostics vsiisexelauncher visio visualuiaverifynative vslaunchbrowser vshadow vsjitdebugger
wfmformat wfc windbg winproj winword wsb wsl xbootmgr xbootmgrsleep devtunnel vsls-agent vstest.console winfile xsd
powershell pwsh powershell_ise`;

const HIGH_TIER = `certutil mshta regsvr32 rundll32 msbuild installutil regasm regsvcs cmstp bitsadmin wmic msiexec odbcconf forfiles pcalua
wscript cscript hh msxsl esentutl expand extrac32 ieexec mavinject presentationhost desktopimgdownldr finger ftp csc jsc vbc ntdsutil
diskshadow procdump sqldumper rdrleakdiag at schtasks sc reg netsh bash wsl powershell pwsh`;

const LOW_TIER = `cmd explorer conhost msedge msedgewebview2 ngen wuauclt settingsynchost onedrivestandaloneupdater mpcmdrun winword excel
powerpnt outlook teams update dotnet`;

const words = (s: string): Set<string> => new Set(s.split(/\s+/).filter(Boolean));

export const LOLBINS: ReadonlySet<string> = words(LOLBAS);
export const LOLBIN_HIGH_TIER: ReadonlySet<string> = words(HIGH_TIER);
const LOW: ReadonlySet<string> = words(LOW_TIER);

/** Where Windows and Microsoft installers put these binaries; elsewhere they raise suspicion. */
function usualFolder(folder: string): boolean {
  return /^([a-z]:)?\\windows\\/.test(folder) || /^([a-z]:)?\\program files( \(x86\))?\\/.test(folder) || /\\appdata\\local\\microsoft\\/.test(folder);
}

export interface LolbinHit {
  importance: Importance;
  reason: string;
  /** The binary's tier before the folder rule (High tier matters for other rules). */
  tier: Importance;
}

/** The L2 verdict for an image path (or a bare name: no folder, so no folder rule), or null. */
export function lolbin(imagePath: string): LolbinHit | null {
  const name = programName(imagePath);
  if (!LOLBINS.has(name)) return null;
  const tier: Importance = LOLBIN_HIGH_TIER.has(name) ? 'High' : LOW.has(name) ? 'Low' : 'Medium';
  const folder = folderOf(imagePath);
  if (folder !== '' && !usualFolder(folder)) {
    const up: Importance = tier === 'Low' ? 'Medium' : tier === 'Medium' ? 'High' : 'Critical';
    return { importance: up, reason: `L2 LOLBIN ${name} outside its usual folder`, tier };
  }
  return { importance: tier, reason: `L2 LOLBIN ${name}`, tier };
}
