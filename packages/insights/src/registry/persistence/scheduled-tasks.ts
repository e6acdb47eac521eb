import type { HiveKeys } from '../store/hive-keys.js';
import { bin, str } from '../store/slim-key.js';
import type { PersistenceEntry } from './entry.js';
import { decodeTaskActions } from './task-actions.js';

const CACHE = 'Microsoft\\Windows NT\\CurrentVersion\\Schedule\\TaskCache';

export const TASK_PATTERNS = [`${CACHE}\\Tree\\**`, `${CACHE}\\Tasks\\*`];

/** Scheduled tasks: each Tree\…\<task> key's Id leads to Tasks\{Id}, whose Actions hold the command. */
export function scheduledTasks(hive: HiveKeys, out: PersistenceEntry[]): void {
  for (const key of hive.under(`${CACHE}\\Tree`)) {
    const id = str(key, 'Id');
    if (!id) continue;
    const task = hive.key(`${CACHE}\\Tasks\\${id}`);
    const actions = bin(task, 'Actions');
    const commands = actions ? decodeTaskActions(actions) : [];
    const path = str(task, 'Path') || key.path.slice(CACHE.length + 6);
    out.push({
      hive,
      key: task ?? key,
      mechanism: 'Scheduled task',
      value: path,
      data: commands.join(', ') || `Id ${id}`,
      command: commands[0] ?? '',
      hits: [],
      base: 'Low',
    });
  }
}
