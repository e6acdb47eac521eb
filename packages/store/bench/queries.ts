import { mulberry32 } from '@quarry/testkit';
import type { RecordStoreReader, SearchQuery } from '../src/index.js';

export type Kind = 'text' | 'short-text' | 'filter' | 'details' | 'time-window' | 'deep-page' | 'combined';

const WORDS = ['svchost', 'powershell', 'logon', 'mimikatz', 'S-1-5-18', 'Microsoft-Windows', 'cmd.exe', 'kerberos', 'lsass', 'rundll32', 'chrome', 'System32'];
const IDS = ['4624', '4688', '1', '7045', '4104', '4625', '10', '13', '4672', '5156'];

/**
 * 200 queries, the mix an analyst produces: words (common and rare), 1-2 character text, each
 * operator on columns and on event-data fields, time windows over the data's real span, deep
 * pages, and several of these at once. Seeded, so every run asks the same.
 */
export function mixedQueries(reader: RecordStoreReader<'winevtx'>, count = 200): { kind: Kind; q: SearchQuery }[] {
  const rnd = mulberry32(20240);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const first = reader.search({ search: '', page: 1, show: 1 });
  const span = spanOf(reader, first.total);
  const window = (hours: number): { startTime: number; endTime: number } => {
    const start = span.lo + Math.floor(rnd() * Math.max(1, span.hi - span.lo));
    return { startTime: start, endTime: start + hours * 3_600_000 };
  };
  const out: { kind: Kind; q: SearchQuery }[] = [];
  for (let i = 0; out.length < count; i++) {
    const base = { search: '', page: 1, show: 10 };
    switch (i % 10) {
      case 0:
      case 1:
        out.push({ kind: 'text', q: { ...base, search: pick(WORDS), show: pick([10, 50, 100]) } });
        break;
      case 2:
        out.push({ kind: 'short-text', q: { ...base, search: pick(['x6', 'C:', '0x', 'ad']) } });
        break;
      case 3:
        out.push({ kind: 'filter', q: { ...base, filters: [{ field: 'event_id', operator: 'equals', value: pick(IDS) }] } });
        break;
      case 4:
        out.push({
          kind: 'filter',
          q: {
            ...base,
            filters: [
              pick([
                { field: 'provider', operator: 'contains', value: 'sysmon' },
                { field: 'computer', operator: 'starts_with', value: 'DESKTOP' },
                { field: 'provider', operator: 'not_equals', value: 'Microsoft-Windows-Security-Auditing' },
                { field: 'computer', operator: 'ends_with', value: '.local' },
                { field: 'record_id', operator: 'equals', value: String(1 + Math.floor(rnd() * 5000)) },
              ] as const),
            ],
          },
        });
        break;
      case 5:
        out.push({
          kind: 'details',
          q: {
            ...base,
            filters: [
              pick([
                { field: 'details.TargetUserName', operator: 'equals', value: 'SYSTEM' },
                { field: 'details.Image', operator: 'ends_with', value: 'powershell.exe' },
                { field: 'details.CommandLine', operator: 'contains', value: 'http' },
                { field: 'details.LogonType', operator: 'equals', value: '3' },
              ] as const),
            ],
          },
        });
        break;
      case 6:
        out.push({ kind: 'time-window', q: { ...base, ...window(pick([1, 24, 24 * 30])), show: 100 } });
        break;
      case 7:
        out.push({ kind: 'deep-page', q: { ...base, search: pick(['', 'microsoft', 'exe']), page: 10, show: 100 } });
        break;
      default:
        out.push({
          kind: 'combined',
          q: {
            ...base,
            search: pick(['', 'exe', 'logon']),
            ...window(24 * 365),
            filters: [
              { field: 'event_id', operator: pick(['equals', 'not_equals'] as const), value: pick(IDS) },
              { field: 'provider', operator: 'does_not_contain', value: 'PowerShell' },
            ],
            page: 1 + Math.floor(rnd() * 10),
          },
        });
    }
  }
  return out;
}

/** From the first event's time to the end of 2022 (the samples' events end before it). */
function spanOf(reader: RecordStoreReader<'winevtx'>, total: number): { lo: number; hi: number } {
  const first = reader.search({ search: '', page: 1, show: 1 }).entries[0]?.[0][2] ?? '';
  const lo = Math.max(Date.UTC(2000, 0, 1), Date.parse(first.replace(' UTC', 'Z').replace(' ', 'T')) || 0);
  return total > 0 ? { lo, hi: Date.UTC(2023, 0, 1) } : { lo: 0, hi: 0 };
}
