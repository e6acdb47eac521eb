import { type RegistryWarning, asWarning, warning } from './errors.js';
import { readKeyNode, type KeyNode } from './key-node.js';
import { appendSubkeyOffsets } from './subkey-list.js';
import { buildKey, type BuildContext } from './key-builder.js';
import type { RegistryKey } from './types.js';
import { VisitedSet } from './visited-set.js';

/** Windows caps key nesting at 512 levels; deeper chains can only come from damage. */
export const MAX_DEPTH = 512;

/**
 * Depth-first, pre-order walk of the live tree, one key per next(). Only pending sibling offsets are
 * held (in parallel stacks rather than an object per key), plus one bit per possible cell (see
 * VisitedSet) so that cycles and shared subtrees in damaged lists are cut. `pathOf` extends the
 * parent's path: a string for the API, a byte length for the CLI, whose path buffer always holds the
 * current key's ancestors in pre-order.
 */
export class TreeWalk<P> {
  /** The current key's path and warnings (valid until the next call to next()). */
  path!: P;
  warnings: RegistryWarning[] = [];
  private readonly offsets: number[];
  private readonly parentPaths: (P | null)[] = [null];
  private readonly depths: number[] = [0];
  private readonly visited: VisitedSet;

  constructor(
    private readonly ctx: BuildContext,
    rootOffset: number,
    private readonly hiveWarnings: RegistryWarning[],
    private readonly pathOf: (parentPath: P | null, nk: KeyNode) => P,
  ) {
    this.offsets = [rootOffset];
    this.visited = new VisitedSet(ctx.r.length);
  }

  /** The next key, or null when the walk is over. */
  next(): KeyNode | null {
    const { offsets, parentPaths, depths } = this;
    while (offsets.length > 0) {
      const offset = offsets.pop()!;
      const parentPath = parentPaths.pop()!;
      const depth = depths.pop()!;
      if (!this.visited.add(offset)) {
        this.hiveWarnings.push(warning('subkey list', offset, `key node 0x${offset.toString(16)} is listed more than once (cycle or shared subtree); skipped`));
        continue;
      }
      let nk;
      try {
        nk = readKeyNode(this.ctx.r, offset);
      } catch (err) {
        this.hiveWarnings.push(asWarning(err));
        continue;
      }
      const warnings: RegistryWarning[] = [];
      if (!nk.allocated) warnings.push(warning('nk', offset, 'key node cell is marked unallocated'));
      const path = this.pathOf(parentPath, nk);
      const base = offsets.length;
      const count = appendSubkeyOffsets(this.ctx.r, nk.subkeysListOffset, offsets, warnings);
      if (count !== nk.subkeyCount && warnings.length === 0) {
        warnings.push(warning('nk', offset, `key claims ${nk.subkeyCount} subkeys but its list holds ${count}`));
      }
      if (depth >= MAX_DEPTH) {
        offsets.length = base;
        if (count > 0) warnings.push(warning('nk', offset, `depth limit ${MAX_DEPTH} reached; subkeys not followed`));
      } else {
        // Stored order is popped first: reverse the children in place.
        for (let i = base, j = offsets.length - 1; i < j; i++, j--) {
          const t = offsets[i]!;
          offsets[i] = offsets[j]!;
          offsets[j] = t;
        }
        for (let i = 0; i < count; i++) {
          parentPaths.push(path);
          depths.push(depth + 1);
        }
      }
      this.path = path;
      this.warnings = warnings;
      return nk;
    }
    return null;
  }
}

const joinPath = (parentPath: string | null, nk: KeyNode): string => (parentPath === null ? nk.name : `${parentPath}\\${nk.name}`);

/** The live tree as RegistryKey objects, built one at a time. */
export function* walkTree(ctx: BuildContext, rootOffset: number, hiveWarnings: RegistryWarning[]): Generator<RegistryKey> {
  const walk = new TreeWalk(ctx, rootOffset, hiveWarnings, joinPath);
  for (let nk = walk.next(); nk !== null; nk = walk.next()) yield buildKey(ctx, nk, walk.path, false, walk.warnings);
}
