import { commandHits } from '../../../src/common/command-rules.js';
import { inWindowsFolder } from '../../../src/registry/persistence/command-path.js';
import type { ArtifactComparison, Comparator } from './comparator.js';
import { comparison, compareKeyed, keyPathOf, pluginOutput, rowsOf } from './evidence.js';

interface Service {
  image: string;
  dll: string;
  start: string;
}

type RegipyValue = { name: string; value: unknown };
type RegipyService = { name: string; values: RegipyValue[] | null; parameters: { subkey_name: string; values: RegipyValue[] | null }[] };

const valueOf = (values: RegipyValue[] | null | undefined, name: string): string => {
  const v = values?.find((x) => x.name.toLowerCase() === name.toLowerCase());
  return v === undefined || v.value === null ? '' : String(v.value);
};

/** `ImagePath: X; ServiceDll: Y; Start: 2 (Automatic); …` (persistence/services.ts serviceFacts) back into fields. */
function ourService(data: string): Service {
  const fact = (label: string): string => new RegExp(`(?:^|; )${label}: (.*?)(?=; [A-Za-z]+: |$)`).exec(data)?.[1] ?? '';
  return { image: fact('ImagePath'), dll: fact('ServiceDll'), start: fact('Start').replace(/ \(.*\)$/, '') };
}

/**
 * Services: our Persistence "Service" rows (the current control set, INSIGHTS.md §4: a service is
 * listed unless its ImagePath and ServiceDll are both in a Windows folder with no L4 hit) against
 * regipy's services plugin (every service of every control set), by key path.
 */
export const SERVICES: Comparator = {
  artifact: 'Services',
  regipyPlugins: ['services', 'active_control_set'],
  appliesTo: (hive) => hive.kind === 'SYSTEM',
  compare(ours, regipy, hive) {
    const result = comparison('Services', hive.label);
    const mine = new Map<string, Service & { deleted: boolean }>();
    for (const r of rowsOf(ours, 'Persistence')) {
      if (!r['Mechanism']!.startsWith('Service')) continue;
      mine.set(keyPathOf(r['Key']), { ...ourService(r['Data']!), deleted: r['Mechanism'] === 'Service (deleted)' });
    }
    const { entries, error } = pluginOutput(regipy, 'services');
    const sets = (entries ?? {}) as Record<string, { services: RegipyService[] }>;
    const current = (pluginOutput(regipy, 'active_control_set').entries as RegipyValue[] | null)?.find((v) => v.name === 'Current')?.value;
    const currentSet = `\\controlset${String(current ?? 1).padStart(3, '0')}\\services`;
    const theirs = new Map<string, Service & { set: string }>();
    for (const [setPath, set] of Object.entries(sets)) {
      for (const s of set.services ?? []) {
        const params = s.parameters?.find((p) => p.subkey_name.toLowerCase() === 'parameters');
        theirs.set(`${setPath.toLowerCase()}\\${s.name.toLowerCase()}`, {
          image: valueOf(s.values, 'ImagePath'),
          dll: valueOf(params?.values, 'ServiceDll') || valueOf(s.values, 'ServiceDll'),
          start: valueOf(s.values, 'Start'),
          set: setPath.toLowerCase(),
        });
      }
    }
    compareKeyed(
      result,
      mine,
      theirs,
      (o, t) => {
        if (o.image === t.image && o.dll === t.dll && o.start === t.start) return null;
        return { ours: o, theirs: t };
      },
      (_, o) => (o.deleted ? 'recovered from free space: regipy reads live keys only' : error ? `${error}` : null),
      (_, t) => {
        if (t.set !== currentSet) return `${t.set.slice(1, 14)} is not the current control set (${currentSet.slice(1, 14)}): Persistence lists CCS only`;
        if (!t.image && !t.dll) return 'no ImagePath or ServiceDll: nothing runs, not listed (INSIGHTS.md §4 lists service binaries)';
        const windows = (!t.image || inWindowsFolder(t.image)) && (!t.dll || inWindowsFolder(t.dll));
        if (windows && commandHits(`${t.image} ${t.dll}`).length === 0)
          return 'ImagePath/ServiceDll in a Windows folder with no L4 hit: not listed (INSIGHTS.md §4)';
        return null;
      },
    );
    return explainTruncated(result);
  },
};

/**
 * regipy cuts string data at 512 bytes: on SYSTEM_B, NVDisplay.ContainerLocalSystem's ImagePath is
 * 528 bytes (regfexport 20201007: "Data size: 528", the whole command line ending
 * `plugins\LocalSystem"`, as ours), regipy prints its first 256 characters. A difference that is
 * exactly that cut is regipy's, and explained.
 */
function explainTruncated(result: ArtifactComparison): ArtifactComparison {
  result.unexplained = result.unexplained.filter((u) => {
    const o = u.ours as Service | undefined;
    const t = u.theirs as Service | undefined;
    const cut = o && t && o.dll === t.dll && o.start === t.start && t.image.length === 256 && o.image.length > 256 && o.image.startsWith(t.image);
    if (cut)
      result.explained.push({
        key: u.key,
        why: `regipy cuts the ${o.image.length}-character ImagePath to its first 256 characters (512 bytes); regfexport decodes the whole value, as we do`,
      });
    return !cut;
  });
  return result;
}
