/**
 * What a pool thread keeps between tasks, by key: e.g. a rule set compiled by the first task that
 * needs it, reused by every later task of any job with the same set. The oldest key goes first
 * past `limit`, so a long-lived thread does not keep every set it ever met.
 */
export class ThreadCache<V> {
  private readonly entries = new Map<string, Promise<V>>();

  constructor(private readonly limit: number) {}

  /** The value for `key`, made once by `make`; a failed make is forgotten so the next task retries. */
  get(key: string, make: () => V | Promise<V>): Promise<V> {
    let hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    hit = Promise.resolve().then(make);
    hit.catch(() => this.entries.get(key) === hit && this.entries.delete(key));
    this.entries.set(key, hit);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return hit;
  }
}
