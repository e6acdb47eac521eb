import { beforeAll, describe, expect, it } from 'vitest';
import type { Insight } from '../../src/index.js';
import { REGIPY, REGIPY_SHELLBAGS, refTime, regipy } from './support/reference.js';
import { registryJob, table } from './support/run-registry.js';

describe.skipIf(REGIPY.skip)(`registry User Activity vs regipy ${REGIPY.skip ? REGIPY.reason : ''}`, () => {
  let insights: Insight[];
  beforeAll(async () => {
    insights = await registryJob(['regipy/SYSTEM_B', 'plaso/NTUSER-WIN7.DAT', 'regipy/UsrClass.dat']);
  });

  it('decodes UserAssist names, run counts and last run times as regipy does', async () => {
    const ref = (await regipy('plaso/NTUSER-WIN7.DAT', 'user_assist')).user_assist as { name: string; run_counter: number; timestamp: string }[];
    const rows = table(insights, 'User Activity').filter((r) => r['Source'] === 'UserAssist');
    // regipy expands known-folder GUIDs to environment paths, ours to the folder's name: compare by file name.
    const tail = (s: string): string => s.split('\\').pop()!;
    const key = (name: string, count: number | string, t: string): string => `${tail(name)}|${count}|${t}`;
    const epoch = (t: string): string => (t.startsWith('1601') ? '' : refTime(t));
    // regipy 6.5 yields every value twice (its GUID list names each 7 GUID twice); ours once.
    // UEME_CTLCUACount:ctor is session bookkeeping, which we skip (registry README).
    const ours = rows.map((r) => key(r['Item']!, r['Count']!, r['Last Used']!));
    const theirs = ref.filter((e) => !e.name.startsWith('UEME_CTL')).map((e) => key(e.name, e.run_counter, epoch(e.timestamp)));
    expect([...ours, ...ours].sort()).toEqual(theirs.sort());
    expect(rows.some((r) => r['Item']!.startsWith('System32\\'))).toBe(true);
  });

  it('reads TypedURLs and WordWheelQuery entries as regipy does', async () => {
    const ref = await regipy('plaso/NTUSER-WIN7.DAT', 'typed_urls', 'word_wheel_query');
    const rows = table(insights, 'User Activity');
    const urls = ref.typed_urls.entries.map((e: Record<string, string>) => Object.values(e)[0]);
    expect(rows.filter((r) => r['Source'] === 'TypedURLs').map((r) => r['Item'])).toEqual(expect.arrayContaining(urls));
    expect(rows.filter((r) => r['Source'] === 'TypedURLs')).toHaveLength(urls.length);
    const words = rows.filter((r) => r['Source'] === 'WordWheelQuery').map((r) => r['Item']);
    expect(new Set(words)).toEqual(new Set(ref.word_wheel_query.map((e: { name: string }) => e.name)));
  });

  it('reads BAM entries (program, last run) per SID as regipy does', async () => {
    const ref = (await regipy('regipy/SYSTEM_B', 'background_activity_moderator')).background_activity_moderator as {
      sid: string;
      executable: string;
      timestamp: string;
    }[];
    const rows = table(insights, 'User Activity: Program Execution');
    const ours = rows.map((r) => `${r['User']!.replace(/^.*\(|\)$/g, '')}|${r['Program']}|${r['Last Run']}`).sort();
    expect(ours).toEqual(ref.map((e) => `${e.sid}|${e.executable}|${refTime(e.timestamp)}`).sort());
  });

  it('reads USB storage devices (serial, name, install/arrival/removal) as regipy does, with drive letter and volume from MountedDevices', async () => {
    const ref = (await regipy('regipy/SYSTEM_B', 'usbstor_plugin')).usbstor_plugin as any[];
    const rows = table(insights, 'User Activity: USB Devices');
    expect(rows.map((r) => [r['Serial'], r['Friendly Name'], r['First Install'], r['Last Arrival'], r['Last Removal']]).sort()).toEqual(
      ref
        .map((e) => [e.serial_number.replace(/&\d$/, ''), e.device_name, refTime(e.first_installed), refTime(e.last_connected), refTime(e.last_removed)])
        .sort(),
    );
    expect(rows.find((r) => r['Serial'] === 'AA010603160707470215')!['Drive Letter']).toBe('D:');
    expect(rows.every((r) => r['VID/PID'] === 'VID_0781&PID_5580')).toBe(true);
  });

  it.skipIf(REGIPY_SHELLBAGS.skip)('rebuilds ShellBag paths as regipy (libfwsi) does', async () => {
    const ref = (await regipy('regipy/UsrClass.dat', 'usrclass_shellbag_plugin')).usrclass_shellbag_plugin as { path: string }[];
    const rows = table(insights, 'User Activity: ShellBags').filter((r) => r['Hive'] === 'UsrClass.dat');
    // regipy doubles the separator after a volume ("C:\\\\Users"); libfwsi names some shell folders differently.
    const norm = (p: string): string => p.replace(/\\\\+/g, '\\').replace(/\\$/, '');
    const ours = new Set(rows.map((r) => norm(r['Path']!)));
    const theirs = ref.map((e) => norm(e.path));
    expect(rows).toHaveLength(theirs.length);
    const matched = theirs.filter((p) => ours.has(p));
    // Every path of a file-system folder (volume + directories) must match exactly.
    expect(theirs.filter((p) => /^My Computer\\[A-Z]:/.test(p) && !ours.has(p))).toEqual([]);
    expect(matched.length).toBeGreaterThan(theirs.length / 2);
  });
});
