export {
  ARTIFACT_TYPES,
  EVIDENCE_TYPES,
  LARGEST_JOB_BYTES,
  evidenceTypes,
  isArtifactType,
  type ArtifactType,
  type EvidenceType,
  type FileKind,
} from './catalogue.js';
export type { ByteTest, EvidenceTypeDescriptor, FileKindDescriptor, FilterField, ParseOption } from './descriptor.js';
export { detectFileKind, evidenceTypeOf, fileKindLabel, HEAD_BYTES, takesKind, typeFromName } from './recognition.js';
