import { describe, expect, test } from 'vitest';
import { SigmaEngine, WINDOWS_SYSTEM_FIELDS, xmlToRecords, type Json } from '../src/index.js';

const SYSTEM_VALUE = 'from-system';
const NESTED_VALUE = 'from-event-data';

/** Attribute-only System elements, whose attributes Sigma names `<Element>_<Attribute>`. */
const ATTRIBUTE_ELEMENTS = new Set(['Provider', 'TimeCreated', 'Correlation', 'Execution', 'Security']);

/** The System section holding `value` under the Sigma name `field`, as evtx_dump renders it. */
function systemWith(field: string, value: Json): Record<string, Json> {
  const base: Record<string, Json> = { EventID: 1108, Channel: 'Security', EventRecordID: 119 };
  if (field === 'TimeCreated') return { ...base, TimeCreated: { '#attributes': { SystemTime: value } } };
  const [element = '', attribute] = field.split('_');
  if (attribute !== undefined && ATTRIBUTE_ELEMENTS.has(element)) return { ...base, [element]: { '#attributes': { [attribute]: value } } };
  return { ...base, [field]: value };
}

const rule = (detection: string) =>
  SigmaEngine.fromText(`title: t\nid: 11111111-2222-4333-8444-555555555555\nlogsource: {product: windows}\ndetection:\n${detection}`);

const matchesOn = (field: string, value: string | number, record: Json) => rule(`  sel: {${field}: '${value}'}\n  condition: sel`).match(record).length > 0;

describe('a System field never resolves from EventData or UserData', () => {
  test.each(WINDOWS_SYSTEM_FIELDS.map((f) => [f]))('%s', (field) => {
    const system = systemWith(field, SYSTEM_VALUE);
    const inEventData: Json = { Event: { System: system, EventData: { [field]: NESTED_VALUE } } };
    const inUserData: Json = { Event: { System: system, UserData: { Wrapper: { [field]: NESTED_VALUE } } } };
    for (const record of [inEventData, inUserData]) {
      expect(matchesOn(field, SYSTEM_VALUE, record)).toBe(true);
      expect(matchesOn(field, NESTED_VALUE, record)).toBe(false);
    }
    // Absent from System: the nested element still does not answer, the field is missing.
    const without: Json = { Event: { System: { Channel: 'Security', EventID: 1108 }, UserData: { Wrapper: { [field]: NESTED_VALUE } } } };
    if (field !== 'Channel' && field !== 'EventID') {
      expect(matchesOn(field, NESTED_VALUE, without)).toBe(false);
      expect(rule(`  sel: {${field}|exists: false}\n  condition: sel`).match(without)).toHaveLength(1);
    }
  });
});

/** Security 1108 record 119 of omerbenamram-evtx/Security_with_size_t.evtx, as evtxexport writes it. */
const EVENT_1108_XML = `<Event xmlns="http://schemas.microsoft.com/win/2004/08/events/event">
  <System>
    <Provider Name="Microsoft-Windows-Eventlog" Guid="{fc65ddd8-d6ef-4962-83d5-6e5cfe9ce148}"/>
    <EventID>1108</EventID>
    <Version>0</Version>
    <Level>2</Level>
    <Task>101</Task>
    <Opcode>0</Opcode>
    <Keywords>0x4020000000000000</Keywords>
    <TimeCreated SystemTime="2015-08-24T07:14:19.218625000Z"/>
    <EventRecordID>119</EventRecordID>
    <Correlation/>
    <Execution ProcessID="920" ThreadID="1860"/>
    <Channel>Security</Channel>
    <Computer>WIN-L0ZZQ76PMUF</Computer>
    <Security/>
  </System>
  <UserData>
    <EventProcessingFailure xmlns:auto-ns3="http://schemas.microsoft.com/win/2004/08/events" xmlns="http://manifests.microsoft.com/win/2004/08/windows/eventlog">
      <Error Code="15007"/>
      <EventID>4647</EventID>
      <PublisherID>Microsoft-Windows-Security-Auditing</PublisherID>
    </EventProcessingFailure>
  </UserData>
</Event>`;

describe('Security 1108 (the event log failed to process an event) names that event in its UserData', () => {
  const logoff = SigmaEngine.fromText(`title: User Logoff Event
id: 11111111-2222-4333-8444-555555555555
logsource: {product: windows, service: security}
detection:
  selection: {EventID: [4634, 4647]}
  condition: selection`);
  const [record] = xmlToRecords(EVENT_1108_XML);

  test('a rule on EventID 4647 does not match it; its System EventID 1108 does', () => {
    expect(logoff.match(record!)).toHaveLength(0);
    expect(matchesOn('EventID', 1108, record!)).toBe(true);
    expect(matchesOn('Provider_Name', 'Microsoft-Windows-Eventlog', record!)).toBe(true);
    expect(matchesOn('Execution_ProcessID', 920, record!)).toBe(true);
  });

  test('the nested values stay readable under their own names and as dotted paths', () => {
    expect(matchesOn('PublisherID', 'Microsoft-Windows-Security-Auditing', record!)).toBe(true);
    expect(matchesOn('Event.UserData.EventProcessingFailure.EventID', 4647, record!)).toBe(true);
  });

  test('the same record as evtx_dump JSON reads the same way', () => {
    const json: Json = {
      Event: {
        System: { Provider: { '#attributes': { Name: 'Microsoft-Windows-Eventlog' } }, EventID: 1108, EventRecordID: 119, Channel: 'Security' },
        UserData: { EventProcessingFailure: { Error: { '#attributes': { Code: 15007 } }, EventID: 4647, PublisherID: 'Microsoft-Windows-Security-Auditing' } },
      },
    };
    expect(logoff.match(json)).toHaveLength(0);
    const real4647: Json = { Event: { System: { EventID: 4647, EventRecordID: 120, Channel: 'Security' }, EventData: { TargetUserName: 'u' } } };
    expect(logoff.match(real4647)).toHaveLength(1);
  });
});

describe('data fields', () => {
  test('EventData answers before UserData', () => {
    const both: Json = { Event: { System: { EventID: 1, Channel: 'Application' }, EventData: { Name: 'a' }, UserData: { W: { Name: 'b', Only: 'c' } } } };
    expect(matchesOn('Name', 'a', both)).toBe(true);
    expect(matchesOn('Name', 'b', both)).toBe(false);
    expect(matchesOn('Only', 'c', both)).toBe(true);
  });

  test("a bare ProcessID is event data (Security 5156's), not Execution's", () => {
    const e5156: Json = {
      Event: {
        System: { EventID: 5156, Channel: 'Security', Execution: { '#attributes': { ProcessID: 4, ThreadID: 80 } } },
        EventData: { ProcessID: 1234, Application: '\\device\\harddiskvolume2\\windows\\system32\\svchost.exe' },
      },
    };
    expect(matchesOn('ProcessID', 1234, e5156)).toBe(true);
    expect(matchesOn('ProcessID', 4, e5156)).toBe(false);
    expect(matchesOn('Execution_ProcessID', 4, e5156)).toBe(true);
    const net = SigmaEngine.fromText(
      `title: n\nlogsource: {product: windows, category: network_connection}\ndetection:\n  sel: {ProcessId: 1234}\n  condition: sel`,
    );
    expect(net.match(e5156)).toHaveLength(1);
  });
});
