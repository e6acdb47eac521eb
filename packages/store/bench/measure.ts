// What both ingest benchmarks measure: a run's wall and CPU time, and records through a store writer.
import { readFileSync } from 'node:fs';
import type { RecordSink } from '@quarry/insights';
import type { ParseCategory } from '@quarry/vocabulary';

/** CPU seconds of the calling thread (Linux). */
function threadCpuSeconds(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A store writer as the pipeline's sink, counting the records it is given. */
export function countingSink<C extends ParseCategory>(writer: RecordSink<C>): { sink: RecordSink<C>; records: () => number } {
  let records = 0;
  return {
    sink: {
      write: (r, i) => {
        records++;
        return writer.write(r, i);
      },
      close: () => writer.close(),
      abort: () => writer.abort(),
    },
    records: () => records,
  };
}

/** Runs `work` and says what it took: wall seconds, the process's CPU seconds and this thread's. */
export async function measured(work: () => Promise<unknown>): Promise<{ seconds: number; cpuSeconds: number; mainThreadCpuSeconds: number }> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const main0 = threadCpuSeconds();
  await work();
  const cpu = process.cpuUsage(cpu0);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, mainThreadCpuSeconds: threadCpuSeconds() - main0 };
}
