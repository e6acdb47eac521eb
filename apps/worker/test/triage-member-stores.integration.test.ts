/**
 * A triage job's member types each write a store of their own while one walk of the collection
 * feeds them. Run with the worker's store sinks on a two-core pool (two stream threads): links
 * and prefetch files first, whose stores each take a thread with their first batch, then event
 * logs with more records than their store may hold unwritten (64 batches of 128 rows). If the event
 * logs' store had to wait for a thread, its type would stop, the walk with it, and the links'
 * and prefetch stores, which close only once the walk ends, would never give their threads back.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import { afterAll, expect, test } from 'vitest';
import { runPipeline, type RecordNotes } from '@quarry/insights';
import { LocalFiles } from '@quarry/storage';
import { RecordStores } from '@quarry/store';
import { sharedPath } from '@quarry/testkit';
import { closeThreadPool, configureThreadPool } from '@quarry/threads';
import type { WorkerDeps } from '../src/deps.js';
import { storeSink } from '../src/activities/store-sink.js';

const SAMPLES = sharedPath('samples');
const EVENT_LOGS = ['DFIRArtifactMuseum/Win2012R2_StolenSzechuan/Security.evtx', 'DeepBlueCLI/smb-password-guessing-security.evtx'].map((p) =>
  join(SAMPLES, 'evtx', p),
);

function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.toLowerCase().endsWith(ext))
    .map((p) => join(dir, p));
}

const present = EVENT_LOGS.every((p) => statSync(p, { throwIfNoEntry: false })?.isFile());
const dir = mkdtempSync(join(tmpdir(), 'quarry-member-stores-'));
afterAll(async () => {
  await closeThreadPool();
  rmSync(dir, { recursive: true, force: true });
});

test.skipIf(!present)(
  'links, prefetch and then large event logs in one collection: every member type gets its store written (no type waits on another)',
  async () => {
    configureThreadPool({ threads: 2 });
    const links = filesUnder(join(SAMPLES, 'lnk'), '.lnk');
    const prefetch = filesUnder(join(SAMPLES, 'prefetch'), '.pf');
    const entries: Record<string, Uint8Array> = {};
    links.forEach((p, i) => (entries[`C/Users/analyst/AppData/Roaming/Microsoft/Windows/Recent/${i}.lnk`] = readFileSync(p)));
    // Three copies under other names: enough prefetch rows for that store to post batches too.
    for (let copy = 0; copy < 3; copy++) prefetch.forEach((p, i) => (entries[`C/Windows/Prefetch/COPY${copy}-${i}.pf`] = readFileSync(p)));
    EVENT_LOGS.forEach((p, i) => (entries[`C/Windows/System32/winevt/Logs/${i}.evtx`] = readFileSync(p)));
    const zip = Buffer.from(zipSync(entries, { level: 1 }));

    const recordStores = new RecordStores(new LocalFiles(join(dir, 'stores')));
    // What storeSink reads of the worker's deps; the EVTX message templates are left out (the sink then renders without them).
    const deps = {
      recordStores,
      lookups: { dataset: () => Promise.reject(new Error('no lookup data in this test')) },
      log: { warn: () => undefined },
    } as unknown as WorkerDeps;
    const job = { id: 'member-stores', key: null };
    const notes: RecordNotes = { sigmaMatches: [] };
    const insights = await runPipeline({
      category: 'triage',
      inputs: [
        {
          ref: { position: 0, fileId: '00000000-0000-4000-8000-000000000001', name: 'collection.zip', size: zip.length, sha256: '' },
          open: () => Readable.from([zip]),
        },
      ],
      options: { runSigmaRules: false },
      threads: 2,
      sink: await storeSink(deps, job, 'triage', notes),
      notes,
      sinkFor: (type, typeNotes) => storeSink(deps, job, type, typeNotes, true),
    });

    // Each member type's store and the job's own are published and answer a search.
    for (const type of ['lnk', 'prefetch', 'winevtx', 'triage'] as const) {
      const reader = await recordStores.open(job.id, type, null);
      expect(reader, type).not.toBeNull();
      try {
        expect(reader!.search({ search: '', page: 1, show: 1 }).total, type).toBeGreaterThan(0);
      } finally {
        reader!.close();
      }
    }
    expect(insights.length).toBeGreaterThan(0);
  },
  180_000,
);
