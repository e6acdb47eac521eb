import { guid } from '../persistence/task-actions.js';

/** Format id of the summary-information property set whose id 10 is PKEY_DisplayName (propkey.h). */
const DISPLAY_NAME_SET = 'b725f130-47ef-101a-a5f1-02608c9eebac';
const DISPLAY_NAME_ID = 10;
const VT_LPWSTR = 0x1f;
const VT_BSTR = 0x08;
const MAX_STORAGES = 64;

/**
 * PKEY_DisplayName from a serialized property store ([MS-PROPSTORE] 2.2-2.3): storages of
 * (u32 size, "1SPS", format id GUID, records), each record (u32 size, u32 id, u8 reserved, u16
 * type, u16 padding, value), a zero size ending each list. Every size is checked against the data.
 */
export function displayName(store: Buffer): string | null {
  let at = 0;
  for (let n = 0; n < MAX_STORAGES && at + 24 <= store.length; n++) {
    const size = store.readUInt32LE(at);
    if (size < 24 || at + size > store.length || store.toString('latin1', at + 4, at + 8) !== '1SPS') return null;
    // Other storages (string-named ones among them, [MS-PROPSTORE] 2.3) cannot hold PKEY_DisplayName: skipped whole.
    if (guid(store.subarray(at + 8, at + 24)) === DISPLAY_NAME_SET) {
      for (let r = at + 24; r + 13 <= at + size;) {
        const rsize = store.readUInt32LE(r);
        if (rsize < 13 || r + rsize > at + size) break;
        const type = store.readUInt16LE(r + 9);
        if (store.readUInt32LE(r + 4) === DISPLAY_NAME_ID && (type === VT_LPWSTR || type === VT_BSTR) && rsize >= 17) {
          const chars = store.readUInt32LE(r + 13);
          const end = Math.min(r + rsize, r + 17 + (type === VT_LPWSTR ? chars * 2 : chars));
          return store.toString('utf16le', r + 17, end - ((end - r - 17) % 2)).replace(/\0+$/, '');
        }
        r += rsize;
      }
    }
    at += size;
  }
  return null;
}
