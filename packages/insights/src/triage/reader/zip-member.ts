import { crc32, inflateRawSync } from 'node:zlib';
import { DESCRIPTOR_LOOKAHEAD, descriptorAt, findDescriptor } from './zip-descriptor.js';
import { FLAG, type LocalHeader } from './zip-header.js';
import { Inflater } from './zip-inflate.js';
import type { ZipSource } from './zip-source.js';

/**
 * Compressed bytes inflated at a time: one slice's output is all that is held besides what the
 * consumer has not taken yet (a deflate stream expands ~1000x at worst).
 */
const SLICE = 16 * 1024;

/**
 * Output handed on at a time by a member's inflater: a member's own size when it is smaller (a
 * shell link's 1 KiB does not hold a 256 KiB buffer), else this.
 */
const OUTPUT_CHUNK = 256 * 1024;
/**
 * A member whose compressed bytes are at most this (and whose declared size at most SMALL_OUTPUT)
 * is inflated in one synchronous call: a stream's set-up costs ~8x the inflating of a shell link.
 * So is one of unknown size (data descriptor) whose deflate stream ends within this many bytes:
 * streamed, each of a collection's hundreds of links got a zlib stream and an OUTPUT_CHUNK buffer
 * (external memory that brings V8's collections): 0.5 CPU-s more for the samples collection.
 */
const SMALL_INPUT = 64 * 1024;
const SMALL_OUTPUT = 1024 * 1024;

const STORED = 0;
const DEFLATED = 8;

/** Why a member's bytes stop short, when the zip does. */
const CUT = 'the zip ends inside this member';

/**
 * The data of one member, read from the zip's source as the consumer asks: stored bytes as they
 * are, deflated ones through node's zlib, anything else (another method, an encrypted member)
 * skipped with the reason as its problem. A member with a data descriptor ends where its deflate
 * stream does, or (stored) where a descriptor whose size matches the bytes read so far starts.
 * The CRC-32 of what was read is checked against the header's or the descriptor's.
 */
export class MemberData {
  private reason: string | null = null;
  /** The CRC-32 the header or the descriptor gives, checked once every byte has been handed on. */
  private expectedCrc: number | null = null;
  private ended = false;
  private crc = 0;
  /** Compressed bytes of the member taken so far. */
  private taken = 0;
  /** Streams a deflated member that is not small; made at its first use. */
  private inflater: Inflater | null = null;
  private readonly deflated: boolean;
  /** Inflated in one call (SMALL_INPUT). */
  private readonly small: boolean;
  /** Of unknown length: first tried in one call on the bytes at hand (SMALL_INPUT), streamed if its end is not among them. */
  private probe: boolean;
  private readonly skip: string | null;

  constructor(
    private readonly src: ZipSource,
    private readonly header: LocalHeader,
  ) {
    this.skip =
      header.flags & FLAG.encrypted
        ? 'the member is encrypted: not read'
        : header.method !== STORED && header.method !== DEFLATED
          ? `cannot inflate: compression method ${header.method} is not supported`
          : null;
    this.deflated = !this.skip && header.method === DEFLATED && header.compressedSize !== 0;
    this.small = this.deflated && header.compressedSize !== null && header.compressedSize <= SMALL_INPUT && header.size !== null && header.size <= SMALL_OUTPUT;
    this.probe = this.deflated && header.compressedSize === null;
  }

  /** The next piece of the member's bytes, null at its end. */
  async next(): Promise<Buffer | null> {
    while (!this.ended) {
      const piece = this.skip
        ? await this.skipped()
        : this.small
          ? await this.inflatedAtOnce()
          : this.probe
            ? await this.inflatedFromWindow()
            : this.deflated
              ? await this.inflated(this.streamer())
              : await this.stored();
      if (piece && piece.length > 0) {
        this.crc = crc32(piece, this.crc);
        return piece;
      }
    }
    return null;
  }

  /** Reads the member to its end (the consumer left it early), so the walk can go on. */
  async drain(): Promise<void> {
    if (this.deflated && !this.small && !this.ended && this.header.compressedSize !== null) {
      // Its length is known: its remaining bytes are passed over, not inflated.
      await this.pass(this.header.compressedSize - this.taken);
      this.end(this.reason);
      return;
    }
    while ((await this.next()) !== null);
  }

  /**
   * Why the bytes stopped short or cannot be trusted; meaningful once `next` has said the end. A
   * member not read says why, whatever ended its passing over (a CRC of nothing read means nothing).
   */
  get problem(): string | null {
    if (this.skip !== null) return this.skip;
    if (this.reason !== null) return this.reason;
    return this.expectedCrc !== null && this.expectedCrc !== this.crc >>> 0 ? "the member's bytes do not match its CRC-32: damaged in the zip" : null;
  }

  private end(problem: string | null, expectedCrc: number | null = null): void {
    if (this.ended) return;
    this.ended = true;
    this.inflater?.close();
    this.reason = problem;
    this.expectedCrc = expectedCrc;
  }

  /** Takes up to `n` bytes of the member from the source; empty only at the source's end. */
  private async takeUpTo(n: number): Promise<Buffer> {
    if (n <= 0 || !(await this.src.fill())) return Buffer.alloc(0);
    const b = this.src.take(Math.min(n, this.src.available));
    this.taken += b.length;
    return b;
  }

