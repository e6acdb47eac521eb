import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findTool } from '@quarry/testkit';

/** The reference tools' readings of the triage proof's samples, run asynchronously while jobs run. */
const run = promisify(execFile);
const BIG = { encoding: 'utf8' as const, maxBuffer: 256 * 1024 * 1024 };

/** libscca's `Mon DD, YYYY HH:MM:SS.fffffff UTC` to Unix ms (sub-millisecond digits dropped, as Quarry keeps ms). */
function sccaTime(text: string): number {
  const m = /^(\w{3}) (\d{2}), (\d{4}) (\d{2}):(\d{2}):(\d{2})\.(\d{3})/.exec(text.trim());
  if (!m) throw new Error(`not a libscca time: ${text}`);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(m[1]!);
  return Date.UTC(Number(m[3]), month, Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6]), Number(m[7]));
}

export interface PrefetchFacts {
  executable: string;
  runCount: number;
  /** The stored last-run times, newest first. */
  lastRuns: number[];
}

export async function sccainfo(path: string): Promise<PrefetchFacts> {
  const { stdout } = await run(findTool('sccainfo')!, [path], BIG);
  const field = (name: string) => new RegExp(`^\\t${name}\\s*:\\s*(.*)$`, 'm').exec(stdout)?.[1]?.trim() ?? '';
  const lastRuns = [...stdout.matchAll(/^\tLast run time: \d+\s*:\s*(.*)$/gm)]
    .map((m) => m[1]!)
    .filter((t) => !/Not set/i.test(t))
    .map(sccaTime);
  return { executable: field('Executable filename'), runCount: Number(field('Run count')), lastRuns };
}

export interface EvtxEvent {
  eventId: number;
  computer: string;
  data: Record<string, unknown>;
}

/** evtx_dump (omerbenamram/evtx, cargo) as JSON lines. */
export async function evtxDump(path: string): Promise<EvtxEvent[]> {
  const { stdout } = await run(findTool('evtx_dump')!, ['-o', 'jsonl', path], BIG);
  return stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => {
      const event = (JSON.parse(line) as { Event: { System: Record<string, any>; EventData?: Record<string, unknown> | null } }).Event;
      const id = event.System['EventID'];
      return { eventId: Number(typeof id === 'object' ? id['#text'] : id), computer: String(event.System['Computer']), data: event.EventData ?? {} };
    });
}

/** lnkinfo's `Field : value` lines of a link. */
export async function lnkinfo(path: string): Promise<Map<string, string>> {
  const { stdout } = await run(findTool('lnkinfo')!, [path], BIG);
  return new Map([...stdout.matchAll(/^\t([^:\t][^:]*?)\s*:\s?(.*)$/gm)].map((m) => [m[1]!.trim(), m[2]!.trim()]));
}

export interface SystemHiveFacts {
  computerName: string;
  timeZone: string;
  bias: number;
  shimcache: { path: string; last_mod_date: string | null }[];
  usbstor: { serial_number: string; device_name: string }[];
}

/**
 * regipy's plugins over a SYSTEM hive after regipy replays its transaction logs (`<path>.LOG1`,
 * `.LOG2`) into a copy under `scratch`, as Quarry replays a dirty hive beside its logs.
 */
export async function regipySystem(path: string, scratch: string): Promise<SystemHiveFacts> {
  const script = `
import json, sys
from regipy.recovery import apply_transaction_logs
from regipy.registry import RegistryHive
from regipy.plugins.system.computer_name import ComputerNamePlugin
from regipy.plugins.system.shimcache import ShimCachePlugin
from regipy.plugins.system.usbstor import USBSTORPlugin
restored, _ = apply_transaction_logs(sys.argv[1], sys.argv[1] + '.LOG1', secondary_log_path=sys.argv[1] + '.LOG2', restored_hive_path=sys.argv[2])
hive = RegistryHive(restored)
def entries(plugin):
    p = plugin(hive, as_json=True)
    p.run()
    return p.entries
tz = {v.name: v.value for v in hive.get_key('\\\\ControlSet001\\\\Control\\\\TimeZoneInformation').iter_values()}
print(json.dumps({
    'computerName': entries(ComputerNamePlugin)[0]['name'],
    'timeZone': tz['TimeZoneKeyName'],
    'bias': tz['Bias'],
    'shimcache': entries(ShimCachePlugin),
    'usbstor': entries(USBSTORPlugin),
}, default=str))
`;
  const { stdout } = await run('python3', ['-c', script, path, join(scratch, 'SYSTEM.replayed')], BIG);
  return JSON.parse(stdout) as SystemHiveFacts;
}
