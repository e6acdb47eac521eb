import { baseName } from '../common/windows-path.js';
import { capped } from '../prefetch/execution-timeline.js';
import type { Importance, Insight, TimelineEntry } from '../types.js';
import { entryCell } from './cells.js';
import { jobAnalyzer, type ShortcutJob } from './collect.js';
import type { ShortcutEntry } from './entry.js';
import { verdictOf } from './suspicious-shortcuts.js';

/** Where the time was read: the link file, or the Jump List file with its application and entry. */
function origin(e: ShortcutEntry): string {
  if (e.container === 'link') return `link ${e.source}`;
  return `${e.source} (${e.application ?? 'Unknown'}, ${entryCell(e)})`;
}

/**
 * "Access Timeline": the target's created, modified and accessed times and the Jump List's last
 * access, one entry each (the 2,000 most important when over the limit, as for prefetch), naming the file and entry they were read from. record_id is the input's
 * 1-based position in file_ids (as for prefetch); suspicious entries carry their importance.
 */
export function buildAccessTimeline(job: ShortcutJob): Insight[] {
  const out: TimelineEntry[] = [];
  for (const e of job.entries) {
    const importance: Importance = verdictOf(e).verdict.importance;
    const name = baseName(e.targetPath) || e.targetPath || '(no target path)';
    const target = e.targetPath || '(no target path)';
    const add = (ms: number | null, what: string, extra = '') => {
      if (ms === null) return;
      out.push({
        timestamp_start: ms,
        timestamp_end: null,
        record_id: e.recordId,
        short_name: name,
        description: `${target} ${what}${extra} (${origin(e)})`,
        category: 'General',
        importance,
      });
    };
    add(e.created, 'target created');
    add(e.modified, 'target modified');
    add(e.accessed, 'target accessed');
    const count = e.accessCount === null ? '' : `, access count ${e.accessCount}`;
    add(e.lastAccess, 'last opened from the Jump List', `${count}${e.pinned === null ? '' : ', pinned'}`);
  }
  return [{ Timeline: { title: 'Access Timeline', data: capped(out), category: 'General' } }];
}

export const accessTimeline = jobAnalyzer(buildAccessTimeline);
