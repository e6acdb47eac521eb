/**
 * Cell offsets already seen, as one bit per 8-byte slot of the hive (cells are 8-byte aligned):
 * a fixed 1/64 of the hive's size instead of a hash set that grows and rehashes with every key.
 * Offsets a cell cannot have (unaligned, past the end) are rare damage and go to a small Set.
 */
export class VisitedSet {
  private readonly bits: Uint8Array;
  private readonly odd = new Set<number>();

  constructor(hiveBytes: number) {
    this.bits = new Uint8Array((hiveBytes >>> 6) + 1);
  }

  /** Marks the offset; false when it was already marked. */
  add(offset: number): boolean {
    const slot = offset / 8;
    if ((offset & 7) !== 0 || slot >= this.bits.length * 8) {
      if (this.odd.has(offset)) return false;
      this.odd.add(offset);
      return true;
    }
    const byte = slot >>> 3;
    const bit = 1 << (slot & 7);
    if ((this.bits[byte]! & bit) !== 0) return false;
    this.bits[byte] = this.bits[byte]! | bit;
    return true;
  }
}