  /** Passes over `n` bytes; false when the zip ends first. */
  private async pass(n: number): Promise<boolean> {
    while (n > 0) {
      const b = await this.takeUpTo(n);
      if (b.length === 0) return false;
      n -= b.length;
    }
    return true;
  }

  private async stored(): Promise<Buffer | null> {
    const known = this.header.compressedSize;
    if (known === null) return this.untilDescriptor();
    const b = await this.takeUpTo(known - this.taken);
    if (this.taken === known) this.end(null, this.header.crc);
    else if (b.length === 0) this.end(CUT);
    return b;
  }

  private async skipped(): Promise<null> {
    const known = this.header.compressedSize;
    if (known !== null) await this.pass(known - this.taken);
    else while (!this.ended) await this.untilDescriptor();
    this.end(null);
    return null;
  }

  /**
   * Data of unknown length up to its descriptor: bytes that cannot be the start of one are handed
   * on; the last few wait for the bytes after them.
   */
  private async untilDescriptor(): Promise<Buffer | null> {
    for (;;) {
      const window = this.src.peek();
      const found = findDescriptor(window, this.taken, this.src.finished);
      if (found) {
        const data = await this.takeUpTo(found.end);
        this.src.take(found.descriptor.length);
        this.end(null, found.descriptor.crc);
        return data;
      }
      const safe = window.length - DESCRIPTOR_LOOKAHEAD;
      if (safe > 0) return this.takeUpTo(safe);
      if (!(await this.src.ensure(window.length + 1))) {
        const last = findDescriptor(this.src.peek(), this.taken, true);
        if (last) continue;
        const rest = await this.takeUpTo(this.src.available);
        this.end(CUT);
        return rest;
      }
    }
  }

  private async inflatedAtOnce(): Promise<Buffer | null> {
    const compressed = this.header.compressedSize!;
    const whole = await this.src.ensure(compressed);
    const input = await this.takeUpTo(compressed);
    try {
      // Past its declared size is an error, not a bigger buffer (a bomb stops there).
      const out = inflateRawSync(input, { maxOutputLength: Math.max(1, this.header.size!) });
      this.end(whole ? null : CUT, this.header.crc);
      return out;
    } catch (err) {
      this.end(whole ? `cannot inflate: ${err instanceof Error ? err.message : String(err)}` : CUT);
      return null;
    }
  }

  private streamer(): Inflater {
    this.inflater ??= new Inflater(Math.max(1024, Math.min(OUTPUT_CHUNK, this.header.size ?? OUTPUT_CHUNK)));
    return this.inflater;
  }

  /**
   * A member of unknown length inflated in one call when its deflate stream ends within the next
   * SMALL_INPUT bytes at hand (zlib says how many it took; its data descriptor follows them).
   * Otherwise (longer, past SMALL_OUTPUT, or damaged) nothing is taken and it is streamed.
   */
  private async inflatedFromWindow(): Promise<Buffer | null> {
    this.probe = false;
    await this.src.ensure(SMALL_INPUT);
    const window = this.src.peek().subarray(0, SMALL_INPUT);
    let out: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      out = inflateRawSync(window, { info: true, maxOutputLength: SMALL_OUTPUT }) as unknown as typeof out;
    } catch {
      return null;
    }
    await this.takeUpTo(out.engine.bytesWritten);
    await this.afterDeflate();
    return out.buffer;
  }

  private async inflated(inflater: Inflater): Promise<Buffer | null> {
    const ready = inflater.shift();
    if (ready) return ready;
    if (inflater.error) {
      this.end(`cannot inflate: ${inflater.error.message}`);
      // A member of known length is passed over so the walk goes on at the next header.
      if (this.header.compressedSize !== null) await this.pass(this.header.compressedSize - this.taken);
      return null;
    }
    if (inflater.done) {
      await this.afterDeflate();
      return null;
    }
    const known = this.header.compressedSize;
    const slice = await this.takeUpTo(known === null ? SLICE : Math.min(SLICE, known - this.taken));
    if (slice.length === 0) {
      if (known !== null && this.taken === known) await inflater.finish();
      else this.end(CUT);
      return null;
    }
    const took = await inflater.write(slice);
    if (took < slice.length && !inflater.error) {
      // The deflate stream ended inside this slice: what follows it is not the member's.
      this.src.untake(slice.length - took);
      this.taken -= slice.length - took;
      await inflater.settle();
    }
    return null;
  }

  /** After the deflate stream's end: the rest of a member of known length, or its data descriptor. */
  private async afterDeflate(): Promise<void> {
    const known = this.header.compressedSize;
    if (known !== null) {
      this.end((await this.pass(known - this.taken)) ? null : CUT, this.header.crc);
      return;
    }
    await this.src.ensure(DESCRIPTOR_LOOKAHEAD);
    const descriptor = descriptorAt(this.src.peek().subarray(0, DESCRIPTOR_LOOKAHEAD), this.taken, this.src.finished);
    if (descriptor) this.src.take(descriptor.length);
    // Without a readable descriptor the walk looks for the next header from here.
    this.end(null, descriptor?.crc ?? null);
  }
}
