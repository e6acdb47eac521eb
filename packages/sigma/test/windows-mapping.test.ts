import { describe, expect, test } from 'vitest';
import { resolveWindowsLogsource, SigmaEngine, WINDOWS_CATEGORIES, type Json } from '../src/index.js';
import { sysmonRecord } from './helpers.js';

const proc = (detection: string, extra = '') =>
  SigmaEngine.fromText(
    `title: p\nid: 11111111-2222-4333-8444-555555555555\nlogsource: {category: process_creation, product: windows${extra}}\ndetection:\n${detection}`,
  );

function security(eventId: number, data: Record<string, Json>): Json {
  return {
    Event: {
      System: {
        Provider: { '#attributes': { Name: 'Microsoft-Windows-Security-Auditing' } },
        EventID: eventId,
        Channel: 'Security',
        EventRecordID: 7,
        TimeCreated: { '#attributes': { SystemTime: '2025-01-01T00:00:00Z' } },
      },
      EventData: data,
    },
  };
}

describe('logsource → channel and event id', () => {
  test('process_creation reads Sysmon 1 and Security 4688, nothing else', () => {
    const e = proc("  sel: {Image|endswith: '\\\\calc.exe'}\n  condition: sel");
    expect(e.match(sysmonRecord(1, { Image: 'C:\\x\\calc.exe' }))).toHaveLength(1);
    expect(e.match(sysmonRecord(11, { Image: 'C:\\x\\calc.exe' }))).toHaveLength(0);
    expect(e.match(sysmonRecord(1, { Image: 'C:\\x\\calc.exe' }, { channel: 'Application' }))).toHaveLength(0);
    expect(e.match(security(4688, { NewProcessName: 'C:\\x\\calc.exe' }))).toHaveLength(1);
    expect(e.match(security(4624, { NewProcessName: 'C:\\x\\calc.exe' }))).toHaveLength(0);
  });
  test('service rules read every event id of their channel', () => {
    const e = SigmaEngine.fromText(`title: s\nlogsource: {product: windows, service: system}\ndetection:\n  sel: {EventID: 7045}\n  condition: sel`);
    expect(e.match(sysmonRecord(7045, {}, { channel: 'System' }))).toHaveLength(1);
    expect(e.match(sysmonRecord(7045, {}, { channel: 'Security' }))).toHaveLength(0);
  });
  test('unnamed Data lists (classic PowerShell 400) are searched element by element', () => {
    const e = SigmaEngine.fromText(
      `title: ps\nlogsource: {product: windows, category: ps_classic_start}\ndetection:\n  sel: {Data|contains: 'HostApplication=powershell -enc'}\n  condition: sel`,
    );
    const rec = (host: string): Json => ({
      Event: {
        System: { EventID: 400, Channel: 'Windows PowerShell' },
        EventData: { Data: ['Available', 'None', `\tNewEngineState=Available\n\tHostApplication=${host}`] },
      },
    });
    expect(e.match(rec('powershell -enc AAA'))).toHaveLength(1);
    expect(e.match(rec('powershell -file x.ps1'))).toHaveLength(0);
  });
  test('mapping data covers the Sysmon categories', () => {
    for (const c of ['process_creation', 'network_connection', 'image_load', 'registry_set', 'dns_query', 'pipe_created', 'ps_script'])
      expect(WINDOWS_CATEGORIES[c]?.length).toBeGreaterThan(0);
  });
  test('non-Windows or unmapped logsources say why', () => {
    expect(resolveWindowsLogsource({ product: 'linux', category: 'process_creation' })).toEqual({
      notApplicable: "logsource product 'linux' is not a Windows event log",
    });
    expect(resolveWindowsLogsource({ product: 'windows', category: 'file_access' })).toEqual({
      notApplicable: "no Windows event source is mapped for category 'file_access'",
    });
    expect(resolveWindowsLogsource({ product: 'windows', service: 'nosuch' })).toEqual({ notApplicable: "no Windows channel is mapped for service 'nosuch'" });
  });
});

