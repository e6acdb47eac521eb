import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Insight } from '@quarry/insights';
import { csvInsight, csvRows, csvSearchResults, ExportError } from '../src/index.js';
import { drain, HAVE_SAMPLES, parsed, SAMPLES, withSamples } from './helpers.js';

/** The CSV read back by a real RFC 4180 parser (csv-parse), BOM stripped by the parser when present. */
const readBack = (text: string): string[][] => parse(text, { bom: true, relax_column_count: false }) as string[][];

const tricky: string[][] = [
  ['Name', 'Value', 'Note'],
  ['comma, inside', 'quote " inside', 'both ", and ,'],
  ['line\nbreak', 'crlf\r\nbreak', 'trailing space '],
  ['日本語のテキスト', 'emoji 🦅 and ZWJ 👩‍💻', 'combining é'],
  ['', '""', ' leading space'],
];

describe('csv', () => {
  it('reads back equal to a table with quotes, line breaks, commas and unicode', async () => {
    const [header, ...rows] = tricky;
    const text = await drain(csvRows(header!, rows));
    expect(readBack(text)).toEqual(tricky);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('starts with a UTF-8 BOM when asked, which the parser strips', async () => {
    const [header, ...rows] = tricky;
    const text = await drain(csvRows(header!, rows, { bom: true }));
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(readBack(text)).toEqual(tricky);
  });

  it("prefixes string cells a spreadsheet reads as formulas with ', and only those", async () => {
    const cells = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR', 'a=b', "'quoted"];
    const text = await drain(
      csvRows(
        ['c'],
        cells.map((c) => [c]),
      ),
    );
    expect(
      readBack(text)
        .slice(1)
        .map(([c]) => c),
    ).toEqual(cells.map((c, i) => (i < 6 ? `'${c}` : c)));
    // Numbers are never formulas: -5 stays a number.
    expect(readBack(await drain(csvRows(['n'], [[-5]])))[1]).toEqual(['-5']);
    // Turned off for machine consumers.
    expect(readBack(await drain(csvRows(['c'], [['=1+1']], { formulaDefence: false })))[1]).toEqual(['=1+1']);
  });

  it('writes nested values as JSON, numbers and booleans as text, null as empty', async () => {
    const nested = { a: [1, 'x"y'], b: { c: null } };
    const text = await drain(csvRows(['o', 'n', 'b', 'z', 'big'], [[nested, 1.5, true, null, 2n ** 64n]]));
    const [, row] = readBack(text);
    expect(JSON.parse(row![0]!)).toEqual(nested);
    expect(row!.slice(1)).toEqual(['1.5', 'true', '', '18446744073709551616']);
  });

  it('refuses a row of another width than the header', async () => {
    await expect(drain(csvRows(['a', 'b'], [['1']]))).rejects.toBeInstanceOf(ExportError);
  });

  it('writes any tabular insight and refuses a graph', async () => {
    const table: Insight = { Table: { title: 'T', category: 'General', data: tricky } };
    expect(readBack(await drain(csvInsight(table)))).toEqual(tricky);
    const timeline: Insight = {
      Timeline: {
        title: 'Key Event Timeline',
        category: 'General',
        data: [
          { timestamp_start: 1, timestamp_end: null, record_id: 7, short_name: 'Logon', description: 'a, "b"', category: 'Authentication', importance: 'High' },
        ],
      },
    };
    expect(readBack(await drain(csvInsight(timeline)))).toEqual([
      ['timestamp_start', 'timestamp_end', 'record_id', 'short_name', 'description', 'category', 'importance'],
      ['1', '', '7', 'Logon', 'a, "b"', 'Authentication', 'High'],
    ]);
    const graph: Insight = { Graph: { title: 'G', category: 'Process', data: 'digraph {}', graph_metadata: {} } };
    expect(() => csvInsight(graph)).toThrow(ExportError);
  });

  it.skipIf(!HAVE_SAMPLES)(withSamples('reads back equal to search results over real events'), async () => {
    // Search-result entries as the store gives them: the cells, then the details object.
    const entries: [string[], Record<string, string>][] = [];
    for (const s of SAMPLES) {
      for (const { event } of await parsed(s)) {
        const sys = (event.Event as { System: Record<string, unknown> }).System;
        const data = ((event.Event as { EventData?: Record<string, unknown> }).EventData ?? {}) as Record<string, unknown>;
        entries.push([
          [String(sys.EventRecordID), String(sys.Channel), String(sys.Computer)],
          Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
        ]);
      }
    }
    expect(entries.length).toBeGreaterThan(100);
    const text = await drain(csvSearchResults(['Record ID', 'Channel', 'Computer'], entries, { formulaDefence: false }));
    const back = readBack(text);
    expect(back[0]).toEqual(['Record ID', 'Channel', 'Computer', 'Details']);
    expect(back.slice(1).map(([a, b, c, d]) => [[a, b, c], JSON.parse(d!)])).toEqual(entries);
  });
});
