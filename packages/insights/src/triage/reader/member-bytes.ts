import { createHash } from 'node:crypto';
import type { InputRef, PipelineInput } from '../../pipeline/input.js';

/**
 * One member's bytes as they stream out of the collection, hashed on the way: its ref's `sha256`
 * and `size` are set once the last byte has passed (File metadata reads them after the run).
 */
export class MemberBytes {
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private ended = false;
  /** The head read for recognition, handed out again first. */
  private readonly head: Uint8Array[] = [];
  private released!: () => void;
  /** Settles once the member's consumer has read it to the end or let it go. */
  readonly done = new Promise<void>((resolve) => (this.released = resolve));
  /** Set when whoever reads the member is gone: nobody may read it but the drain. */
  private orphaned = false;

  constructor(
    private readonly pull: () => Promise<Uint8Array | null>,
    readonly ref: InputRef,
    /** Called for every piece read, by a reader or the drain (heartbeats: a large unknown member yields no record). */
    private readonly onPiece: () => void = () => {},
  ) {}

  /** Reads at least `bytes` (fewer at the end) for recognition; they stay queued for the consumer. */
  async readHead(bytes: number): Promise<Uint8Array> {
    let total = 0;
    for (;;) {
      if (total >= bytes) break;
      const c = await this.read();
      if (!c) break;
      this.head.push(c);
      total += c.length;
    }
    return Buffer.concat(this.head).subarray(0, bytes);
  }

  /** Bytes read so far (all of them once drained). */
  get size(): number {
    return this.bytes;
  }

  /** The member as a pipeline input: `open` yields the head, then the rest as it arrives. */
  input(): PipelineInput {
    return { ref: this.ref, open: () => this.stream() };
  }

  /** Reads (and hashes) whatever nobody took, so the collection can go on to its next member. */
  async drain(): Promise<void> {
    this.orphaned = true;
    this.head.length = 0;
    while ((await this.read()) !== null);
  }

  private async *stream(): AsyncGenerator<Uint8Array> {
    try {
      while (this.head.length > 0) yield this.head.shift()!;
      for (;;) {
        if (this.orphaned) return;
        const c = await this.read();
        if (!c) return;
        yield c;
      }
    } finally {
      this.released();
    }
  }

  private async read(): Promise<Uint8Array | null> {
    if (this.ended) return null;
    const c = await this.pull();
    if (c === null) {
      this.ended = true;
      this.ref.sha256 = this.hash.digest('hex');
      this.ref.size = this.bytes;
      return null;
    }
    this.hash.update(c);
    this.bytes += c.length;
    this.onPiece();
    return c;
  }
}
