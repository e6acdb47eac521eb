import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseDelimited } from '../src/import/delimited.js';
import { ImportError } from '../src/import/errors.js';
import { isCorrupt, ossemTitle, repairTemplate, shortDescription, templateFields } from '../src/import/message.js';
import { compareReleases } from '../src/import/releases.js';
import { releaseFromPath } from '../src/import/sources.js';
import { readZip } from '../src/import/zip.js';

describe('upstream message templates', () => {
  // Upstream's 4624 v2 begins like this; %10 became {SubjectUserSid}0, %22 {SubjectUserName}2.
  const fields = Array.from({ length: 27 }, (_, i) => `F${i + 1}`);
  fields[0] = 'SubjectUserSid';
  fields[1] = 'SubjectUserName';
  fields[21] = 'RestrictedAdminMode';

  it('repairs %NN inserts from the ordered field list', () => {
    const raw = 'Account: {SubjectUserName}	Process: {SubjectUserSid}0	Restricted Admin Mode:	{SubjectUserName}2';
    expect(isCorrupt(raw)).toBe(true);
    expect(repairTemplate(raw, fields)).toBe('Account: {SubjectUserName}	Process: {F10}	Restricted Admin Mode:	{RestrictedAdminMode}');
  });

  it('marks inserts it cannot know as {?} rather than naming a wrong field', () => {
    expect(repairTemplate('a {SubjectUserName}8 b', fields)).toBe('a {?} b'); // %28 > 27 fields
    expect(repairTemplate('a {X}1 b {Y}', undefined)).toBe('a {?} b {Y}');
    expect(repairTemplate('clean {X} 1', undefined)).toBe('clean {X} 1');
  });

  it('reads field names off inserts, in order, skipping corrupted ones and odd names kept whole', () => {
    expect(templateFields('{B} {A}0 {A} {Product Name} {B} {?}')).toEqual(['B', 'A', 'Product Name']);
  });

  it('shortens to the first sentence, also where upstream removed the newline', () => {
    expect(shortDescription('An account was successfully logged on.Subject:	Security ID: {S}')).toBe('An account was successfully logged on.');
    expect(shortDescription('The {param1} service entered the {param2} state.')).toBe('The {param1} service entered the {param2} state.');
    expect(shortDescription('Version 1.2 installed. More')).toBe('Version 1.2 installed.');
    expect(shortDescription('Task name\tdetails')).toBe('Task name');
    expect(shortDescription('{Caption} : {Message}')).toBe('');
    expect(shortDescription('word '.repeat(60)).length).toBeLessThanOrEqual(161);
  });

  it('turns OSSEM titles into descriptions', () => {
    expect(ossemTitle('Event ID 4624: An account was successfully logged on')).toBe('An account was successfully logged on');
    expect(ossemTitle('Event 14 - JobTerminate')).toBe('JobTerminate');
    expect(ossemTitle('Event ID 16 - Sysmon Config State Changed')).toBe('Sysmon Config State Changed');
    expect(ossemTitle('Event 4624 - task_0')).toBe('');
  });
});

describe('release labels', () => {
  it('come from the build folder above Providers/', () => {
    expect(releaseFromPath('/m/CSV/Windows10/22H2/W10_22H2_Pro_20230321_19045.2728/Providers/X.csv.gz')).toBe('W10_22H2');
    expect(releaseFromPath('/m/CSV/Windows7/W7_SP1_Ultimate_19700101_7601/Providers/Service Control Manager.csv.gz')).toBe('W7_SP1');
    expect(releaseFromPath('/m/elsewhere/X.csv.gz')).toBeUndefined();
  });

  it('sort oldest first, servers beside their client build, unknown future labels last', () => {
    const labels = ['W11_25H2', 'W10_20H2', 'WindowsServer2019_1809', 'W8.1_8.1', 'W10_2004', 'W7_SP1', 'W10_1809', 'W8_8', 'W11_21H2'];
    expect([...labels].sort(compareReleases)).toEqual([
      'W7_SP1',
      'W8_8',
      'W8.1_8.1',
      'W10_1809',
      'WindowsServer2019_1809',
      'W10_2004',
      'W10_20H2',
      'W11_21H2',
      'W11_25H2',
    ]);
  });
});

describe('delimited text', () => {
  it('parses quotes, doubled quotes, embedded line breaks, CRLF and a BOM', () => {
    const text = '\ufeff"a","b"\r\n"x,1","say ""hi""\r\nnext"\r\nplain,\r\n';
    expect([...parseDelimited(text)]).toEqual([
      ['a', 'b'],
      ['x,1', 'say "hi"\r\nnext'],
      ['plain', ''],
    ]);
  });

  it('is lenient with an unterminated quote and tabs as delimiter', () => {
    expect([...parseDelimited('a\t"b\tc', '\t')]).toEqual([['a', 'b\tc']]);
  });
});

/** A one-entry zip written by hand (deflated), to test our reader without a zip library. */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content);
  const nameBuf = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBuf.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBuf.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + nameBuf.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBuf.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, nameBuf, data, central, nameBuf, end]);
}

describe('zip reader', () => {
  it('inflates an entry', () => {
    const zip = zipOf('list.csv', Buffer.from('a,b\r\n1,2\r\n'));
    expect(readZip(zip, 'x.zip').map((e) => [e.name, e.data.toString()])).toEqual([['list.csv', 'a,b\r\n1,2\r\n']]);
  });

  it('refuses damaged archives with an ImportError saying where', () => {
    const zip = zipOf('list.csv', Buffer.from('a,b\r\n'.repeat(100)));
    expect(() => readZip(zip.subarray(0, 20), 'x.zip')).toThrow(ImportError);
    const badOffset = Buffer.from(zip);
    badOffset.writeUInt32LE(0xfff0, badOffset.length - 6);
    expect(() => readZip(badOffset, 'x.zip')).toThrow(/central directory entry.*(truncated|bad signature)/);
    const truncatedData = Buffer.concat([zip.subarray(0, 40), zip.subarray(zip.length - 22 - 46 - 8)]);
    expect(() => readZip(truncatedData, 'x.zip')).toThrow(ImportError);
  });
});
