// Little-endian reads for hot paths: plain indexing inlines, where Buffer's read methods check
// their arguments on every call. Callers have checked the bounds.

export function u16le(b: Uint8Array, p: number): number {
  return b[p]! | (b[p + 1]! << 8);
}

export function u32le(b: Uint8Array, p: number): number {
  return (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16)) + b[p + 3]! * 0x1000000;
}
