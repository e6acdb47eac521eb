/** Where a definition refers to names: the bytes to skip (offset field, inline name) and the name. */
export class NameRefs {
  readonly spans: number[] = [];
  readonly names: string[] = [];

  add(from: number, to: number, name: string): void {
    this.spans.push(from, to);
    this.names.push(name);
  }
}

const ids = new Map<string, number>();
let nextId = 0;
let scratch = Buffer.allocUnsafe(1 << 16);

/**
 * A number naming a template definition's content, equal across chunks: the definition's bytes
 * `[from, to)` with its name references replaced by the names. Chunks repeat the same
 * definitions at other offsets, with names at other offsets, so the bytes alone differ.
 */
export function templateId(buf: Buffer, from: number, to: number, refs: NameRefs): number {
  // The key's bytes: each run of bytes and each name (UTF-16), length-prefixed so that no two
  // different sequences of parts give the same key, then made a string in one call.
  let size = 4 * (refs.names.length * 2 + 1) + (to - from);
  for (const n of refs.names) size += n.length * 2;
  if (scratch.length < size) scratch = Buffer.allocUnsafe(size);
  const out = scratch;
  let pos = 0;
  const length = (n: number): void => {
    out[pos++] = n & 0xff;
    out[pos++] = (n >>> 8) & 0xff;
    out[pos++] = (n >>> 16) & 0xff;
    out[pos++] = n >>> 24;
  };
  let at = from;
  // A plain view: its subarray is a cheap builtin, Buffer's goes through a constructor.
  const view = new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
  const bytes = (end: number): void => {
    length(end - at);
    if (end - at > 32) {
      out.set(view.subarray(at, end), pos);
      pos += end - at;
    } else {
      for (let i = at; i < end; i++) out[pos++] = buf[i]!;
    }
  };
  for (let i = 0; i < refs.names.length; i++) {
    bytes(refs.spans[2 * i]!);
    const name = refs.names[i]!;
    length(name.length);
    for (let j = 0; j < name.length; j++) {
      const c = name.charCodeAt(j);
      out[pos++] = c & 0xff;
      out[pos++] = c >>> 8;
    }
    at = refs.spans[2 * i + 1]!;
  }
  bytes(to);
  const key = out.toString('latin1', 0, pos);
  let id = ids.get(key);
  if (id === undefined) {
    // Ids are never reused, so dropping the map only costs re-learning definitions.
    if (ids.size >= 20_000) ids.clear();
    id = nextId++;
    ids.set(key, id);
  }
  return id;
}
