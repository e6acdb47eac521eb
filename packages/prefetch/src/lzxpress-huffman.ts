import { PrefetchError } from './errors.js';

/**
 * LZXPRESS Huffman ("LZ77+Huffman", [MS-XCA] 2.1/2.2) decompression.
 *
 * The stream is a run of blocks. Each block starts with a 256-byte table holding 512 4-bit code
 * lengths (even symbol in the low nibble), then a bit stream read MSB-first from 16-bit
 * little-endian words. A block yields 65536 output bytes (a match may run past that), after
 * which the next block's table starts at the next unread input byte. Symbols 0-255 are
 * literals; 256-511 are matches whose low nibble is the length (15 = extended, read as raw bytes
 * from the input) and high nibble the number of offset bits.
 */

const TABLE_BYTES = 256;
const SYMBOLS = 512;
const MAX_CODE_BITS = 15;
const BLOCK_OUTPUT = 65536;
/** The decoder looks ahead at most 32 bits past what it has consumed. */
const LOOKAHEAD_BYTES = 4;

function fail(message: string, offset: number, structure = 'compressed stream'): never {
  throw new PrefetchError(message, { format: 'LZXPRESS', structure, offset });
}

/**
 * Fills `table` (2^15 entries, indexed by the next 15 stream bits) with symbol << 4 | code length;
 * 0 marks a bit pattern that no code starts with.
 */
function buildDecodeTable(input: Uint8Array, at: number, table: Uint16Array, lengths: Uint8Array): void {
  const counts = new Uint16Array(MAX_CODE_BITS + 1);
  for (let i = 0; i < TABLE_BYTES; i++) {
    const byte = input[at + i] as number;
    lengths[2 * i] = byte & 0x0f;
    lengths[2 * i + 1] = byte >>> 4;
    counts[byte & 0x0f] = (counts[byte & 0x0f] as number) + 1;
    counts[byte >>> 4] = (counts[byte >>> 4] as number) + 1;
  }
  // Kraft sum in units of 2^-15: above 2^15 the lengths cannot form a prefix code.
  let space = 0;
  for (let len = 1; len <= MAX_CODE_BITS; len++) space += (counts[len] as number) << (MAX_CODE_BITS - len);
  if (space === 0) fail('Huffman table has no codes', at, 'Huffman table');
  if (space > 1 << MAX_CODE_BITS) fail('Huffman code lengths are over-subscribed', at, 'Huffman table');

  // Canonical codes: shorter codes first, ties in symbol order ([MS-XCA] 2.1.4.3).
  counts[0] = 0;
  const next = new Uint32Array(MAX_CODE_BITS + 1);
  let code = 0;
  for (let len = 1; len <= MAX_CODE_BITS; len++) {
    code = (code + (counts[len - 1] as number)) << 1;
    next[len] = code;
  }
  table.fill(0);
  for (let symbol = 0; symbol < SYMBOLS; symbol++) {
    const len = lengths[symbol] as number;
    if (len === 0) continue;
    const c = next[len] as number;
    next[len] = c + 1;
    const shift = MAX_CODE_BITS - len;
    table.fill((symbol << 4) | len, c << shift, (c + 1) << shift);
  }
}

/**
 * Decompresses `input` into exactly `outputSize` bytes. Throws PrefetchError (format LZXPRESS)
 * on any inconsistency: a bad table, an unassigned code, a match reaching before the start of the
 * output or past its end, or a stream that ends early.
 */
