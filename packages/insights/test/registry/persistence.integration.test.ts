import { beforeAll, describe, expect, it } from 'vitest';
import type { Insight } from '../../src/index.js';
import { REGIPY, refTime, regipy } from './support/reference.js';
import { registryJob, table } from './support/run-registry.js';

const WINDOWS = /^"?(%systemroot%|%windir%|\\systemroot\\|system32\\|(\\\?\?\\)?[a-z]:\\windows\\)/i;

describe.skipIf(REGIPY.skip)(`registry Persistence vs regipy ${REGIPY.skip ? REGIPY.reason : ''}`, () => {
  let insights: Insight[];
  beforeAll(async () => {
    // SYSTEM_B alone (no logs): regipy reads the hive as it is on disk.
    insights = await registryJob([
      'regipy/SYSTEM_B',
      'plaso/NTUSER-WIN7.DAT',
      'regipy/transactions_NTUSER.DAT',
      'regipy/transactions_ntuser.dat.log1',
      'regipy/transactions_ntuser.dat.log2',
    ]);
  });

  it('lists every service regipy reads whose ImagePath/ServiceDll is outside the Windows folders, with its ImagePath', async () => {
    const ref = (await regipy('regipy/SYSTEM_B', 'services')).services['\\ControlSet001\\Services'].services as {
      name: string;
      values: { name: string; value: unknown }[] | null;
      parameters: { name: string; values?: { name: string; value: unknown }[] }[];
    }[];
    const expected = new Map<string, string>();
    for (const s of ref) {
      const get = (vals: { name: string; value: unknown }[] | null | undefined, n: string): string => String(vals?.find((v) => v.name === n)?.value ?? '');
      const image = get(s.values, 'ImagePath');
      const dll = get(s.parameters.find((p) => p.name === 'Parameters')?.values, 'ServiceDll') || get(s.values, 'ServiceDll');
      if (!image && !dll) continue;
      if ((!image || WINDOWS.test(image)) && (!dll || WINDOWS.test(dll))) continue;
      expected.set(s.name, image);
    }
    const rows = table(insights, 'Persistence').filter((r) => r['Mechanism'] === 'Service');
    const ours = new Map(rows.map((r) => [r['Value']!, /ImagePath: (.*?)(; [A-Z]\w+: |$)/.exec(r['Data']!)?.[1] ?? '']));
    expect([...ours.keys()].sort()).toEqual([...expected.keys()].sort());
    // regipy cuts one long ImagePath (NVDisplay.ContainerLocalSystem) short; ours must at least start with its reading.
    for (const [name, image] of expected) expect(ours.get(name)!.startsWith(image), name).toBe(true);
    expect(expected.size).toBeGreaterThan(10);
    for (const r of rows) expect(r['Key']).toMatch(/^SYSTEM\\ControlSet001\\Services\\/);
  });

  it('shows NTUSER Run values as regipy decodes them, with the owner from the hive', async () => {
    const ref = (await regipy('plaso/NTUSER-WIN7.DAT', 'ntuser_persistence')).ntuser_persistence['\\Software\\Microsoft\\Windows\\CurrentVersion\\Run'];
    const rows = table(insights, 'Persistence').filter((r) => r['Hive'] === 'NTUSER-WIN7.DAT' && r['Mechanism'] === 'Run');
    expect(rows.map((r) => [r['Value'], r['Data'], r['Last Write']]).sort()).toEqual(
      ref.values.map((v: any) => [v.name, v.value, refTime(ref.timestamp)]).sort(),
    );
    expect(new Set(rows.map((r) => r['User']))).toEqual(new Set(['nfury']));
    // A Run entry under AppData is judged by L1 (Medium), one under Program Files stays Low.
    expect(rows.find((r) => r['Value'] === 'Google Update')!['Importance']).toBe('Medium');
    expect(rows.find((r) => r['Value'] === 'Skype')!['Importance']).toBe('Low');
  });

  it('notes the dirty hive that came without logs, and not the one whose logs were replayed', () => {
    expect(table(insights, 'Persistence: Notes').map((r) => r['Hive'])).toEqual(['SYSTEM_B']);
  });
});
