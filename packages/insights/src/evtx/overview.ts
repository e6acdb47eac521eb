import { formatTime } from '../common/time-format.js';
import type { Analyzer, AnalyzerContext, InputReport } from '../pipeline/analyzer.js';
import { implausibleLines } from '../pipeline/implausible-items.js';
import type { LoadedRuleSet } from './sigma-rules.js';
import type { Insight } from '../types.js';
import { dataList, field, viewOf, type EventView } from './event-view.js';
import type { EvtxJob } from './job-state.js';
import { listCell } from './occurrences.js';

interface Computer {
  events: number;
  first: number;
  last: number;
  channels: Set<string>;
  os: string;
  osTime: number;
  timeZone: string;
  tzTime: number;
  lastBoot: number;
}

const TOP_EVENT_IDS = 25;
/** Rows of "Overview: Event IDs" kept (the most frequent first). */
const EVENT_ID_ROWS = 500;

/** "SigmaHQ r2026-01-01: 3752 loaded, 2 refused". */
const ruleSetCell = (s: LoadedRuleSet): string => `${s.name}${s.version ? ` ${s.version}` : ''}: ${s.loaded} loaded, ${s.refused} refused`;

/**
 * Where the dashboard's lookup page answers for one event (module event_id): a relative link the
 * job page renders, so an analyst goes from a count to the event's description and fields.
 */
export const eventLookupLink = (provider: string, eventId: number): string =>
  `/lookup?module=event_id&search=${encodeURIComponent(String(eventId))}&provider=${encodeURIComponent(provider)}`;

/** "Windows 6.01.7601 Service Pack 1" from EventLog 6009's data. */
function osText(v: EventView): string {
  const [version = '', build = '', sp = ''] = dataList(v);
  return `Windows ${version}${build}${sp ? ` ${sp}` : ''}`.trim();
}

