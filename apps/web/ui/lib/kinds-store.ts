import type { EvidenceKind } from './evidence-kind';

/**
 * Kinds read from file contents at upload time, by file id, for this session: the server's file
 * list has names only, and reading a private file back would need its key and a download.
 */
const kinds = new Map<string, EvidenceKind>();
export const rememberKind = (fileId: string, kind: EvidenceKind): void => void kinds.set(fileId, kind);
export const knownKind = (fileId: string): EvidenceKind | undefined => kinds.get(fileId);
