/**
 * Dashboard and upload benchmark, against the real service (`npm run bench -w @quarry/web`):
 *  1. a 1 GiB private tus upload: throughput, and the web server's RSS growth while it runs
 *     (bounded: the service keeps at most one 64 KiB segment and the stream buffers per upload);
 *  2. the job page of the largest EVTX sample job: page weight (bytes over the wire, by kind) and
 *     time to interactive in headless Chromium.
 * Sizes are overridable for a quick run: BENCH_UPLOAD_MIB=64 BENCH_EVTX=<path>.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { once } from 'node:events';
import { chromium } from 'playwright-core';
import * as tus from 'tus-js-client';
import { sharedPath } from '@quarry/testkit';
import { startService, type RunningService } from '../test/support/service.js';

const MiB = 1024 * 1024;
const uploadMiB = Number(process.env.BENCH_UPLOAD_MIB ?? 1024);
/** The largest sample job: every DFIR Artifact Museum log (System, two Security, Sysmon; 31 MiB). */
const evtxPaths =
  process.env.BENCH_EVTX?.split(':') ??
  [
    'Win2012R2_StolenSzechuan/System.evtx',
    'Win2012R2_StolenSzechuan/Security.evtx',
    'Win11_RathbunVM/Security.evtx',
    'Win10_APTSimulatorVM/Microsoft-Windows-Sysmon%4Operational.evtx',
  ].map((p) => sharedPath(`samples/evtx/DFIRArtifactMuseum/${p}`));

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

async function writeEvidence(path: string, mib: number): Promise<void> {
  const block = randomBytes(16 * MiB);
  const out = createWriteStream(path);
  for (let written = 0; written < mib; written += 16) {
    if (!out.write(block.subarray(0, Math.min(16, mib - written) * MiB))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function benchUpload(service: RunningService, token: string, key: string) {
  const file = join(tmpdir(), `quarry-bench-${uploadMiB}.bin`);
  await writeEvidence(file, uploadMiB);
  const baseline = rssMiB(service.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(service.pid))), 200);
  const started = performance.now();
  const fileId = await new Promise<string | null>((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(file), {
      endpoint: `${service.base}/api/tus`,
      headers: { 'X-Service-Api-Token': token, 'X-Service-Api-Enc-Key': key },
      metadata: { filename: basename(file) },
      // 64 MiB per PATCH (a whole number of 64 KiB segments), as a browser would send a big file.
      chunkSize: 64 * MiB,
      retryDelays: [],
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('Quarry-File-Id') ?? null),
      onError: reject,
    });
    upload.start();
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rmSync(file, { force: true });
  const listed = (await (await fetch(`${service.base}/analysis/file/list`, { headers: { 'X-Service-Api-Token': token } })).json()) as { files: string[][] };
  if (!fileId || !listed.files.some((f) => f[0] === fileId)) throw new Error('the uploaded file is not listed');
  return {
    mib: uploadMiB,
    seconds: round(seconds),
    mibPerSecond: round(uploadMiB / seconds),
    rssBaselineMiB: round(baseline),
    rssPeakMiB: round(peak),
    rssGrowthMiB: round(peak - baseline),
  };
}

async function benchJobPage(service: RunningService) {
  // A public job (anonymous upload), so the page is measured as loaded straight from its link.
  const form = new FormData();
  for (const path of evtxPaths) form.append('files', new Blob([readFileSync(path)]), basename(path));
  const up = (await (await fetch(`${service.base}/upload`, { method: 'POST', body: form })).json()) as { file_ids: [string, string][] };
  const job = (await (
    await fetch(`${service.base}/analysis/winevtx/parse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file_ids: up.file_ids.map(([id]) => id), run_sigma_rules: true }),
    })
  ).json()) as { id: string };
  const parseStarted = performance.now();
  let insights: Record<string, { title?: string }>[] = [];
  for (;;) {
    const body = (await (await fetch(`${service.base}/analysis/job/${job.id}`)).json()) as { status: string; insights?: typeof insights };
    if (body.status === 'Completed') {
      insights = body.insights ?? [];
      break;
    }
    if (body.status === 'Failed') throw new Error('the benchmark job failed');
    await new Promise((r) => setTimeout(r, 1000));
  }
  const parseSeconds = (performance.now() - parseStarted) / 1000;
  const titles = insights.flatMap((i) => Object.values(i).map((p) => p.title ?? '')).filter(Boolean);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Long tasks, for time to interactive: the end of the last one before the page goes quiet.
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.startTime + e.duration))).observe({
        type: 'longtask',
        buffered: true,
      });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const types = new Map<string, string>();
    const bytes: Record<string, number> = {};
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      const kind = types.get(e.requestId) ?? 'Other';
      bytes[kind] = (bytes[kind] ?? 0) + e.encodedDataLength;
    });
    await page.goto(`${service.base}/jobs/${job.id}`);
    await page.getByLabel('Status: Completed').waitFor({ timeout: 60_000 });
    for (const t of titles) await page.getByRole('heading', { name: t, exact: true }).first().waitFor({ timeout: 60_000 });
    // The process graph drawn (or said to be empty when the logs have no process creations).
    await page.locator('[data-testid=graph-canvas] svg, :text("No processes in this job.")').first().waitFor({ timeout: 60_000 });
    const contentMs = await page.evaluate(() => performance.now());
    await page.waitForTimeout(3000); // a quiet window after the last long task
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const longTasks = (window as unknown as { __longTasks: number[] }).__longTasks;
      return { domContentLoadedMs: nav.domContentLoadedEventEnd, fcpMs: fcp, lastLongTaskEndMs: Math.max(0, ...longTasks), longTasks: longTasks.length };
    });
    const total = Object.values(bytes).reduce((a, b) => a + b, 0);
    return {
      evtx: evtxPaths.map((p) => basename(p)),
      evtxMiB: round(evtxPaths.reduce((n, p) => n + statSync(p).size, 0) / MiB),
      parseSeconds: round(parseSeconds),
      insights: titles.length,
      pageWeightKiB: round(total / 1024),
      byTypeKiB: Object.fromEntries(Object.entries(bytes).map(([k, v]) => [k, round(v / 1024)])),
      fcpMs: round(timing.fcpMs),
      domContentLoadedMs: round(timing.domContentLoadedMs),
      allInsightsDrawnMs: round(contentMs),
      ttiMs: round(Math.max(timing.domContentLoadedMs, timing.lastLongTaskEndMs)),
      longTasks: timing.longTasks,
    };
  } finally {
    await browser.close();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

const service = await startService();
try {
  const token = service.newToken();
  const key = randomBytes(32).toString('base64');
  const jobPage = await benchJobPage(service);
  console.log(JSON.stringify({ jobPage }, null, 2));
  const upload = await benchUpload(service, token, key);
  console.log(JSON.stringify({ upload }, null, 2));
  if (upload.rssGrowthMiB >= 128) {
    console.error(`RSS grew by ${upload.rssGrowthMiB} MiB during the upload: over the 128 MiB bound`);
    process.exitCode = 1;
  }
} finally {
  await service.stop();
}
