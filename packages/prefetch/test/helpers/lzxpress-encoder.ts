/**
 * A small LZXPRESS Huffman compressor for tests: greedy LZ77 over 64 KiB blocks, then canonical
 * Huffman codes (lengths capped at 15). It lays out 16-bit words and extended-length bytes in the
 * order a conforming decoder reads them, so round trips exercise the real stream format.
 */
type Token = { literal: number } | { length: number; distance: number };

const BLOCK = 65536;
const MAX_DISTANCE = 65535;

function lz77(data: Uint8Array, start: number, end: number, allowMatches: boolean): Token[] {
  const tokens: Token[] = [];
  const last = new Map<number, number>();
  const key = (i: number) => ((data[i] as number) << 16) | ((data[i + 1] as number) << 8) | (data[i + 2] as number);
  // Seed with the previous window so matches may reach into earlier blocks.
  for (let i = Math.max(0, start - MAX_DISTANCE); i + 2 < start; i++) last.set(key(i), i);
  let i = start;
  while (i < end) {
    let best = 0;
    let bestDistance = 0;
    if (allowMatches && i + 2 < end) {
      const candidate = last.get(key(i));
      if (candidate !== undefined && i - candidate <= MAX_DISTANCE) {
        let len = 0;
        while (i + len < end && data[candidate + len] === data[i + len]) len++;
        if (len >= 3) {
          best = len;
          bestDistance = i - candidate;
        }
      }
    }
    const step = best >= 3 ? best : 1;
    for (let k = i; k < i + step && k + 2 < end; k++) last.set(key(k), k);
    tokens.push(best >= 3 ? { length: best, distance: bestDistance } : { literal: data[i] as number });
    i += step;
  }
  return tokens;
}

function symbolOf(t: Token): number {
  if ('literal' in t) return t.literal;
  const offsetBits = 31 - Math.clz32(t.distance);
  return 256 + (offsetBits << 4) + Math.min(t.length - 3, 15);
}

/** Huffman code lengths from frequencies, limited to 15 bits by flattening the counts. */
function codeLengths(freq: number[]): number[] {
  let f = freq.slice();
  for (;;) {
    const lengths = new Array<number>(freq.length).fill(0);
    type Node = { w: number; symbols: number[] };
    let nodes: Node[] = f.flatMap((w, s) => (w > 0 ? [{ w, symbols: [s] }] : []));
    if (nodes.length === 1) {
      lengths[(nodes[0] as Node).symbols[0] as number] = 1;
      return lengths;
    }
    while (nodes.length > 1) {
      nodes.sort((a, b) => a.w - b.w);
      const [a, b] = nodes as [Node, Node];
      for (const s of [...a.symbols, ...b.symbols]) lengths[s] = (lengths[s] as number) + 1;
      nodes = [{ w: a.w + b.w, symbols: [...a.symbols, ...b.symbols] }, ...nodes.slice(2)];
    }
    if (Math.max(...lengths) <= 15) return lengths;
    f = f.map((w) => (w > 0 ? Math.max(1, w >> 1) : 0));
  }
}

class StreamWriter {
  readonly bytes: number[] = [];
  private slots: number[] = [];
  private words: number[] = [];
  private acc = 0;
  private accBits = 0;
  private consumed = 0;

  startBlock(table: number[]): void {
    this.bytes.push(...table);
    this.slots = [];
    this.words = [];
    this.acc = 0;
    this.accBits = 0;
    this.consumed = 0;
    this.reserve();
    this.reserve();
  }

  private reserve(): void {
    this.slots.push(this.bytes.length);
    this.bytes.push(0, 0);
  }

  /** Writes bits MSB first; reserves the next word where the decoder would load it. */
  bits(value: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >>> i) & 1);
      if (++this.accBits === 16) {
        this.words.push(this.acc);
        this.acc = 0;
        this.accBits = 0;
      }
    }
    this.consumed += count;
    if (this.slots.length * 16 - this.consumed < 16) this.reserve();
  }

  raw(...values: number[]): void {
    this.bytes.push(...values);
  }

  endBlock(): void {
    if (this.accBits > 0) this.words.push(this.acc << (16 - this.accBits));
    this.slots.forEach((at, i) => {
      const w = this.words[i] ?? 0;
      this.bytes[at] = w & 0xff;
      this.bytes[at + 1] = w >>> 8;
    });
  }
}

/**
 * `singleBlock` encodes everything under one table, so a match may run past the 64 KiB block end (the
 * only way to need a u32 match length). Valid only when the decoder's first block ends inside a match
 * that reaches the end of the data, e.g. one byte repeated.
 */
export function compressLzxpressHuffman(data: Uint8Array, options: { matches?: boolean; singleBlock?: boolean } = {}): Uint8Array {
  const w = new StreamWriter();
  const blockSize = options.singleBlock ? Math.max(1, data.length) : BLOCK;
  const blocks = Math.max(1, Math.ceil(data.length / blockSize));
  for (let b = 0; b < blocks; b++) {
    const start = b * blockSize;
    const end = Math.min(data.length, start + blockSize);
    const tokens = lz77(data, start, end, options.matches ?? true);
    const isLast = b === blocks - 1;
    const symbols = tokens.map(symbolOf);
    if (isLast) symbols.push(256); // the end-of-stream symbol
    const freq = new Array<number>(512).fill(0);
    for (const s of symbols) freq[s] = (freq[s] as number) + 1;
    const lengths = codeLengths(freq);
    const codes = new Array<number>(512).fill(0);
    let code = 0;
    for (let len = 1; len <= 15; len++) {
      for (let s = 0; s < 512; s++) if (lengths[s] === len) codes[s] = code++;
      code <<= 1;
    }
    const table: number[] = [];
    for (let i = 0; i < 256; i++) table.push(((lengths[2 * i] as number) & 15) | ((lengths[2 * i + 1] as number) << 4));
    w.startBlock(table);
    const all: Token[] = isLast ? [...tokens, { length: 3, distance: 1 }] : tokens;
    all.forEach((t, i) => {
      const s = symbols[i] as number;
      w.bits(codes[s] as number, lengths[s] as number);
      if ('literal' in t) return;
      const extra = t.length - 3;
      if (extra >= 15) {
        if (extra - 15 < 255) w.raw(extra - 15);
        else if (extra <= 0xffff) w.raw(255, extra & 0xff, extra >>> 8);
        else w.raw(255, 0, 0, extra & 0xff, (extra >>> 8) & 0xff, (extra >>> 16) & 0xff, extra >>> 24);
      }
      const offsetBits = 31 - Math.clz32(t.distance);
      if (offsetBits > 0) w.bits(t.distance - (1 << offsetBits), offsetBits);
    });
    w.endBlock();
  }
  return Uint8Array.from(w.bytes);
}

/** Wraps a compressed stream in a MAM container; `checksum` builds the MAM\x84 variant. */
export function wrapMam(compressed: Uint8Array, uncompressedSize: number, crc32?: (b: Uint8Array, v?: number) => number): Uint8Array {
  const headerSize = crc32 ? 12 : 8;
  const out = new Uint8Array(headerSize + compressed.length);
  out.set([0x4d, 0x41, 0x4d, crc32 ? 0x84 : 0x04]);
  new DataView(out.buffer).setUint32(4, uncompressedSize, true);
  out.set(compressed, headerSize);
  if (crc32) {
    const crc = crc32(out.subarray(12), crc32(new Uint8Array(4), crc32(out.subarray(0, 8))));
    new DataView(out.buffer).setUint32(8, crc, true);
  }
  return out;
}
