/**
 * Window plan for files too large to scan whole. Every window has the same length, so the
 * `filesize` a rule sees is always the window size (a small last window would make rules like
 * `filesize < 1MB and ...` fire spuriously). Consecutive windows overlap, so any match no
 * longer than the overlap lies whole inside at least one window.
 */
export interface Window {
  start: number;
  length: number;
}

export function planWindows(size: number, windowBytes: number, overlapBytes: number): Window[] {
  if (size <= windowBytes) return [{ start: 0, length: size }];
  const step = windowBytes - overlapBytes;
  const out: Window[] = [];
  for (let start = 0; ; start += step) {
    if (start + windowBytes >= size) {
      out.push({ start: size - windowBytes, length: windowBytes });
      return out;
    }
    out.push({ start, length: windowBytes });
  }
}
