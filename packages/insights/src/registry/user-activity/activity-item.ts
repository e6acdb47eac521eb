import type { HiveKeys } from '../store/hive-keys.js';
import type { SlimKey } from '../store/slim-key.js';

/** One row of the "User Activity" table before the user and importance are filled in. */
export interface ActivityItem {
  hive: HiveKeys;
  key: SlimKey;
  source: string;
  item: string;
  count: string;
  /** ISO time of last use, when the source records one (else the key's last write stands in for ordering). */
  lastUsed: string | null;
  details: string;
  deletedValue?: boolean;
}

/** Adds one activity row found under `key`. */
export type AddActivity = (key: SlimKey, source: string, item: string, extra?: Partial<ActivityItem>) => void;
