import type { EvidenceKind } from './evidence-kind';

/** Files uploaded in this tab: anonymous (public) uploads are listed nowhere else, so jobs can still be started on them. */
export interface UploadedFile {
  id: string;
  name: string;
  kind: EvidenceKind | null;
  createdAt: string;
  visibility: 'public' | 'private';
}

let uploaded: UploadedFile[] = [];
const listeners = new Set<() => void>();

export const getUploaded = (): UploadedFile[] => uploaded;
export const getServerUploaded = (): UploadedFile[] => EMPTY;
const EMPTY: UploadedFile[] = [];

export function addUploaded(file: UploadedFile): void {
  uploaded = [...uploaded, file];
  for (const l of listeners) l();
}

export function subscribeUploaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
