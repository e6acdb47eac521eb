import { BASE_BLOCK_SIZE, FileType, hasRegfSignature, parseBaseBlock, type BaseBlock } from './base-block.js';
import { RegistryError, type RegistryWarning, warning } from './errors.js';
import { Reader } from './reader.js';
import { readKeyNode } from './key-node.js';
import { subkeyOffsets } from './subkey-list.js';
import { buildKey, type BuildContext } from './key-builder.js';
import { walkTree } from './walk.js';
import { recoverDeleted, recoverDeletedKeys, type DeletedEntries } from './deleted.js';
import { detectHiveType, type HiveType } from './hive-type.js';
import { replayLogs, type LogInput, type ReplayReport } from './replay.js';
import type { RegistryKey } from './types.js';

export interface WalkOptions {
  /** Also yield keys recovered from unallocated cells, after the live tree. Default false. */
  deleted?: boolean;
}

/** Inputs larger than this are refused rather than read; real hives stay far below it. */
export const MAX_HIVE_BYTES = 2 ** 31 - 1;

function upper(s: string): string {
  return s.toUpperCase();
}

/**
 * Format 1.1 cells carry 4 extra bytes before their data. The root cell shows which layout is in
 * use, which also copes with a damaged base block that misreports the version.
 */
function detectCellHeader(data: Buffer, rootOffset: number, minorVersion: number): number {
  const at = BASE_BLOCK_SIZE + rootOffset;
  const nkAt = (h: number): boolean => at + h + 2 <= data.length && data[at + h] === 0x6e && data[at + h + 1] === 0x6b;
  if (nkAt(4)) return 4;
  if (nkAt(8)) return 8;
  return minorVersion <= 1 ? 8 : 4;
}

/** An opened hive: the primary file with any transaction logs already replayed into a private copy. */
export class Hive {
  /** The bytes parsed: the file itself, or the replayed copy. */
  readonly data: Buffer;
  /** Base block as found in the file (before any replay). */
  readonly originalBaseBlock: BaseBlock;
  /** Base block after replay (same as the original when nothing was applied). */
  readonly baseBlock: BaseBlock;
  readonly replay: ReplayReport;
  /** Hive-level anomalies (bad bins, cycles, unreadable keys) collected so far; walking adds to it. */
  readonly warnings: RegistryWarning[] = [];
  /** @internal Parse state, shared with this package's byte-level CLI dump (dump-jsonl.ts). */
  readonly ctx: BuildContext;
  private typeCache: HiveType | null = null;

  constructor(input: Buffer, logs: LogInput[] = []) {
    if (input.length > MAX_HIVE_BYTES) throw new RegistryError('input too large', 'hive', 0, input.length, MAX_HIVE_BYTES);
    if (!hasRegfSignature(input)) throw new RegistryError('not a registry hive (no "regf" signature)', 'base block', 0);
    if (input.length < BASE_BLOCK_SIZE) {
      throw new RegistryError('file shorter than a base block', 'base block', 0, BASE_BLOCK_SIZE, input.length);
    }
    this.originalBaseBlock = parseBaseBlock(input);
    // A damaged base block (bad checksum) may hold any file type; only a valid one is trusted to say "log".
    if (this.originalBaseBlock.checksumValid && this.originalBaseBlock.fileType !== FileType.primary) {
      throw new RegistryError(`file type ${this.originalBaseBlock.fileType} is a transaction log, not a primary hive`, 'base block', 28);
    }
    const { data, report } = replayLogs(input, logs);
    this.data = data;
    this.replay = report;
    this.baseBlock = data === input ? this.originalBaseBlock : parseBaseBlock(data);
    if (this.baseBlock.majorVersion !== 1) {
      this.warnings.push(warning('base block', 20, `unexpected major version ${this.baseBlock.majorVersion}`));
    }
    const r = new Reader(data);
    r.cellHeader = detectCellHeader(data, this.baseBlock.rootCellOffset, this.baseBlock.minorVersion);
    this.ctx = { r, minorVersion: this.baseBlock.minorVersion, securityCache: new Map() };
    // Fail early on a root that is not a key node: nothing else in the hive can be reached.
    readKeyNode(this.ctx.r, this.baseBlock.rootCellOffset);
  }

  get dirty(): boolean {
    return this.replay.dirty;
  }

  get rootName(): string {
    return readKeyNode(this.ctx.r, this.baseBlock.rootCellOffset).name;
  }

