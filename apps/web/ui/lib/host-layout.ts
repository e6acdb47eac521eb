import type { ArtifactType, EvidenceType } from '@quarry/vocabulary';
import { ARTIFACT_TYPES, evidenceTypes } from '@quarry/vocabulary';
import { splitNestedTitle } from './evidence-kind';
import type { ResultType } from './result-types';

/** The host result type an analyst reads first: one list of every Critical/High row, with its evidence. */
export const FINDINGS_TITLE = 'Findings';

/** A section of a host page: a result type and the insight (by index) it draws. */
export interface HostSection {
  type: ResultType;
  index: number;
}

/** A collection job's sections in the host page's order. */
export interface HostLayout {
  /** The job's own Findings table, when the host result types produced one. */
  findings: HostSection | null;
  /** The correlated tables (Host Summary, Execution, Access, Accounts…), in the descriptor's order. */
  host: HostSection[];
  /** The insights of the searchable result type (Host Timeline), shown with the time brush. */
  timeline: HostSection[];
  /** Per member type, its own insights (`<label> · <title>`), in the catalogue's order. */
  nested: { type: ArtifactType; sections: HostSection[] }[];
  /** Anything else the job holds (errors, an inventory of unknown members…), kept, not dropped. */
  other: HostSection[];
}

/**
 * Orders a collection job's result types from their titles alone: Findings, the host tables by the
 * descriptor's result types, the searchable timeline, then each member type's results.
 */
export function hostLayout(category: EvidenceType, types: readonly ResultType[]): HostLayout {
  const { search } = evidenceTypes[category];
  const resultTypes: readonly string[] = evidenceTypes[category].resultTypes;
  const out: HostLayout = { findings: null, host: [], timeline: [], nested: [], other: [] };
  const nested = new Map<ArtifactType, HostSection[]>();
  const rank = (t: ResultType) => resultTypes.indexOf(t.group);
  types.forEach((type, index) => {
    const section = { type, index };
    const member = splitNestedTitle(type.title);
    if (member) nested.set(member.type, [...(nested.get(member.type) ?? []), section]);
    else if (type.title === FINDINGS_TITLE && out.findings === null) out.findings = section;
    else if (type.group === search.title) out.timeline.push(section);
    else if (rank(type) >= 0) out.host.push(section);
    else out.other.push(section);
  });
  out.host.sort((a, b) => rank(a.type) - rank(b.type) || a.index - b.index);
  for (const t of ARTIFACT_TYPES) {
    const sections = nested.get(t);
    if (sections) out.nested.push({ type: t, sections });
  }
  return out;
}
