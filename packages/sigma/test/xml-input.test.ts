import { describe, expect, test } from 'vitest';
import { SigmaError, SigmaEngine, xmlToRecords } from '../src/index.js';

const XML = `<?xml version="1.0" encoding="utf-8"?>
<Events>
<Event xmlns="http://schemas.microsoft.com/win/2004/08/events/event">
  <System>
    <Provider Name="Microsoft-Windows-Sysmon" Guid="{5770385F-C22A-43E0-BF4C-06F5698FFBD9}"/>
    <EventID>1</EventID>
    <TimeCreated SystemTime="2019-07-19T14:43:03.303217600Z"/>
    <EventRecordID>3574</EventRecordID>
    <Correlation/>
    <Execution ProcessID="1960" ThreadID="3404"/>
    <Channel>Microsoft-Windows-Sysmon/Operational</Channel>
    <Computer>host &amp; co</Computer>
  </System>
  <EventData>
    <Data Name="Image">C:\\Windows\\System32\\cmd.exe</Data>
    <Data Name="CommandLine"><![CDATA[cmd /c "a < b"]]></Data>
    <Data Name="Empty"/>
  </EventData>
</Event>
<Event><System><EventID Qualifiers="16384">7045</EventID><Channel>System</Channel></System>
<UserData><Svc xmlns="x"><ServiceName>evil</ServiceName></Svc></UserData></Event>
</Events>`;

describe('event-log XML input', () => {
  test('converts to the evtx_dump JSON shape', () => {
    const [a, b] = xmlToRecords(XML);
    expect(a).toEqual({
      Event: {
        System: {
          Provider: { '#attributes': { Name: 'Microsoft-Windows-Sysmon', Guid: '{5770385F-C22A-43E0-BF4C-06F5698FFBD9}' } },
          EventID: 1,
          TimeCreated: { '#attributes': { SystemTime: '2019-07-19T14:43:03.303217600Z' } },
          EventRecordID: 3574,
          Correlation: null,
          Execution: { '#attributes': { ProcessID: '1960', ThreadID: '3404' } },
          Channel: 'Microsoft-Windows-Sysmon/Operational',
          Computer: 'host & co',
        },
        EventData: { Image: 'C:\\Windows\\System32\\cmd.exe', CommandLine: 'cmd /c "a < b"', Empty: null },
      },
    });
    expect(b).toEqual({
      Event: {
        System: { EventID: { '#attributes': { Qualifiers: '16384' }, '#text': 7045 }, Channel: 'System' },
        UserData: { Svc: { '#attributes': { xmlns: 'x' }, ServiceName: 'evil' } },
      },
    });
  });

  test('XML records evaluate like JSON ones (qualified EventID, UserData fields)', () => {
    const e = SigmaEngine.fromText(
      `title: svc\nlogsource: {product: windows, service: system}\ndetection:\n  sel: {EventID: 7045, ServiceName: evil}\n  condition: sel\n---\ntitle: cmd\nlogsource: {category: process_creation, product: windows}\ndetection:\n  sel: {CommandLine|contains: '"a < b"', Empty: ''}\n  condition: sel`,
    );
    const [a, b] = xmlToRecords(XML);
    expect(e.match(a!).map((m) => [m.rule.title, m.recordId, m.timestamp])).toEqual([['cmd', 3574, '2019-07-19T14:43:03.303217600Z']]);
    expect(e.match(b!).map((m) => m.rule.title)).toEqual(['svc']);
  });

  test.each([
    ['<Event><System></Event>', /does not match/],
    ['<Event><System>', /ends inside <System>/],
    ['<Event><System a=b></System></Event>', /malformed XML/],
  ])('malformed XML is a SigmaError: %s', (xml, reason) => {
    expect(() => xmlToRecords(xml)).toThrow(SigmaError);
    expect(() => xmlToRecords(xml)).toThrow(reason);
  });
});