describe('Security 4688 ↔ Sysmon 1', () => {
  test('renamed fields and IntegrityLevel ↔ MandatoryLabel SIDs', () => {
    const e = proc("  sel:\n    ParentImage|endswith: '\\\\wmiprvse.exe'\n    IntegrityLevel: High\n  condition: sel");
    expect(e.match(security(4688, { ParentProcessName: 'C:\\Windows\\wbem\\WmiPrvSE.exe', MandatoryLabel: 'S-1-16-12288' }))).toHaveLength(1);
    expect(e.match(security(4688, { ParentProcessName: 'C:\\Windows\\wbem\\WmiPrvSE.exe', MandatoryLabel: 'S-1-16-8192' }))).toHaveLength(0);
    expect(e.match(sysmonRecord(1, { ParentImage: 'C:\\Windows\\wbem\\WmiPrvSE.exe', IntegrityLevel: 'High' }))).toHaveLength(1);
  });
  test('decimal process ids become the hex 4688 writes', () => {
    const e = proc('  sel: {ParentProcessId: 2792}\n  condition: sel');
    expect(e.match(security(4688, { ProcessId: '0xae8' }))).toHaveLength(1);
    expect(e.match(sysmonRecord(1, { ParentProcessId: 2792 }))).toHaveLength(1);
  });
  test('a rule needing a field 4688 lacks skips 4688 and says so', () => {
    const e = proc('  sel: {OriginalFileName: calc.exe}\n  condition: sel');
    expect(e.report.partial.map((p) => p.reason)).toEqual([
      'needs field(s) OriginalFileName, which Security 4688 (A new process has been created) read as process_creation lacks',
    ]);
    expect(e.match(security(4688, { NewProcessName: 'calc.exe', OriginalFileName: 'calc.exe' }))).toHaveLength(0);
    expect(e.match(sysmonRecord(1, { OriginalFileName: 'calc.exe' }))).toHaveLength(1);
  });
  test('alternatives on missing fields still match through the others, with a note', () => {
    const e = proc("  sel:\n    - Image|endswith: '\\\\calc.exe'\n    - OriginalFileName: calc.exe\n  condition: sel");
    expect(e.report.partial[0]?.reason).toMatch(/items on field\(s\) OriginalFileName never hold there/);
    expect(e.match(security(4688, { NewProcessName: 'C:\\calc.exe' }))).toHaveLength(1);
  });
});

describe('Security 5156 and 4657 translations', () => {
  test('5156: Initiated ↔ Direction %% codes, Protocol names ↔ numbers', () => {
    const e = SigmaEngine.fromText(
      `title: n\nlogsource: {category: network_connection, product: windows}\ndetection:\n  sel:\n    Initiated: 'true'\n    Protocol: tcp\n    DestinationPort: 445\n  condition: sel`,
    );
    expect(e.match(security(5156, { Direction: '%%14593', Protocol: 6, DestPort: 445 }))).toHaveLength(1);
    expect(e.match(security(5156, { Direction: '%%14592', Protocol: 6, DestPort: 445 }))).toHaveLength(0);
    expect(e.match(sysmonRecord(3, { Initiated: 'true', Protocol: 'tcp', DestinationPort: 445 }))).toHaveLength(1);
  });
  test('4657: TargetObject from ObjectName + ObjectValueName, HKLM ↔ \\REGISTRY\\MACHINE', () => {
    const e = SigmaEngine.fromText(
      `title: r\nlogsource: {category: registry_set, product: windows}\ndetection:\n  sel:\n    TargetObject|startswith: 'HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\'\n    EventType: SetValue\n  condition: sel`,
    );
    const ok = security(4657, {
      ObjectName: '\\REGISTRY\\MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run',
      ObjectValueName: 'evil',
      OperationType: '%%1905',
    });
    expect(e.match(ok)).toHaveLength(1);
    const deleted = security(4657, {
      ObjectName: '\\REGISTRY\\MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run',
      ObjectValueName: 'evil',
      OperationType: '%%1906',
    });
    expect(e.match(deleted)).toHaveLength(0);
    expect(e.match(sysmonRecord(13, { TargetObject: 'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run\\evil', EventType: 'SetValue' }))).toHaveLength(1);
  });
});

describe('match output', () => {
  test('carries attribution, record id, timestamp and the matched fields', () => {
    const e = SigmaEngine.fromText(
      `title: Calc\nid: 11111111-2222-4333-8444-555555555555\nstatus: test\nlevel: high\nauthor: Someone\ndescription: d\nreferences: [https://example.org]\ntags: [attack.execution, attack.t1059]\nlogsource: {category: process_creation, product: windows}\ndetection:\n  sel: {Image|endswith: calc.exe}\n  other: {User: x}\n  condition: sel or other`,
    );
    const [m] = e.match(sysmonRecord(1, { Image: 'C:\\calc.exe', CommandLine: 'calc' }, { recordId: 42, time: '2025-02-03T04:05:06.7Z' }));
    expect(m).toEqual({
      rule: {
        id: '11111111-2222-4333-8444-555555555555',
        name: undefined,
        title: 'Calc',
        level: 'high',
        status: 'test',
        tags: ['attack.execution', 'attack.t1059'],
        author: 'Someone',
        description: 'd',
        references: ['https://example.org'],
        file: undefined,
      },
      recordId: 42,
      timestamp: '2025-02-03T04:05:06.7Z',
      fields: { Image: 'C:\\calc.exe' },
    });
  });
});
