import type { EvidenceTypeDescriptor } from './descriptor.js';
import { lnk } from './lnk.js';
import { prefetch } from './prefetch.js';
import { registry } from './registry.js';
import { triage } from './triage.js';
import { winevtx } from './winevtx.js';

/**
 * Every evidence type Quarry parses, by id. Adding one is a descriptor file and a line here; each
 * layer's plug-in record (`Record<EvidenceType, …>`) then fails to compile until it has the type.
 */
export const evidenceTypes = { winevtx, registry, prefetch, lnk, triage } as const satisfies { [Id in string]: EvidenceTypeDescriptor & { id: Id } };

export type EvidenceType = keyof typeof evidenceTypes;

/** The evidence types in the order they are listed (REST, dashboard, recognition); never empty (zod's enum needs that). */
export const EVIDENCE_TYPES = Object.keys(evidenceTypes) as unknown as readonly [EvidenceType, ...EvidenceType[]];

/** The types whose files are artifacts of one kind (every type but the composite collections): what a triage member can be. */
export type ArtifactType = { [T in EvidenceType]: (typeof evidenceTypes)[T] extends { composite: true } ? never : T }[EvidenceType];

export const isArtifactType = (type: EvidenceType): type is ArtifactType => !('composite' in evidenceTypes[type]);

/** The artifact types in catalogue order. */
export const ARTIFACT_TYPES = EVIDENCE_TYPES.filter(isArtifactType) as unknown as readonly [ArtifactType, ...ArtifactType[]];

/** A file kind any evidence type recognises (`'evtx'`, `'registry-hive'`, …), or `'unknown'`. */
export type FileKind = (typeof evidenceTypes)[EvidenceType]['recognition']['kinds'][number]['id'] | 'unknown';

/** The most bytes any one parse job takes in total (a triage collection's): the size a resumable upload may have. */
export const LARGEST_JOB_BYTES = Math.max(...EVIDENCE_TYPES.map((t) => evidenceTypes[t].limits.maxTotalBytes ?? 0));
