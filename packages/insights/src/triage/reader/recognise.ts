import { detectFileKind, evidenceTypeOf, evidenceTypes, isArtifactType, typeFromName, type ArtifactType, type FileKind } from '@quarry/vocabulary';
import { baseName } from '../normalise-path.js';

export interface Recognised {
  kind: FileKind;
  /** The type that reads it, or null (unknown, or a zip inside the collection). */
  type: ArtifactType | null;
  /** True when the bytes said so; false when only the name did (damaged or empty content). */
  byContent: boolean;
}

const HIVE_LOG = /\.log[12]?$/i;
/** Hive names of a host (config\\DEFAULT, Amcache.hve, …) besides those every registry job recognises. */
const HIVE_NAMES = new Set<string>([...evidenceTypes.registry.recognition.names, 'default', 'amcache.hve', 'syscache.hve']);

/**
 * A member's type: its first bytes first; when they name no artifact, its path, so a damaged
 * `.evtx`, hive, `.pf` or link still goes to its type and has its damage reported. A zip inside
 * the collection is not read (listed as unknown).
 */
export function recognise(head: Uint8Array, path: string): Recognised {
  const kind = detectFileKind(head);
  const owner = evidenceTypeOf(kind);
  if (kind !== 'zip' && owner !== null && isArtifactType(owner)) return { kind, type: owner, byContent: true };
  return { kind, type: kind === 'zip' ? null : typeOfName(baseName(path)), byContent: false };
}

function typeOfName(name: string): ArtifactType | null {
  const lower = name.toLowerCase();
  if (HIVE_LOG.test(lower)) return isHiveName(lower.replace(HIVE_LOG, '')) ? 'registry' : null;
  if (isHiveName(lower)) return 'registry';
  const type = typeFromName(lower);
  // The registry's extensions (.dat, .zip, .reg) say too little inside a host's file tree.
  return type === null || type === 'registry' || !isArtifactType(type) ? null : type;
}

function isHiveName(lower: string): boolean {
  return HIVE_NAMES.has(lower) || lower.endsWith('.hve') || lower.endsWith('.hiv');
}
