import type { RuleHit } from '../rule-hit.js';
import type { HiveKeys } from '../store/hive-keys.js';
import type { SlimKey } from '../store/slim-key.js';

/** One autostart found in a hive, before importance is judged. */
export interface PersistenceEntry {
  hive: HiveKeys;
  key: SlimKey;
  mechanism: string;
  /** Value name ("" for a key-level entry such as a service). */
  value: string;
  /** The decoded data shown in the Data column. */
  data: string;
  /** The command or file the entry runs, for the L1/L2/L4/L5 rules ("" when there is none). */
  command: string;
  /** The value itself was recovered deleted. */
  valueDeleted?: boolean;
  /** Rule hits the collector already knows (e.g. "Winlogon Shell is not explorer.exe"). */
  hits: RuleHit[];
  /** Machine entries with no rule hit are Low; user ones Medium (INSIGHTS.md §3, non-system account). */
  base: 'Low' | 'Medium';
}
