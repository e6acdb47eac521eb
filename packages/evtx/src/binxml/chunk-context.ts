import { EvtxError, need } from '../errors.js';
import type { El } from './nodes.js';
import type { Val } from './value.js';
import type { TemplateInfo } from './template-scan.js';
import { utf16Text, wellFormed } from './value.js';

/** Upper bounds that keep hostile input from costing unbounded time or memory. */
export const LIMITS = {
  /** Element nesting inside one stream. */
  maxDepth: 96,
  /** Nesting of embedded BinXml / template instances. */
  maxNesting: 12,
  /** Nodes one record may create (array expansion multiplies elements). */
  maxNodes: 200_000,
  maxSubstitutions: 4096,
} as const;

/** A template definition parsed once per chunk. */
export interface TemplateDef {
  readonly root: El;
  /** Offset just past the definition's body. */
  readonly end: number;
}

/**
 * Per-chunk state shared by all records of a chunk: the chunk bytes, its absolute file offset
 * (for error offsets) and caches of names and template definitions keyed by chunk offset.
 */
export class ChunkContext {
  readonly names = new Map<number, string>();
  readonly templates = new Map<number, TemplateDef | EvtxError>();
  /** Template definitions as render plans see them (null: unreadable), see templateInfo. */
  readonly infos = new Map<number, TemplateInfo | null>();
  /** Template offsets being parsed, to refuse a definition that refers to itself. */
  readonly parsing = new Set<number>();
  /** Node budget left for the record being parsed. */
  budget: number = LIMITS.maxNodes;
  /** When set, every substitution value (but nested BinXml) passes through it: plan compiling. */
  placeholders: ((v: Val | string) => Val | string) | undefined;

  constructor(
    readonly buf: Buffer,
    readonly base: number,
  ) {}

  fail(structure: string, pos: number, message: string): never {
    throw new EvtxError(message, structure, this.base + pos);
  }

  need(structure: string, pos: number, len: number, end: number): void {
    need(structure, pos, len, end, this.base);
  }

  charge(nodes: number, pos: number): void {
    this.budget -= nodes;
    if (this.budget < 0) this.fail('binxml', pos, `record exceeds ${LIMITS.maxNodes} nodes`);
  }

  /** Reads the name structure at chunk offset `off`: next u32, hash u16, count u16, UTF-16, NUL. */
  name(off: number): string {
    const cached = this.names.get(off);
    if (cached !== undefined) return cached;
    const buf = this.buf;
    this.need('name', off, 8, buf.length);
    const count = buf.readUInt16LE(off + 6);
    this.need('name', off + 8, count * 2, buf.length);
    const s = wellFormed(utf16Text(buf, off + 8, off + 8 + count * 2));
    this.names.set(off, s);
    return s;
  }

  /** Byte size of the name structure at `off` (when stored inline). */
  nameSize(off: number): number {
    this.need('name', off, 8, this.buf.length);
    return 8 + this.buf.readUInt16LE(off + 6) * 2 + 2;
  }
}
