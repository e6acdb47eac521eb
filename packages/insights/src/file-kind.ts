import { takesKind, type EvidenceType, type FileKind } from '@quarry/vocabulary';

export { detectFileKind, fileKindLabel, type FileKind } from '@quarry/vocabulary';

/** Whether an evidence type takes files of this kind (its descriptor lists them, or the archives it reads). */
export const acceptsKind = (type: EvidenceType, kind: FileKind): boolean => takesKind(type, kind);
