import { commandHits } from '../common/command-rules.js';
import { Verdict } from '../common/importance.js';
import { formatTime } from '../common/time-format.js';
import type { Insight } from '../types.js';
import { Log, dataList, field, type EventView } from './event-view.js';
import type { TimelineBuilder } from './timeline-builder.js';
import { TopRows } from './top-rows.js';

interface ScriptRow {
  time: number;
  importance: Verdict['importance'];
  cells: string[];
}

/** Multi-part 4104 blocks waiting for their other parts; bounded in count and size. */
const PENDING_BLOCKS = 256;
const BLOCK_MAX_CHARS = 4_000_000;
const OBFUSCATION_CHARS = new Set('+\'"`{}[]()');

function obfuscationShare(s: string): number {
  if (s.length === 0) return 0;
  let n = 0;
  for (let i = 0; i < s.length; i++) if (OBFUSCATION_CHARS.has(s[i]!)) n++;
  return n / s.length;
}

interface Part {
  time: number;
  recordId: number;
  path: string;
  parts: string[];
  total: number;
  got: number;
  size: number;
}

/**
 * "Process Analysis: PowerShell": 4104 script blocks (parts joined per ScriptBlockId), 4103
 * payloads and Windows PowerShell 400/800 host applications; rows only for L4 hits, ≥ 1,000
 * characters, or ≥ 30 % obfuscation characters. 4104 rows of High or more enter the timeline.
 */
export function powerShellScripts(timeline: TimelineBuilder) {
  const rows = new TopRows<ScriptRow>(1000);
  const pending = new Map<string, Part>();

  const judge = (eventId: number, time: number, recordId: number, blockId: string, path: string, host: string, text: string) => {
    const v = new Verdict();
    for (const h of commandHits(text, host)) v.hit(h.importance, h.reason);
    const long = text.length >= 1000;
    const obfuscated = obfuscationShare(text) >= 0.3;
    if (obfuscated) v.hit('High', 'obfuscation (≥ 30 % special characters)');
    if (long) v.hit('Medium', 'script ≥ 1,000 chars');
    if (v.reasons.length === 0) return;
    rows.add({
      time,
      importance: v.importance,
      cells: [formatTime(time), String(eventId), blockId, path, host, String(text.length), v.importance, v.text, text.slice(0, 300), String(recordId)],
    });
    if (eventId === 4104 && (v.importance === 'High' || v.importance === 'Critical'))
      timeline.add({
        shortName: 'Suspicious PowerShell',
        key: blockId,
        category: 'Process',
        importance: v.importance,
        time,
        recordId,
        detail: `${v.text}: ${text.slice(0, 200)}`,
      });
  };

  return {
    push(v: EventView): void {
      if (v.log === Log.PowerShell && v.eventId === 4104) {
        const id = field(v, 'ScriptBlockId');
        const total = Number(field(v, 'MessageTotal')) || 1;
        const n = Number(field(v, 'MessageNumber')) || 1;
        const text = field(v, 'ScriptBlockText');
        const path = field(v, 'Path');
        if (total <= 1) return judge(4104, v.time, v.recordId, id, path, '', text);
        let p = pending.get(id);
        if (!p) {
          if (pending.size >= PENDING_BLOCKS) pending.delete(pending.keys().next().value!);
          pending.set(
            id,
            (p = { time: v.time, recordId: v.recordId, path, parts: new Array<string>(Math.min(total, 10_000)).fill(''), total, got: 0, size: 0 }),
          );
        }
        if (n - 1 < p.parts.length && p.parts[n - 1] === '' && p.size + text.length <= BLOCK_MAX_CHARS) {
          p.parts[n - 1] = text;
          p.size += text.length;
        }
        if (v.time < p.time) [p.time, p.recordId] = [v.time, v.recordId];
        if (++p.got >= total) {
          pending.delete(id);
          judge(4104, p.time, p.recordId, id, p.path, '', p.parts.join(''));
        }
      } else if (v.log === Log.PowerShell && v.eventId === 4103) {
        const context = field(v, 'ContextInfo');
        const host = /Host Application = ([^\r\n]*)/.exec(context)?.[1] ?? '';
        judge(4103, v.time, v.recordId, '', /Script Name = ([^\r\n]*)/.exec(context)?.[1]?.trim() ?? '', host.trim(), field(v, 'Payload'));
      } else if (v.log === Log.WindowsPowerShell && (v.eventId === 400 || v.eventId === 800)) {
        const all = dataList(v).join('\n');
        const host = /HostApplication=([^\r\n]*)/.exec(all)?.[1]?.trim() ?? '';
        judge(v.eventId, v.time, v.recordId, '', /ScriptName=([^\r\n]*)/.exec(all)?.[1]?.trim() ?? '', host, host);
      }
    },
    insight(): Insight {
      // Blocks whose parts never all came are judged on what did.
      for (const [id, p] of pending) judge(4104, p.time, p.recordId, id, p.path, '', p.parts.join(''));
      pending.clear();
      const header = ['Time', 'Event ID', 'Script Block ID', 'Path', 'Host Application', 'Length', 'Importance', 'Reasons', 'Excerpt', 'Record ID'];
      return { Table: { title: 'Process Analysis: PowerShell', data: [header, ...rows.sorted().map((r) => r.cells)], category: 'Process' } };
    },
  };
}
