/** One JSON line: 64-bit integers (bigint) as exact bare numbers, as evtx_dump writes them. */
export function jsonLine(value: unknown): string {
  let big = false;
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v !== 'bigint') return v;
    big = true;
    return `\u0000big:${v}\u0000`;
  });
  // Decoded strings never hold NUL, so the marker cannot clash with data.
  return (big ? text.replace(/"\\u0000big:(-?\d+)\\u0000"/g, '$1') : text) + '\n';
}
