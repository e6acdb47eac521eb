import { type RegistryWarning, asWarning, warning } from './errors.js';
import { readKeyNode, type KeyNode } from './key-node.js';
import { subkeyOffsets } from './subkey-list.js';
import { buildKey, type BuildContext } from './key-builder.js';
import type { RegistryKey } from './types.js';
import { VisitedSet } from './visited-set.js';

/** Windows caps key nesting at 512 levels; deeper chains can only come from damage. */
export const MAX_DEPTH = 512;

interface Frame<P> {
  offset: number;
  parentPath: P | null;
  depth: number;
}

/**
 * Depth-first, pre-order walk of the live tree. Only pending sibling offsets are held, plus one
 * bit per possible cell (see VisitedSet) so that cycles and shared subtrees in damaged lists are cut.
 * `pathOf` extends the parent's path (a string for the API, a byte length for the CLI, whose path
 * buffer always holds the current key's ancestors in pre-order); `visit` turns a key into what is yielded.
 */
export function* walkNodes<P, T>(
  ctx: BuildContext,
  rootOffset: number,
  hiveWarnings: RegistryWarning[],
  pathOf: (parentPath: P | null, nk: KeyNode) => P,
  visit: (nk: KeyNode, path: P, warnings: RegistryWarning[]) => T,
): Generator<T> {
  const visited = new VisitedSet(ctx.r.length);
  const stack: Frame<P>[] = [{ offset: rootOffset, parentPath: null, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (!visited.add(frame.offset)) {
      hiveWarnings.push(warning('subkey list', frame.offset, `key node 0x${frame.offset.toString(16)} is listed more than once (cycle or shared subtree); skipped`));
      continue;
    }
    let nk;
    try {
      nk = readKeyNode(ctx.r, frame.offset);
    } catch (err) {
      hiveWarnings.push(asWarning(err));
      continue;
    }
    const warnings: RegistryWarning[] = [];
    if (!nk.allocated) warnings.push(warning('nk', frame.offset, 'key node cell is marked unallocated'));
    const path = pathOf(frame.parentPath, nk);
    const children = subkeyOffsets(ctx.r, nk.subkeysListOffset, warnings);
    if (children.length !== nk.subkeyCount && warnings.length === 0) {
      warnings.push(warning('nk', frame.offset, `key claims ${nk.subkeyCount} subkeys but its list holds ${children.length}`));
    }
    const out = visit(nk, path, warnings);
    if (frame.depth >= MAX_DEPTH) {
      if (children.length > 0) warnings.push(warning('nk', frame.offset, `depth limit ${MAX_DEPTH} reached; subkeys not followed`));
    } else {
      for (let i = children.length - 1; i >= 0; i--) stack.push({ offset: children[i]!, parentPath: path, depth: frame.depth + 1 });
    }
    yield out;
  }
}

const joinPath = (parentPath: string | null, nk: KeyNode): string => (parentPath === null ? nk.name : `${parentPath}\\${nk.name}`);

/** The live tree as RegistryKey objects. */
export function walkTree(ctx: BuildContext, rootOffset: number, hiveWarnings: RegistryWarning[]): Generator<RegistryKey> {
  return walkNodes(ctx, rootOffset, hiveWarnings, joinPath, (nk, path, warnings) => buildKey(ctx, nk, path, false, warnings));
}
