import type { Insight } from '../../types.js';
import type { TriageRecord } from '../model.js';
import { joinCells, tableFacts } from './table-facts.js';
import { byTitle, cellImportance, orNull, tableRows } from './table-rows.js';

/** Suspicious Shortcuts' importance by link or entry (source file, entry, target). */
function suspicious(insights: readonly Insight[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { cells: c } of tableRows(byTitle(insights, 'Suspicious Shortcuts')))
    out.set(`${c['Source File']}|${c['Entry']}|${c['Target Path']}`, c['Importance'] ?? '');
  return out;
}

/**
 * The Host Timeline facts of a shortcuts member type's results: the target's created, modified and
 * accessed times and the Jump List's last access, from "Opened Files & Folders" (one row per link
 * or Jump List entry, uncapped; the Access Timeline holds the same times, capped, without the
 * member and volume columns). A link Suspicious Shortcuts lists carries its importance.
 */
export function lnkFacts(insights: readonly Insight[]): TriageRecord[] {
  const flagged = suspicious(insights);
  return tableFacts(
    'lnk',
    insights,
    'Opened Files & Folders',
    [
      { column: 'Target Created', kind: 'created', label: 'target' },
      { column: 'Target Modified', kind: 'modified', label: 'target' },
      { column: 'Target Accessed', kind: 'accessed', label: 'target' },
      { column: 'Last Access', kind: 'accessed', label: 'Jump List last access' },
    ],
    (c) => ({
      description: joinCells(
        c['Target Path'] || '(no target path)',
        c['Arguments'],
        c['Drive Type'] ? `on ${c['Drive Type']} volume` : '',
        c['Volume Serial'] ? `serial ${c['Volume Serial']}` : '',
        c['Volume Label'] ? `"${c['Volume Label']}"` : '',
        c['Application'] ? `via ${c['Application']}` : '',
      ),
      artifact: c['Source File'] ?? '',
      path: orNull(c['Target Path']),
      records: c['Source File'] ? { type: 'lnk', filters: [{ field: 'source', value: c['Source File'] }] } : null,
      importance: cellImportance(flagged.get(`${c['Source File']}|${c['Entry']}|${c['Target Path']}`)),
    }),
  );
}
