import {
  ARTIFACT_TYPES,
  EVIDENCE_TYPES,
  HEAD_BYTES,
  detectFileKind,
  evidenceTypeOf,
  evidenceTypes,
  typeFromName,
  type ArtifactType,
  type EvidenceType,
} from '@quarry/vocabulary';

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

/** The collection types: files of any kind can be parsed together as one of them. */
export const COLLECTION_KINDS: readonly EvidenceKind[] = EVIDENCE_TYPES.filter((t) => 'composite' in evidenceTypes[t]);

/** A collection type (triage): its jobs run other types' plug-ins over their members. */
export function isComposite(kind: EvidenceKind): boolean {
  return 'composite' in evidenceTypes[kind];
}

/** A collection job lists a member type's insights as `<type label> · <own title>` (retitled by the pipeline). */
const SEPARATOR = ' · ';

export const nestedTitle = (type: ArtifactType, title: string) => `${evidenceTypes[type].label}${SEPARATOR}${title}`;

/** The member type and own title of a retitled per-type insight, or null for any other title. */
export function splitNestedTitle(title: string): { type: ArtifactType; own: string } | null {
  for (const type of ARTIFACT_TYPES) {
    const prefix = `${evidenceTypes[type].label}${SEPARATOR}`;
    if (title.startsWith(prefix)) return { type, own: title.slice(prefix.length) };
  }
  return null;
}
