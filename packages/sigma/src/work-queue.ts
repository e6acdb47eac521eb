/**
 * A list of work items claimed by several threads through one shared counter: no messages, so a
 * thread busy parsing never delays another's next claim.
 */
export class WorkQueue {
  private readonly next: Int32Array;

  /** `shared` is the counter's memory: a new one for the owner, the owner's for workers. */
  constructor(
    readonly length: number,
    readonly shared: SharedArrayBuffer = new SharedArrayBuffer(4),
  ) {
    this.next = new Int32Array(shared);
  }

  /** The next unclaimed item's position, or undefined once all are taken. */
  claim(): number | undefined {
    const i = Atomics.add(this.next, 0, 1);
    return i < this.length ? i : undefined;
  }
}
