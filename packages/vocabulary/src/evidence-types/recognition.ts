import type { ByteTest, FileKindDescriptor } from './descriptor.js';
import { EVIDENCE_TYPES, evidenceTypes, type EvidenceType, type FileKind } from './catalogue.js';

/** Bytes enough to tell every file kind apart. */
export const HEAD_BYTES = 512;

const holds = (head: Uint8Array, test: ByteTest): boolean => {
  if ('text' in test) {
    if (head.length < test.at + test.text.length) return false;
    for (let i = 0; i < test.text.length; i++) if (head[test.at + i] !== test.text.charCodeAt(i)) return false;
    return true;
  }
  if ('byteIn' in test) {
    const byte = head[test.at];
    return byte !== undefined && test.byteIn.includes(byte);
  }
  if (head.length < test.at + 4) return test.short;
  const value = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(test.at, true);
  return test.u32leIn.includes(value) !== (test.not ?? false);
};

const KINDS: readonly { type: EvidenceType; kind: FileKindDescriptor }[] = EVIDENCE_TYPES.flatMap((type) =>
  evidenceTypes[type].recognition.kinds.map((kind: FileKindDescriptor) => ({ type, kind })),
);

/** The file kind of a file from its first bytes (HEAD_BYTES are enough), never from its name. */
export function detectFileKind(head: Uint8Array): FileKind {
  for (const { kind } of KINDS) if (kind.signatures.some((tests) => tests.every((t) => holds(head, t)))) return kind.id as FileKind;
  return 'unknown';
}

/** The evidence type that takes a file kind (null for 'unknown'). */
export function evidenceTypeOf(kind: FileKind): EvidenceType | null {
  return KINDS.find((k) => k.kind.id === kind)?.type ?? null;
}

/** Whether an evidence type takes files of this kind: its own kinds, and the archives of others it reads members of. */
export function takesKind(type: EvidenceType, kind: FileKind): boolean {
  if (evidenceTypeOf(kind) === type) return true;
  // A collection takes every file: members it cannot use are listed, not refused.
  if ('composite' in evidenceTypes[type]) return true;
  const r = evidenceTypes[type].recognition;
  return 'archives' in r && (r.archives as readonly string[]).includes(kind);
}

/** Human label of a file kind (File metadata insights, wrong-type messages). */
export function fileKindLabel(kind: FileKind): string {
  return KINDS.find((k) => k.kind.id === kind)?.kind.label ?? 'Unknown';
}

/** The evidence type a file name suggests (extension or a hive's Windows name); a guess for when the bytes are not at hand. */
export function typeFromName(name: string): EvidenceType | null {
  const lower = name.toLowerCase();
  return (
    EVIDENCE_TYPES.find((t) => {
      const r = evidenceTypes[t].recognition;
      return r.extensions.some((e: string) => lower.endsWith(e)) || (r.names as readonly string[]).includes(lower);
    }) ?? null
  );
}
