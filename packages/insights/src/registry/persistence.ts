import { formatTime } from '../common/time-format.js';
import type { RegistryContext } from './context/registry-context.js';
import { deletedCell, keyCell } from './format.js';
import { AUTORUN_PATTERNS, machineAutoruns, userAutoruns } from './persistence/autoruns.js';
import type { PersistenceEntry } from './persistence/entry.js';
import { judgeEntry } from './persistence/rules.js';
import { TASK_PATTERNS, scheduledTasks } from './persistence/scheduled-tasks.js';
import { SERVICE_PATTERNS, SVCHOST_PATTERNS, services, svchostGroups, systemAutoruns } from './persistence/services.js';
import { hiveCell, registryAnalyzer, type RegistryResultType } from './registry-analyzer.js';
import type { KeyStore } from './store/key-store.js';
import { tableInsight, type Row } from './table.js';

const COLUMNS = ['Hive', 'User', 'Mechanism', 'Key', 'Value', 'Data', 'Last Write', 'Importance', 'Reasons', 'Deleted'];

function collect(store: KeyStore): PersistenceEntry[] {
  const out: PersistenceEntry[] = [];
  for (const h of store.ofType('NTUSER.DAT')) userAutoruns(h, out);
  const software = store.ofType('SOFTWARE');
  for (const h of software) {
    machineAutoruns(h, out);
    scheduledTasks(h, out);
  }
  const groups = svchostGroups(software);
  for (const h of store.ofType('SYSTEM')) {
    services(h, groups, software.length > 0, out);
    systemAutoruns(h, out);
  }
  return out;
}

function row(e: PersistenceEntry, context: RegistryContext): Row {
  const verdict = judgeEntry(e);
  return {
    cells: {
      Hive: hiveCell(e.hive),
      User: context.userOf(e.hive),
      Mechanism: e.mechanism,
      Key: keyCell(e.hive, e.key),
      Value: e.value,
      Data: e.data,
      'Last Write': formatTime(e.key.lastWrite),
      Reasons: verdict.text,
      Deleted: deletedCell(e.key, { deleted: e.valueDeleted ?? false }),
    },
    importance: verdict.importance,
    time: e.key.lastWrite,
  };
}

export const PERSISTENCE: RegistryResultType = {
  title: 'Persistence',
  patterns: {
    'NTUSER.DAT': AUTORUN_PATTERNS['NTUSER.DAT'],
    SOFTWARE: [...AUTORUN_PATTERNS.SOFTWARE, ...TASK_PATTERNS, ...SVCHOST_PATTERNS],
    SYSTEM: SERVICE_PATTERNS,
  },
  build: (store, context) => [
    tableInsight(
      'Persistence',
      'Persistence',
      COLUMNS,
      collect(store).map((e) => row(e, context)),
    ),
  ],
};

/** Registry "Persistence" (INSIGHTS.md §4): autostarts of user, SOFTWARE and SYSTEM hives. */
export const registryPersistence = registryAnalyzer(PERSISTENCE);
