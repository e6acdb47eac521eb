import type { SlimKey, SlimValue } from '../store/slim-key.js';

/**
 * Values of an MRU key in most-recent-first order: MRUListEx (u32 indexes, 0xFFFFFFFF-terminated)
 * or MRUList (one letter per value). Values the list does not name follow in stored order.
 */
export function mruOrder(key: SlimKey): SlimValue[] {
  const byName = new Map(key.values.map((v) => [v.name.toLowerCase(), v]));
  const order: string[] = [];
  const ex = byName.get('mrulistex')?.data;
  if (Buffer.isBuffer(ex)) {
    for (let at = 0; at + 4 <= ex.length; at += 4) {
      const i = ex.readUInt32LE(at);
      if (i === 0xffffffff) break;
      order.push(String(i));
    }
  }
  const list = byName.get('mrulist')?.data;
  if (typeof list === 'string') order.push(...list.split(''));
  const seen = new Set<string>();
  const out: SlimValue[] = [];
  for (const name of order) {
    const v = byName.get(name.toLowerCase());
    if (v && !seen.has(v.name)) {
      seen.add(v.name);
      out.push(v);
    }
  }
  for (const v of key.values) {
    if (!seen.has(v.name) && !/^mrulist(ex)?$/i.test(v.name)) out.push(v);
  }
  return out;
}

/** UTF-16 text up to the first NUL (RecentDocs and WordWheelQuery entries store a name, then a shell item). */
export function utf16z(buf: Buffer, at = 0): string {
  let end = at;
  while (end + 1 < buf.length && (buf[end] !== 0 || buf[end + 1] !== 0)) end += 2;
  return buf.toString('utf16le', at, end);
}

/** Why decoded text cannot be what Windows wrote (an unpaired UTF-16 surrogate, a control character), else null. */
export function brokenText(s: string): string | null {
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s)) return 'text holds an unpaired UTF-16 surrogate';
  // eslint-disable-next-line no-control-regex -- control characters are what is being looked for
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(s)) return 'text holds control characters';
  return null;
}
