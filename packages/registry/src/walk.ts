import { type RegistryWarning, asWarning, warning } from './errors.js';
import { readKeyNode } from './key-node.js';
import { subkeyOffsets } from './subkey-list.js';
import { buildKey, type BuildContext } from './key-builder.js';
import type { RegistryKey } from './types.js';

/** Windows caps key nesting at 512 levels; deeper chains can only come from damage. */
export const MAX_DEPTH = 512;

interface Frame {
  offset: number;
  parentPath: string | null;
  depth: number;
}

/**
 * Depth-first, pre-order walk of the live tree. Only pending sibling offsets are held, plus one
 * number per visited key so that cycles and shared subtrees in damaged lists are cut.
 */
export function* walkTree(ctx: BuildContext, rootOffset: number, hiveWarnings: RegistryWarning[]): Generator<RegistryKey> {
  const visited = new Set<number>();
  const stack: Frame[] = [{ offset: rootOffset, parentPath: null, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (visited.has(frame.offset)) {
      hiveWarnings.push(warning('subkey list', frame.offset, `key node 0x${frame.offset.toString(16)} is listed more than once (cycle or shared subtree); skipped`));
      continue;
    }
    visited.add(frame.offset);
    let nk;
    try {
      nk = readKeyNode(ctx.r, frame.offset);
    } catch (err) {
      hiveWarnings.push(asWarning(err));
      continue;
    }
    const warnings: RegistryWarning[] = [];
    if (!nk.allocated) warnings.push(warning('nk', frame.offset, 'key node cell is marked unallocated'));
    const path = frame.parentPath === null ? nk.name : `${frame.parentPath}\\${nk.name}`;
    const children = subkeyOffsets(ctx.r, nk.subkeysListOffset, warnings);
    if (children.length !== nk.subkeyCount && warnings.length === 0) {
      warnings.push(warning('nk', frame.offset, `key claims ${nk.subkeyCount} subkeys but its list holds ${children.length}`));
    }
    const key = buildKey(ctx, nk, path, false, warnings);
    if (frame.depth >= MAX_DEPTH) {
      if (children.length > 0) warnings.push(warning('nk', frame.offset, `depth limit ${MAX_DEPTH} reached; subkeys not followed`));
    } else {
      for (let i = children.length - 1; i >= 0; i--) stack.push({ offset: children[i]!, parentPath: path, depth: frame.depth + 1 });
    }
    yield key;
  }
}
