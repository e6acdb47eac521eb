import { EVIDENCE_TYPES, HEAD_BYTES, detectFileKind, evidenceTypeOf, evidenceTypes, typeFromName, type EvidenceType } from '@quarry/vocabulary';

/** The parse job an evidence file belongs to: one of the evidence types (@quarry/vocabulary). */
export type EvidenceKind = EvidenceType;

/** Bytes of a file the dashboard reads to tell its type (as the server does). */
export const KIND_HEAD_BYTES = HEAD_BYTES;

/** Told from the file's first bytes, as the parse job will; the name is the fallback. */
export function kindFromBytes(head: Uint8Array, name: string): EvidenceKind | null {
  return evidenceTypeOf(detectFileKind(head)) ?? kindFromName(name);
}

/** Told from the file name only (files listed from the server, whose bytes the dashboard does not read). */
export function kindFromName(name: string): EvidenceKind | null {
  return typeFromName(name);
}

export const KIND_LABEL = Object.fromEntries(EVIDENCE_TYPES.map((t) => [t, evidenceTypes[t].label])) as Record<EvidenceKind, string>;

/** Every evidence type with its label, in the descriptors' order (search type pickers). */
export const KIND_OPTIONS: { value: EvidenceKind; label: string }[] = EVIDENCE_TYPES.map((t) => ({ value: t, label: evidenceTypes[t].label }));

/** Filterable fields per search type, as the descriptors list them (`details.` is a prefix: any event-data field). */
export const SEARCH_FIELDS = Object.fromEntries(EVIDENCE_TYPES.map((t) => [t, evidenceTypes[t].search.filterFields.map((f) => f.name)])) as Record<
  EvidenceKind,
  string[]
>;

/** Result types only one evidence type has (both EVTX and registry have a Persistence). */
const OWN_RESULT_TYPES = EVIDENCE_TYPES.map((type) => {
  const others = new Set(EVIDENCE_TYPES.filter((o) => o !== type).flatMap((o) => [...evidenceTypes[o].resultTypes]));
  return { type, titles: new Set<string>(evidenceTypes[type].resultTypes.filter((t) => !others.has(t))) };
});

/** A parse job's category told from its result types (the job view has no category field). */
export function categoryFromTitles(titles: string[]): EvidenceKind | null {
  return OWN_RESULT_TYPES.find((own) => titles.some((t) => own.titles.has(t)))?.type ?? null;
}
