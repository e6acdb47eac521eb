import { describe, expect, test } from 'vitest';
import { HAVE_SAMPLES, NO_SAMPLES } from '../support/inputs.js';
import { DUMP_GATE, dumpEvents, str } from './evtx-dump.js';
import { insight, rowsOf, runEvtx } from './run-evtx.js';

const skip = !HAVE_SAMPLES || DUMP_GATE.skip;
const why = !HAVE_SAMPLES ? NO_SAMPLES : DUMP_GATE.skip ? DUMP_GATE.reason : '';

/**
 * Each attack recording shows in the result type that must show it. Expected values are read from
 * evtx_dump's rendering of the same file, not from our output.
 */
describe.skipIf(skip)(`EVTX golden samples ${why}`, () => {
  test('psexec service installs (Metasploit psexec): Persistence rows and timeline entries, High/Critical', async () => {
    const rel = 'evtx/DeepBlueCLI/metasploit-psexec-native-target-system.evtx';
    const installs = dumpEvents(rel).filter((e) => e.id === 7045);
    expect(installs.length).toBeGreaterThan(0);
    const all = await runEvtx([rel]);
    const rows = rowsOf(insight(all, 'Table', 'Persistence'));
    const timeline = insight(all, 'Timeline', 'Key Event Timeline').data;
    for (const e of installs) {
      const row = rows.find((r) => r['Mechanism'] === 'Service installed' && r['Name'] === str(e, 'ServiceName'));
      expect(row, str(e, 'ServiceName')).toBeDefined();
      expect(row!['Command / Target']).toBe(str(e, 'ImagePath'));
      expect((row!['Record IDs'] ?? '').split(', ')).toContain(String(e.recordId));
      // The echo-into-a-pipe service (getsystem) is Critical; the randomly named payload service High.
      const expected = /echo .*\\pipe\\/i.test(str(e, 'ImagePath')) ? 'Critical' : 'High';
      expect(row!['Importance']).toBe(expected);
      const entry = timeline.find((t) => t.short_name === 'Service installed' && t.description.includes(str(e, 'ServiceName')));
      expect(entry?.importance).toBe(expected);
      expect(entry?.record_id).toBe(e.recordId);
      expect(entry?.category).toBe('Persistence');
    }
  });

  test('SMB password guessing: the 4625 flood is High in Authentication and on the timeline', async () => {
    const rel = 'evtx/DeepBlueCLI/smb-password-guessing-security.evtx';
    const failures = dumpEvents(rel).filter((e) => e.id === 4625);
    const perUser = new Map<string, number>();
    for (const e of failures) perUser.set(str(e, 'TargetUserName'), (perUser.get(str(e, 'TargetUserName')) ?? 0) + 1);
    const [user, count] = [...perUser.entries()].sort((a, b) => b[1] - a[1])[0]!;
    expect(count).toBeGreaterThan(5);
    const all = await runEvtx([rel]);
    const rows = rowsOf(insight(all, 'Table', 'Authentication')).filter((r) => r['Result'] === 'Failure' && r['Target User'] === user);
    expect(rows.reduce((n, r) => n + Number(r['Count']), 0)).toBe(count);
    for (const r of rows) expect(r['Importance']).toBe('High');
    const entry = insight(all, 'Timeline', 'Key Event Timeline').data.find((t) => t.short_name === 'Failed logons' && t.description.includes(user));
    expect(entry?.importance).toBe('High');
    expect(entry?.description.startsWith(`${count} events`)).toBe(true);
  });

  test('procdump of lsass (Atomic Red Team): Critical in Process Analysis', async () => {
    const rel = 'evtx/EVTX-ATTACK-SAMPLES/PanacheSysmon_vs_AtomicRedTeam01.evtx';
    const dumps = dumpEvents(rel).filter((e) => e.id === 1 && /sekurlsa|mimikatz|procdump/i.test(str(e, 'CommandLine')));
    expect(dumps.length).toBe(1);
    const all = await runEvtx([rel]);
    const entries = insight(all, 'IndexTable', 'Process Analysis: Command Lines').data;
    const entry = entries.find(([, d]) => d['RecordID'] === String(dumps[0]!.recordId));
    expect(entry?.[1]['CommandLine']).toBe(str(dumps[0]!, 'CommandLine'));
    expect(entry?.[0][5]).toBe('Critical');
    const image = rowsOf(insight(all, 'Table', 'Process Analysis')).find((r) => (r['Image'] ?? '').toLowerCase() === str(dumps[0]!, 'Image').toLowerCase());
    expect(image?.['Importance']).toBe('Critical');
  });

  test('Meterpreter beacon (Sysmon 3 to :8080): grouped in Network Analysis with the right count', async () => {
    const rel = 'evtx/DeepBlueCLI/metasploit-sysmon.evtx';
    const beacons = dumpEvents(rel).filter((e) => e.id === 3 && /hello\.exe$/i.test(str(e, 'Image')));
    expect(beacons.length).toBeGreaterThan(0);
    const dest = str(beacons[0]!, 'DestinationIp');
    const port = str(beacons[0]!, 'DestinationPort');
    const expected = beacons.filter((e) => str(e, 'DestinationIp') === dest && str(e, 'DestinationPort') === port).length;
    const all = await runEvtx([rel]);
    const row = rowsOf(insight(all, 'Table', 'Network Analysis')).find(
      (r) => /hello\.exe$/i.test(r['Process'] ?? '') && r['Destination IP'] === dest && r['Destination Port'] === port,
    );
    expect(row?.['Count']).toBe(String(expected));
    expect(row?.['Direction']).toBe('outbound');
    const host = rowsOf(insight(all, 'Table', 'Network Analysis: Remote Hosts')).find((r) => r['IP'] === dest);
    expect(host?.['Activities']).toContain(`sysmon3 tcp/${port} ×${expected}`);
  });

  test('Security and System log clearing: Critical timeline entries with the record id', async () => {
    for (const [rel, id, name] of [
      ['evtx/EVTX-ATTACK-SAMPLES/DE_1102_security_log_cleared.evtx', 1102, 'Security log cleared'],
      ['evtx/EVTX-ATTACK-SAMPLES/DE_104_system_log_cleared.evtx', 104, 'Event log cleared'],
    ] as const) {
      const cleared = dumpEvents(rel).filter((e) => e.id === id);
      expect(cleared.length).toBeGreaterThan(0);
      const timeline = insight(await runEvtx([rel]), 'Timeline', 'Key Event Timeline').data;
      const entry = timeline.find((t) => t.short_name === name);
      expect(entry?.importance).toBe('Critical');
      expect(cleared.map((e) => e.recordId)).toContain(entry?.record_id);
    }
  });

  test('Kerberoasting (4769 RC4): High in Kerberos & NTLM and on the timeline', async () => {
    const rel = 'evtx/EVTX-to-MITRE-Attack/ID4769-Kerberoast ticket with low encryption.evtx';
    const rc4 = dumpEvents(rel).filter(
      (e) => e.id === 4769 && ['0x17', '0x18'].includes(str(e, 'TicketEncryptionType')) && !str(e, 'ServiceName').endsWith('$'),
    );
    expect(rc4.length).toBeGreaterThan(0);
    const all = await runEvtx([rel]);
    const row = rowsOf(insight(all, 'Table', 'Authentication: Kerberos & NTLM')).find((r) => r['Service'] === str(rc4[0]!, 'ServiceName'));
    expect(row?.['Ticket Encryption']).toBe(`${str(rc4[0]!, 'TicketEncryptionType')} (RC4-HMAC)`);
    expect(['High', 'Critical']).toContain(row?.['Importance']);
    expect(insight(all, 'Timeline', 'Key Event Timeline').data.some((t) => t.short_name === 'RC4 service ticket')).toBe(true);
  });

  test('WMI CommandLineEventConsumer (Sysmon 20/21): High in Persistence and on the timeline', async () => {
    const rel = 'evtx/EVTX-ATTACK-SAMPLES/sysmon_20_21_1_CommandLineEventConsumer.evtx';
    const consumers = dumpEvents(rel).filter((e) => e.id === 20);
    expect(consumers.length).toBeGreaterThan(0);
    const all = await runEvtx([rel]);
    const row = rowsOf(insight(all, 'Table', 'Persistence')).find((r) => r['Mechanism'] === 'WMI subscription: consumer');
    expect(row?.['Command / Target']).toBe(str(consumers[0]!, 'Destination'));
    expect(row?.['Importance']).toBe('High');
    expect(insight(all, 'Timeline', 'Key Event Timeline').data.some((t) => t.short_name === 'WMI persistence' && t.importance === 'High')).toBe(true);
  });
});
