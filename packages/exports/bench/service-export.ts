/**
 * The service path of `npm run bench:export -- --service`: the running service (as bench:jobs
 * starts it: ephemeral PostgreSQL + Temporal, REST server and worker in their own processes), one
 * EVTX job over the given files (its records in the job's store, no Sigma), then each format
 * exported through REST (`GET /analysis/job/{id}/export?format=…`) and read to nowhere, counting
 * lines and bytes. The REST server's RSS is what is measured: VmRSS before the export, its VmHWM
 * (reset to the current RSS just before, via clear_refs) after, and VmRSS sampled every 50 ms.
 */
import { writeFileSync } from 'node:fs';
import { overviewMeta } from '../../rest-compat/bench/jobs/sigma-diff.js';
import { procCpu, procField, startService } from '../../rest-compat/bench/jobs/service.js';

export type ServiceFormat = 'jsonl' | 'ecs';

/**
 * A slow client: reads one chunk every `delayMs` for `seconds`, then goes away. Had the server no
 * backpressure, it would buffer what the client has not read yet: its RSS growth says which.
 */
export interface SlowRead {
  seconds: number;
  delayMs: number;
}

export interface ServiceExport {
  format: ServiceFormat;
  /** Set when the client read slowly and left early (the export is then partial). */
  slow?: SlowRead;
  /** JSONL lines (a whole job's: its records, then its insight rows); ECS bulk: documents (line pairs: action, source). */
  records: number;
  bytes: number;
  /** First request → last byte read. */
  seconds: number;
  /** The REST server's user + system CPU over the export. */
  cpuSeconds: number;
  rssBefore: number;
  peakRss: number;
}

export interface ServiceRun {
  jobSeconds: number;
  jobStatus: string;
  /** The job's record count (its Overview). */
  jobRecords: number;
  exports: ServiceExport[];
}

const NEWLINE = 0x0a;

async function exportOnce(base: string, jobId: string, serverPid: number, format: ServiceFormat, slow?: SlowRead): Promise<ServiceExport> {
  const rssBefore = procField(serverPid, 'VmRSS');
  writeFileSync(`/proc/${serverPid}/clear_refs`, '5'); // VmHWM := the current RSS
  let sampled = rssBefore;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, procField(serverPid, 'VmRSS'));
  }, 50);
  const cpu0 = procCpu(serverPid);
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/analysis/job/${jobId}/export?format=${format}`);
    if (res.status !== 200 || !res.body) throw new Error(`export ${format} failed: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (let i = value.indexOf(NEWLINE); i >= 0; i = value.indexOf(NEWLINE, i + 1)) lines++;
      if (slow) {
        if (performance.now() - t0 > slow.seconds * 1000) {
          await reader.cancel();
          break;
        }
        await new Promise((r) => setTimeout(r, slow.delayMs));
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    return {
      format,
      ...(slow ? { slow } : {}),
      records: format === 'ecs' ? lines / 2 : lines,
      bytes,
      seconds,
      cpuSeconds: procCpu(serverPid) - cpu0,
      rssBefore,
      peakRss: Math.max(sampled, procField(serverPid, 'VmHWM')),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** One job over `paths`, then one export per format, in order, then a slow JSONL reader if asked. */
export async function serviceExports(paths: string[], formats: ServiceFormat[], sigmaRules: string, slow?: SlowRead): Promise<ServiceRun> {
  const svc = await startService({ sigmaRules });
  try {
    console.log(`service up: REST ${svc.base} (pid ${svc.serverPid}), worker pid ${svc.workerPid}; uploading ${paths.length} files`);
    const ids: string[] = [];
    for (const p of paths) ids.push(await svc.uploadFile(p));
    const job = await svc.runJob('winevtx', { file_ids: ids, run_sigma_rules: false }, 3600);
    console.log(`job ${job.id}: ${job.status} in ${job.seconds.toFixed(1)} s`);
    if (job.status !== 'Completed') throw new Error(`the export job ended ${job.status}`);
    const exports: ServiceExport[] = [];
    for (const f of formats) {
      const e = await exportOnce(svc.base, job.id, svc.serverPid, f);
      console.log(
        `export ${f}: ${e.records} records, ${(e.bytes / 2 ** 20).toFixed(1)} MiB in ${e.seconds.toFixed(1)} s; server RSS ${(e.rssBefore / 2 ** 20).toFixed(0)} → peak ${(e.peakRss / 2 ** 20).toFixed(0)} MiB`,
      );
      exports.push(e);
    }
    if (slow) exports.push(await exportOnce(svc.base, job.id, svc.serverPid, 'jsonl', slow));
    return { jobSeconds: job.seconds, jobStatus: job.status, jobRecords: Number(overviewMeta(job.insights).records ?? NaN), exports };
  } finally {
    await svc.stop();
  }
}