export function decompressLzxpressHuffman(input: Uint8Array, outputSize: number): Uint8Array {
  if (!Number.isSafeInteger(outputSize) || outputSize < 0) fail(`invalid output size ${outputSize}`, 0);
  const out = new Uint8Array(outputSize);
  const table = new Uint16Array(1 << MAX_CODE_BITS);
  const lengths = new Uint8Array(SYMBOLS);
  const inLen = input.length;
  let inPos = 0;
  let outPos = 0;
  // Bytes of zero padding fed to the bit buffer past the end of input: the decoder reads up to
  // 32 bits ahead, but consuming any padding bit means the stream was short.
  let padBytes = 0;

  const word = (pos: number): number => {
    if (pos + 1 < inLen) return (input[pos] as number) | ((input[pos + 1] as number) << 8);
    padBytes += 2;
    if (padBytes > LOOKAHEAD_BYTES) fail('compressed stream ends early', inLen, 'bit stream');
    return pos < inLen ? (input[pos] as number) : 0;
  };

  while (outPos < outputSize) {
    if (inLen - inPos < TABLE_BYTES) {
      throw new PrefetchError('compressed stream ends before the next Huffman table', {
        format: 'LZXPRESS',
        structure: 'Huffman table',
        offset: inPos,
        needed: TABLE_BYTES,
        available: Math.max(0, inLen - inPos),
      });
    }
    buildDecodeTable(input, inPos, table, lengths);
    inPos += TABLE_BYTES;
    // A signed int32 (never `>>> 0`) keeps V8 on small integers; fields are read with `>>>`.
    let bits = (word(inPos) << 16) | word(inPos + 2);
    inPos += 4;
    let count = 32;
    const blockEnd = Math.min(outPos + BLOCK_OUTPUT, outputSize);

    while (outPos < blockEnd) {
      const entry = table[bits >>> 17] as number;
      const codeLen = entry & 0x0f;
      if (codeLen === 0) fail('bit pattern matches no Huffman code', inPos, 'bit stream');
      bits <<= codeLen;
      count -= codeLen;
      if (count < 16) {
        const w = inPos + 1 < inLen ? (input[inPos] as number) | ((input[inPos + 1] as number) << 8) : word(inPos);
        bits |= w << (16 - count);
        inPos += 2;
        count += 16;
      }
      const symbol = entry >>> 4;
      if (symbol < 256) {
        out[outPos++] = symbol;
        continue;
      }

      let matchLen = symbol & 0x0f;
      const offsetBits = (symbol >>> 4) & 0x0f;
      if (matchLen === 15) {
        if (inPos >= inLen) fail('match length byte past end of input', inPos, 'match length');
        matchLen = input[inPos++] as number;
        if (matchLen === 255) {
          if (inPos + 2 > inLen) fail('match length word past end of input', inPos, 'match length');
          matchLen = (input[inPos] as number) | ((input[inPos + 1] as number) << 8);
          inPos += 2;
          if (matchLen === 0) {
            if (inPos + 4 > inLen) fail('match length dword past end of input', inPos, 'match length');
            matchLen =
              ((input[inPos] as number) | ((input[inPos + 1] as number) << 8) | ((input[inPos + 2] as number) << 16) | ((input[inPos + 3] as number) << 24)) >>>
              0;
            inPos += 4;
          }
          if (matchLen < 15) fail(`extended match length ${matchLen} is below 15`, inPos, 'match length');
          matchLen -= 15;
        }
        matchLen += 15;
      }
      matchLen += 3;

      let distance = 1 << offsetBits;
      if (offsetBits > 0) {
        distance |= bits >>> (32 - offsetBits);
        bits <<= offsetBits;
        count -= offsetBits;
        if (count < 16) {
          const w = inPos + 1 < inLen ? (input[inPos] as number) | ((input[inPos + 1] as number) << 8) : word(inPos);
          bits |= w << (16 - count);
          inPos += 2;
          count += 16;
        }
      }
      if (distance > outPos) fail(`match distance ${distance} reaches before start of output ${outPos}`, inPos, 'match');
      if (matchLen > outputSize - outPos) fail(`match of ${matchLen} bytes runs past end of output`, inPos, 'match');

      let from = outPos - distance;
      // copyWithin only pays off for long, non-overlapping copies; most matches are short.
      if (matchLen >= 64 && distance >= matchLen) {
        out.copyWithin(outPos, from, from + matchLen);
        outPos += matchLen;
      } else {
        const end = outPos + matchLen;
        while (outPos < end) out[outPos++] = out[from++] as number;
      }
    }
    if (padBytes * 8 > count) fail('compressed stream ends early', inLen, 'bit stream');
  }
  return out;
}
