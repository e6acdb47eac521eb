import { evidenceTypeOf, type EvidenceType, type FileKind } from '@quarry/vocabulary';

export { detectFileKind, fileKindLabel, type FileKind } from '@quarry/vocabulary';

/** Whether an evidence type takes files of this kind (its descriptor lists them). */
export const acceptsKind = (type: EvidenceType, kind: FileKind): boolean => evidenceTypeOf(kind) === type;