/** "Pacific Standard Time (UTC-08:00)" from EventLog 6013's last value, "480 Pacific Standard Time" (bias in minutes). */
function timeZoneText(v: EventView): string {
  const list = dataList(v);
  const m = /^(-?\d+)\s+(.+)$/.exec(list[list.length - 1] ?? '');
  if (!m) return '';
  const offset = -Number(m[1]);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${m[2]} (UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')})`;
}

/**
 * "Overview" (General): job-wide counts (Metadata), events per id and channel (Chart) and one row
 * per computer with its OS, time zone and last boot (Hayabusa computer-metrics: 6009/6013/12/6005).
 */
export function overview(ctx: AnalyzerContext<'winevtx'>, job: EvtxJob): Analyzer<'winevtx'> {
  let records = 0;
  let first = Infinity;
  let last = -Infinity;
  // channel → event id → count: no per-record key string.
  const byChannel = new Map<string, Map<number, number>>();
  const providers = new Set<string>();
  // provider → event id → count, for the Event IDs table and its lookup links.
  const byProvider = new Map<string, Map<number, number>>();
  const computers = new Map<string, Computer>();
  const reports: InputReport[] = [];

  const computer = (name: string): Computer => {
    let c = computers.get(name);
    if (!c)
      computers.set(
        name,
        (c = {
          events: 0,
          first: Infinity,
          last: -Infinity,
          channels: new Set(),
          os: '',
          osTime: -Infinity,
          timeZone: '',
          tzTime: -Infinity,
          lastBoot: -Infinity,
        }),
      );
    return c;
  };

  return {
    // Its warnings list what the other result types kept out of their tables.
    reportsOnJob: true,
    push(record) {
      const v = viewOf(record);
      records++;
      if (v.time < first) first = v.time;
      if (v.time > last) last = v.time;
      let ids = byChannel.get(v.channel);
      if (!ids) byChannel.set(v.channel, (ids = new Map()));
      ids.set(v.eventId, (ids.get(v.eventId) ?? 0) + 1);
      if (providers.size < 10_000) providers.add(v.provider);
      let pids = byProvider.get(v.provider);
      if (!pids && byProvider.size < 10_000) byProvider.set(v.provider, (pids = new Map()));
      pids?.set(v.eventId, (pids.get(v.eventId) ?? 0) + 1);
      const c = computer(v.computer);
      c.events++;
      if (v.time < c.first) c.first = v.time;
      if (v.time > c.last) c.last = v.time;
      if (c.channels.size < 200) c.channels.add(v.channel);
      if (v.provider === 'EventLog') {
        if (v.eventId === 6009 && v.time > c.osTime) {
          c.os = osText(v);
          c.osTime = v.time;
        } else if (v.eventId === 6013 && v.time > c.tzTime) {
          const tz = timeZoneText(v);
          if (tz) [c.timeZone, c.tzTime] = [tz, v.time];
        } else if (v.eventId === 6005 && v.time > c.lastBoot) c.lastBoot = v.time;
      } else if (v.eventId === 12 && v.provider === 'Microsoft-Windows-Kernel-General') {
        const start = Date.parse(field(v, 'StartTime'));
        if (start > c.lastBoot) c.lastBoot = start;
      }
    },
    inputDone(report) {
      reports.push(report);
    },
    finish(): Insight[] {
      const counts: [string, number][] = [];
      const eventIds = new Set<number>();
      for (const [channel, ids] of byChannel)
        for (const [id, n] of ids) {
          counts.push([`${Number.isNaN(id) ? '?' : id} ${channel}`, n]);
          eventIds.add(id);
        }
      counts.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const chart = counts.slice(0, TOP_EVENT_IDS);
      const other = counts.slice(TOP_EVENT_IDS).reduce((s, c) => s + c[1], 0);
      if (other > 0) chart.push(['Other', other]);

      reports.sort((a, b) => a.input.position - b.input.position);
      // Rejected items: the job-wide ones (tables over every input), then each input's (its reader's and its tables').
      const implausible = [
        ...implausibleLines(ctx.implausible.of(null), ctx.implausible.count(null)),
        ...reports.flatMap((r) =>
          implausibleLines(
            [...(r.implausible?.of(r.input) ?? []), ...ctx.implausible.of(r.input)],
            (r.implausible?.count(r.input) ?? 0) + ctx.implausible.count(r.input),
            `${r.input.name}: `,
          ),
        ),
      ];
      const rejected = ctx.implausible.total() + reports.reduce((n, r) => n + (r.implausible?.total() ?? 0), 0);
      const warnings = [
        ...reports.flatMap((r) => [...(r.error ? [`${r.input.name}: ${r.error}`] : []), ...r.warnings.map((w) => `${r.input.name}: ${w}`)]),
        ...implausible,
      ];
      const sigma = job.sigma;
      sigma?.finish();
      const meta: Record<string, string> = {
        files: String(ctx.inputs.length),
        records: String(records),
        first_event: records ? formatTime(first) : '',
        last_event: records ? formatTime(last) : '',
        computers: listCell([...computers.keys()].sort()),
        channels: listCell([...byChannel.keys()].sort()),
        providers: listCell([...providers].sort()),
        distinct_event_ids: String(eventIds.size),
        sigma_enabled: String(ctx.options.runSigmaRules),
        sigma_rules_loaded: String(sigma?.rules.loaded ?? 0),
        sigma_rules_matched: String(sigma?.hits.size ?? 0),
        sigma_matches: String(sigma?.matchCount ?? 0),
        sigma_rules_without_logsource: String(sigma?.rulesWithoutLogsource ?? 0),
        implausible_items: String(rejected),
        // Which sets ran, so a count of 0 matches can be told apart from "only the built-in pack ran".
        sigma_rule_sets: sigma ? listCell(sigma.rules.sets.map(ruleSetCell)) : '',
        sigma_rules_refused: String(sigma?.rules.refused ?? 0),
        warnings: warnings.length ? `${warnings.length}: ${warnings.join('\n')}` : '0',
      };
      const header = ['Computer', 'Events', 'First Event', 'Last Event', 'Channels', 'OS', 'Time Zone', 'Last Boot'];
      const rows = [...computers.entries()]
        .sort((a, b) => b[1].events - a[1].events || a[0].localeCompare(b[0]))
        .map(([name, c]) => [
          name,
          String(c.events),
          formatTime(c.first),
          formatTime(c.last),
          listCell([...c.channels].sort()),
          c.os,
          c.timeZone,
          c.lastBoot > -Infinity ? formatTime(c.lastBoot) : '',
        ]);
      const idRows = [...byProvider.entries()]
        .flatMap(([provider, ids]) => [...ids.entries()].map(([id, n]) => ({ provider, id, n })))
        .sort((a, b) => b.n - a.n || a.provider.localeCompare(b.provider) || a.id - b.id)
        .slice(0, EVENT_ID_ROWS)
        .map(({ provider, id, n }) => [Number.isNaN(id) ? '?' : String(id), provider, String(n), Number.isNaN(id) ? '' : eventLookupLink(provider, id)]);
      return [
        { Metadata: { title: 'Overview', data: meta, category: 'General' } },
        { Chart: { title: 'Overview: Events by ID', data: chart, category: 'General', display_mode: 'bar' } },
        { Table: { title: 'Overview: Computers', data: [header, ...rows], category: 'General' } },
        { Table: { title: 'Overview: Event IDs', data: [['Event ID', 'Provider', 'Events', 'Lookup'], ...idRows], category: 'General' } },
      ];
    },
  };
}
