import { readFileSync } from 'node:fs';

/** CPU seconds of the calling thread so far (Linux; NaN elsewhere): for the benchmarks' split of ingest CPU. */
export function threadCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}
