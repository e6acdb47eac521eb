import type { Analyzer, AnalyzerContext } from '../pipeline/analyzer.js';
import type { Insight } from '../types.js';
import { Log, field, viewOf } from './event-view.js';
import type { EvtxJob } from './job-state.js';

/**
 * "Key Event Timeline" (one Timeline). Every analyzer adds the key events it classifies (services,
 * logons, processes, …) to the job's timeline; this one adds the log-tampering events no other
 * result type owns, then writes the timeline: one entry per (event type, group key), 2,000 at most.
 */
export function keyEventTimeline(ctx: AnalyzerContext<'winevtx'>, job: EvtxJob): Analyzer<'winevtx'> {
  return {
    push(record) {
      const v = viewOf(record);
      const id = v.eventId;
      if (id === 1102 && (v.log === Log.Security || v.provider === 'Microsoft-Windows-Eventlog')) {
        const who = field(v, 'SubjectUserName');
        job.timeline.add({
          shortName: 'Security log cleared',
          key: v.computer,
          category: 'General',
          importance: 'Critical',
          time: v.time,
          recordId: v.recordId,
          detail: `${v.computer}${who ? ` by ${who}` : ''}`,
        });
      } else if (id === 104 && v.log === Log.System && v.provider === 'Microsoft-Windows-Eventlog') {
        const channel = field(v, 'Channel');
        const who = field(v, 'SubjectUserName');
        job.timeline.add({
          shortName: 'Event log cleared',
          key: channel,
          category: 'General',
          importance: 'Critical',
          time: v.time,
          recordId: v.recordId,
          detail: `${channel} on ${v.computer}${who ? ` by ${who}` : ''}`,
        });
      } else if ((id === 7036 || id === 7040) && v.log === Log.System) {
        const service = field(v, 'param1');
        if (!/^windows event log$/i.test(service)) return;
        const state = id === 7036 ? field(v, 'param2') : `start type ${field(v, 'param2')} → ${field(v, 'param3')}`;
        job.timeline.add({
          shortName: 'Event log service tampering',
          key: `${v.computer}|${id}|${state}`,
          category: 'General',
          importance: 'High',
          time: v.time,
          recordId: v.recordId,
          detail: `${service} ${state} on ${v.computer}`,
        });
      }
    },
    finish(): Insight[] {
      for (const contribute of job.timelineContributors) contribute(job.timeline);
      job.timelineContributors.length = 0;
      return [{ Timeline: { title: 'Key Event Timeline', data: job.timeline.entries(), category: 'General' } }];
    },
  };
}
