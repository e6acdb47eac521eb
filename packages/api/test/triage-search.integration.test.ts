// A triage job on real components: a collection zip uploaded privately, run by a real worker
// process (Temporal, its own namespace), then searched per member type (each type's records are in
// a store of the job's own) and deleted with every store.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findTool, hasShared, sharedPath, sharedSkipReason, toolGate } from '@quarry/testkit';
import { titleOf } from '@quarry/insights';
import { EVIDENCE_TYPES } from '@quarry/vocabulary';
import { createParseJob, deleteJobs, getJob, searchRecords, uploadFile, watchJob } from '../src/index.js';
import { serviceFixture, type Fixture } from './support/fixture.js';
import { ensureNamespace, startWorkerProcess } from './support/worker-process.js';

const NAMESPACE = 'quarry-triage-search-test';
const EVTX = ['samples', 'evtx', 'EVTX-ATTACK-SAMPLES', 'LM_WMI_4624_4688_TargetHost.evtx'] as const;
const PF = ['samples', 'prefetch', 'DFIRArtifactMuseum', 'Win10_RathbunVM', 'NOTEPAD.EXE-C5670914.pf'] as const;
const LNK = ['samples', 'lnk', 'Win10', '$R3OUUAG.lnk'] as const;
const evtxDump = toolGate('evtx_dump');

let f: Fixture;
let worker: ChildProcess | undefined;
beforeAll(async () => {
  await ensureNamespace(NAMESPACE);
  f = await serviceFixture({ namespace: NAMESPACE });
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await f?.close();
});

const present = hasShared(...EVTX) && hasShared(...PF) && hasShared(...LNK);

describe.skipIf(!present || evtxDump.skip)('a triage job searched per member type', () => {
  if (!present) console.warn(`skipping: ${sharedSkipReason(...EVTX)}`);
  if (evtxDump.skip) console.warn(`skipping: ${evtxDump.reason}`);

  test('each member type is searchable with its own search; a type the collection lacked has no records; deletion removes every store', async () => {
    const { caller } = await f.newCaller('pro');
    const key = randomBytes(32);
    const zip = zipSync({
      'C/Windows/System32/winevt/Logs/Security.evtx': readFileSync(sharedPath(...EVTX)),
      'C/Windows/Prefetch/NOTEPAD.EXE-C5670914.pf': readFileSync(sharedPath(...PF)),
      'C/Users/alice/AppData/Roaming/Microsoft/Windows/Recent/report.lnk': readFileSync(sharedPath(...LNK)),
      'C/notes.txt': new TextEncoder().encode('not evidence'),
    });
    const file = await uploadFile(f.deps, { caller, clientKey: key, fileName: 'host.zip', content: Readable.from([Buffer.from(zip)]) });
    const job = await createParseJob(f.deps, caller, key, { category: 'triage', fileIds: [file.id], options: { runSigmaRules: false } });
    worker = await startWorkerProcess(NAMESPACE);
    for await (const u of watchJob(f.deps, caller, key, job.id, new AbortController().signal)) if (u.status === 'Completed' || u.status === 'Failed') break;
    const done = await getJob(f.deps, caller, key, job.id);
    expect(done.status).toBe('Completed');

    const browse = (category: 'winevtx' | 'prefetch' | 'lnk' | 'registry' | 'triage') =>
      searchRecords(f.deps, caller, key, category, { jobId: job.id, browseEvents: true, query: { search: '', page: 1, show: 100 } });
    // evtx_dump's record count of the member, one JSON line each.
    const expected = execFileSync(findTool('evtx_dump')!, ['-o', 'jsonl', sharedPath(...EVTX)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter((l) => l.trim() !== '').length;
    expect(await browse('winevtx')).toMatchObject({ kind: 'records', total: expected });
    // A prefetch file is one record, a shell link one.
    expect(await browse('prefetch')).toMatchObject({ kind: 'records', total: 1 });
    expect(await browse('lnk')).toMatchObject({ kind: 'records', total: 1 });
    // The collection held no hive: the answer a job with no records gets.
    await expect(browse('registry')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Job has no searchable records' });
    // The Host Timeline is the triage search's.
    expect(await browse('triage')).toMatchObject({ kind: 'records' });

    // Unfiltered, a member type's summary is its own results as the job stored them, under their own titles.
    const summary = await searchRecords(f.deps, caller, key, 'prefetch', { jobId: job.id, browseEvents: false, query: { search: '', page: 1, show: 10 } });
    const titles = (summary.kind === 'summary' ? (summary.job.insights ?? []) : []).map((i) => titleOf(i) ?? '');
    expect(titles).toContain('File metadata: host.zip/C/Windows/Prefetch/NOTEPAD.EXE-C5670914.pf');
    expect(titles.every((t) => !t.startsWith('Prefetch · '))).toBe(true);
    // Filtered, it is re-analysed over the matching records of the member type.
    const filtered = await searchRecords(f.deps, caller, key, 'winevtx', { jobId: job.id, browseEvents: false, query: { search: '4688', page: 1, show: 10 } });
    expect(filtered.kind).toBe('summary');

    await deleteJobs(f.deps, caller, { ids: [job.id] });
    for (const category of EVIDENCE_TYPES) expect(await f.deps.recordStores.open(job.id, category, key), category).toBeNull();
  }, 600_000);
});
