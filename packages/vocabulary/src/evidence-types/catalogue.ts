import type { EvidenceTypeDescriptor } from './descriptor.js';
import { lnk } from './lnk.js';
import { prefetch } from './prefetch.js';
import { registry } from './registry.js';
import { winevtx } from './winevtx.js';

/**
 * Every evidence type Quarry parses, by id. Adding one is a descriptor file and a line here; each
 * layer's plug-in record (`Record<EvidenceType, …>`) then fails to compile until it has the type.
 */
export const evidenceTypes = { winevtx, registry, prefetch, lnk } as const satisfies { [Id in string]: EvidenceTypeDescriptor & { id: Id } };

export type EvidenceType = keyof typeof evidenceTypes;

/** The evidence types in the order they are listed (REST, dashboard, recognition); never empty (zod's enum needs that). */
export const EVIDENCE_TYPES = Object.keys(evidenceTypes) as unknown as readonly [EvidenceType, ...EvidenceType[]];

/** A file kind any evidence type recognises (`'evtx'`, `'registry-hive'`, …), or `'unknown'`. */
export type FileKind = (typeof evidenceTypes)[EvidenceType]['recognition']['kinds'][number]['id'] | 'unknown';