  /** Hive type detected from the keys it holds, not from its file name. */
  get type(): HiveType {
    this.typeCache ??= detectHiveType({
      rootSubkeys: this.childNames(this.baseBlock.rootCellOffset),
      has: (path) => this.findOffset(path.split('\\')) !== null,
    });
    return this.typeCache;
  }

  /** Depth-first, pre-order; values come with each key. Nothing is retained between yields. */
  *walk(options: WalkOptions = {}): Generator<RegistryKey> {
    yield* walkTree(this.ctx, this.baseBlock.rootCellOffset, this.warnings);
    // Keys only: orphan values cost a parse of every "vk" found in free space and are not walked.
    if (options.deleted) yield* recoverDeletedKeys(this.ctx, this.baseBlock.hiveBinsDataSize, this.warnings);
  }

  /**
   * The live key whose key node is at `offset`, under `path` (as walk() built it): what walk()
   * yielded there, less the warnings only the walk itself adds (its node and subkey-list checks).
   * For readers that kept a key's place in these bytes instead of the key.
   */
  keyAt(offset: number, path: string): RegistryKey {
    return buildKey(this.ctx, readKeyNode(this.ctx.r, offset), path, false, []);
  }

  /** Keys and values recovered from unallocated cells, all flagged deleted. */
  recoverDeleted(): DeletedEntries {
    return recoverDeleted(this.ctx, this.baseBlock.hiveBinsDataSize, this.warnings);
  }

  /**
   * Looks a key up by path, case-insensitively as Windows does. The path may start with the
   * root key's name or omit it; "" or "\\" is the root.
   */
  getKey(path: string): RegistryKey | null {
    const parts = path.split('\\').filter((p) => p.length > 0);
    let offset = this.findOffset(parts);
    let prefix = parts;
    if (offset === null && parts.length > 0 && upper(parts[0]!) === upper(this.rootName)) {
      prefix = parts.slice(1);
      offset = this.findOffset(prefix);
    }
    if (offset === null) return null;
    const warnings: RegistryWarning[] = [];
    const nk = readKeyNode(this.ctx.r, offset);
    // Rebuild the path with the stored spelling of each name.
    const names = [this.rootName];
    let at = this.baseBlock.rootCellOffset;
    for (const part of prefix) {
      at = this.childOffset(at, part)!;
      names.push(readKeyNode(this.ctx.r, at).name);
    }
    return buildKey(this.ctx, nk, names.join('\\'), false, warnings);
  }

  /** Subkeys of a key found by path (or of the root), in stored order. */
  subkeys(path: string): RegistryKey[] {
    const key = this.getKey(path);
    if (!key) return [];
    const out: RegistryKey[] = [];
    for (const off of subkeyOffsets(this.ctx.r, readKeyNode(this.ctx.r, key.offset).subkeysListOffset, [])) {
      try {
        const nk = readKeyNode(this.ctx.r, off);
        out.push(buildKey(this.ctx, nk, `${key.path}\\${nk.name}`, false, []));
      } catch (err) {
        if (!(err instanceof RegistryError)) throw err;
        this.warnings.push({ structure: err.structure, offset: err.offset, message: err.message });
      }
    }
    return out;
  }

  private childNames(offset: number): string[] {
    const names: string[] = [];
    for (const off of subkeyOffsets(this.ctx.r, readKeyNode(this.ctx.r, offset).subkeysListOffset, [])) {
      try {
        names.push(readKeyNode(this.ctx.r, off).name);
      } catch (err) {
        if (!(err instanceof RegistryError)) throw err;
      }
    }
    return names;
  }

  private childOffset(parent: number, name: string): number | null {
    const want = upper(name);
    let nk;
    try {
      nk = readKeyNode(this.ctx.r, parent);
    } catch (err) {
      if (err instanceof RegistryError) return null;
      throw err;
    }
    for (const off of subkeyOffsets(this.ctx.r, nk.subkeysListOffset, [])) {
      try {
        if (upper(readKeyNode(this.ctx.r, off).name) === want) return off;
      } catch (err) {
        if (!(err instanceof RegistryError)) throw err;
      }
    }
    return null;
  }

  private findOffset(parts: string[]): number | null {
    let at: number | null = this.baseBlock.rootCellOffset;
    for (const part of parts) {
      at = this.childOffset(at, part);
      if (at === null) return null;
    }
    return at;
  }
}
