import { ARTIFACT_TYPES, PAGE_BOUNDS, SHOW_BOUNDS, type ArtifactType, type EvidenceType } from '@quarry/vocabulary';
import type { FilterRow } from './filters';
import { nestedTitle } from './evidence-kind';
import type { SearchLinkFilter } from './search-link';
import { evidenceProcedures } from './trpc';

/** One Host Timeline fact as the page lists it, read from the collection job's searchable records. */
export interface Fact {
  time: number;
  cells: {
    Time: string;
    Source: string;
    'Time Kind': string;
    Description: string;
    User: string;
    Path: string;
    Importance: string;
    /** `<per-type insight title>#row-<n>`: the row of this page the fact comes from ('' when none). */
    Evidence: string;
    /** `<type>: field=value; …`: where its per-artifact records are ('' when the fact does not say). */
    Records: string;
  };
}

export const FACT_COLUMNS = ['Time', 'Source', 'Time Kind', 'Description', 'User', 'Path', 'Importance', 'Evidence', 'Records'] as const;

/** The record store's time cell (`YYYY-MM-DD HH:MM:SS.mmm UTC`) as Unix ms; NaN when it is not one. */
export const cellTime = (text: string) => Date.parse(`${text.replace(/ UTC$/, 'Z').replace(' ', 'T')}`);

const isArtifactType = (v: string): v is ArtifactType => (ARTIFACT_TYPES as readonly string[]).includes(v);

/** A search entry of the triage type (Time, Source, Time Kind, Description; details by key) as a fact. */
export function factOf([cells, details]: [string[], Record<string, string>]): Fact {
  const [time = '', source = '', timeKind = '', description = ''] = cells;
  const row = details.Row ?? '';
  const evidence = isArtifactType(source) && details.ResultType && /^\d+$/.test(row) ? `${nestedTitle(source, details.ResultType)}#row-${row}` : '';
  return {
    time: cellTime(time),
    cells: {
      Time: time,
      Source: source,
      'Time Kind': timeKind,
      Description: description,
      User: details.User ?? '',
      Path: details.Path ?? '',
      Importance: details.Importance ?? '',
      Evidence: evidence,
      Records: details.Records ?? '',
    },
  };
}

/** A fact's Records detail, `<type>: field=value; field=value`, as a search of that type; null when it is not one. */
export function parseRecordsRef(value: string): { type: ArtifactType; filters: SearchLinkFilter[] } | null {
  const m = /^([a-z]+):\s*(.*)$/.exec(value.trim());
  if (!m || !isArtifactType(m[1]!)) return null;
  const filters = m[2]!
    .split(/;\s*/)
    .filter((p) => p !== '')
    .map((p) => {
      const at = p.indexOf('=');
      return at > 0 ? { field: p.slice(0, at), value: p.slice(at + 1) } : null;
    });
  if (filters.some((f) => f === null)) return null;
  return { type: m[1], filters: filters as SearchLinkFilter[] };
}

/** What the timeline is narrowed to on the server: a source, a user, a UTC window. */
export interface FactQuery {
  source: ArtifactType | null;
  user: string;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

/** Facts one search reaches: its pages × rows per page (the store's count stops there too). */
export const FACT_REACH = PAGE_BOUNDS.max * SHOW_BOUNDS.max;

/**
 * The facts matching `query`, in time order, as many as one search reaches; `more` when it was
 * reached (there may be further facts: the caller says so and offers a narrower search).
 */
export async function fetchFacts(jobId: string, category: EvidenceType, query: FactQuery): Promise<{ facts: Fact[]; more: boolean }> {
  const filter: FilterRow[] = [];
  if (query.source) filter.push({ field: 'source', operator: 'equals', value: query.source });
  if (query.user.trim() !== '') filter.push({ field: 'user', operator: 'contains', value: query.user.trim() });
  const search = evidenceProcedures(category).search;
  const facts: Fact[] = [];
  for (let page = PAGE_BOUNDS.min; page <= PAGE_BOUNDS.max; page++) {
    const res = await search.query({
      jobId,
      search: '',
      browseEvents: true,
      filter,
      page,
      show: SHOW_BOUNDS.max,
      startTime: query.startTime,
      endTime: query.endTime,
    });
    if (res.kind !== 'records') break;
    facts.push(...res.entries.map((e) => factOf(e as [string[], Record<string, string>])));
    if (facts.length >= res.total || res.entries.length < SHOW_BOUNDS.max) break;
  }
  return { facts, more: facts.length >= FACT_REACH };
}

/** Counts of facts per equal slice of [first, last]: the brush's background. */
export function histogram(facts: readonly Fact[], bins: number): [number, number][] {
  const times = facts.map((f) => f.time).filter(Number.isFinite);
  if (times.length === 0) return [];
  const first = Math.min(...times);
  const last = Math.max(...times);
  const width = Math.max(1, (last - first) / bins);
  const counts = new Array<number>(bins).fill(0);
  for (const t of times) counts[Math.min(bins - 1, Math.floor((t - first) / width))]! += 1;
  return counts.map((n, i) => [first + i * width + width / 2, n]);
}
