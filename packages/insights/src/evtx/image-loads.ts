import { Verdict } from '../common/importance.js';
import { lolbin } from '../common/lolbins.js';
import { stagingPath } from '../common/staging-paths.js';
import { formatTime } from '../common/time-format.js';
import { baseName } from '../common/windows-path.js';
import type { Insight } from '../types.js';
import { Log, field, type EventView } from './event-view.js';
import type { TimelineBuilder } from './timeline-builder.js';
import { TopRows } from './top-rows.js';

interface Row {
  time: number;
  importance: Verdict['importance'];
  cells: string[];
}

/** Access masks that read lsass memory the way credential dumpers do (Chainsaw, SigmaHQ). */
const LSASS_DUMP_ACCESS = new Set(['0x1010', '0x1410', '0x1438', '0x143a', '0x1fffff']);

/**
 * "Process Analysis: Image Loads & Access": Sysmon 7 (unsigned or staged DLLs), 8 (remote
 * threads) and 10 (process access; into lsass above all). Sysmon 8/10 into lsass enter the
 * timeline as "LSASS access".
 */
export function imageLoadsAndAccess(timeline: TimelineBuilder) {
  const rows = new TopRows<Row>(1000);
  const add = (v: EventView, source: string, target: string, access: string, signed: string, hashes: string, verdict: Verdict) => {
    rows.add({
      time: v.time,
      importance: verdict.importance,
      cells: [formatTime(v.time), String(v.eventId), source, target, access, signed, hashes, verdict.importance, verdict.text, String(v.recordId)],
    });
  };
  const lsass = (v: EventView, source: string, verdict: Verdict) =>
    timeline.add({
      shortName: 'LSASS access',
      key: source.toLowerCase(),
      category: 'Process',
      importance: 'Critical',
      time: v.time,
      recordId: v.recordId,
      detail: `${source} → lsass.exe (${verdict.text})`,
    });

  return {
    push(v: EventView): void {
      if (v.log !== Log.Sysmon) return;
      if (v.eventId === 7) {
        const signed = field(v, 'Signed');
        const loaded = field(v, 'ImageLoaded');
        const staged = stagingPath(loaded);
        if (signed !== 'false' && !staged) return;
        const image = field(v, 'Image');
        const loader = lolbin(image);
        const strong = stagingPath(image) !== null || loader?.tier === 'High';
        const verdict = new Verdict().hit(strong ? 'High' : 'Medium', signed === 'false' ? 'unsigned image load' : staged!.reason);
        if (strong) verdict.hit('High', loader?.tier === 'High' ? `loaded by ${loader.reason}` : 'loader in a staging path');
        add(v, image, loaded, '', signed, field(v, 'Hashes'), verdict);
      } else if (v.eventId === 8) {
        const source = field(v, 'SourceImage');
        const target = field(v, 'TargetImage');
        const verdict = new Verdict().hit('High', 'remote thread');
        add(v, source, target, `${field(v, 'StartModule')} ${field(v, 'StartFunction')}`.trim(), '', '', verdict);
        if (baseName(target).toLowerCase() === 'lsass.exe') lsass(v, source, verdict);
      } else if (v.eventId === 10) {
        const target = field(v, 'TargetImage');
        const access = field(v, 'GrantedAccess').toLowerCase();
        const source = field(v, 'SourceImage');
        const intoLsass = baseName(target).toLowerCase() === 'lsass.exe';
        let verdict: Verdict;
        if (intoLsass)
          verdict = LSASS_DUMP_ACCESS.has(access)
            ? new Verdict().hit('Critical', `lsass read access ${access}`)
            : new Verdict().hit('High', `lsass access ${access}`);
        else if (access === '0x1fffff') verdict = new Verdict().hit('Medium', 'full access (0x1fffff)');
        else return;
        add(v, source, target, access, '', '', verdict);
        if (intoLsass) lsass(v, source, verdict);
      }
    },
    insight(): Insight {
      const header = ['Time', 'Event ID', 'Source Image', 'Target', 'Access / Start', 'Signed', 'Hashes', 'Importance', 'Reasons', 'Record ID'];
      return { Table: { title: 'Process Analysis: Image Loads & Access', data: [header, ...rows.sorted().map((r) => r.cells)], category: 'Process' } };
    },
  };
}
