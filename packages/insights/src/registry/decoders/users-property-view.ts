import { guid } from '../persistence/task-actions.js';
import { displayName } from './property-store.js';

/** Signatures of users property view items (libfwsi's shell item format notes; dissect.target's shellbags plugin uses the same set). */
const SIGNATURES = new Set([0x10141981, 0x23a3dfd5, 0x23febbee, 0x3b93afbb, 0xbeebee00]);
/** The delegate-item marker class {5e591a74-df96-48d3-8d67-1733bcee28ba}: the next 16 bytes are the folder's CLSID. */
const DELEGATE = Buffer.from('741a595e96dfd3488d671733bcee28ba', 'hex');

export interface UsersPropertyView {
  /** The delegate folder's CLSID, when the item carries one. */
  folder: string | null;
  /** A 16-byte identifier as a GUID (a known folder id, 0x23FEBBEE items); null for other sizes. */
  identifier: string | null;
  /** PKEY_DisplayName from its property store. */
  name: string | null;
}

/**
 * A users property view: signature, u16 property store size, u16 identifier size, identifier,
 * property store. Class 0x00 items have the signature at 4; class 0x1F items (7+ root folders
 * carrying a property view) one u16 later, at 6. Null when no known signature is there.
 */
export function usersPropertyView(item: Buffer): UsersPropertyView | null {
  const sigAt = [4, 6].find((at) => item.length >= at + 8 && SIGNATURES.has(item.readUInt32LE(at)));
  if (sigAt === undefined) return null;
  const storeSize = item.readUInt16LE(sigAt + 4);
  const idSize = item.readUInt16LE(sigAt + 6);
  const storeAt = sigAt + 8 + idSize;
  const name = storeAt + storeSize <= item.length ? displayName(item.subarray(storeAt, storeAt + storeSize)) : null;
  // After the store: a property store may embed whole PIDLs with delegate markers of their own.
  const mark = item.indexOf(DELEGATE, storeAt + storeSize);
  const folder = mark >= 0 && mark + 32 <= item.length ? guid(item.subarray(mark + 16, mark + 32)) : null;
  const identifier = idSize === 16 && sigAt + 24 <= item.length ? guid(item.subarray(sigAt + 8, sigAt + 24)) : null;
  return { folder, identifier, name };
}
