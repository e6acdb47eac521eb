/**
 * `npm run bench:load` (build first; needs ../shared/samples): N concurrent clients, half anonymous
 * (public files) and half signed in (private, encrypted files), against the REST server and a
 * worker in their own processes over an ephemeral PostgreSQL and Temporal on loopback. Phases of
 * increasing concurrency (`--clients 2,4,8,16`, `--seconds 30` each) show where latency or errors
 * climb. At the end every accepted upload is read back and hashed (decrypted when private) and
 * every accepted job must be Completed with insights: anything else is counted as lost (exit 1).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sharedPath } from '@quarry/testkit';
import { startOwnStack } from '../test/support/own-stack.js';
import { storedSha256 } from '../test/support/stored-files.js';
import { createUser } from '../test/support/users.js';
import { pollJob, runClient, type ClientIdentity, type Evidence, type Ledger } from './load/client.js';
import { Stats } from './load/stats.js';

const { values } = parseArgs({ options: { clients: { type: 'string', default: '2,4,8,16' }, seconds: { type: 'string', default: '30' } } });
const phases = values.clients.split(',').map(Number);
const seconds = Number(values.seconds);
const SAMPLES = sharedPath('samples');
const evidence: Evidence[] = [
  {
    kind: 'winevtx',
    name: 'logon.evtx',
    data: new Uint8Array(readFileSync(join(SAMPLES, 'evtx/EVTX-ATTACK-SAMPLES/CA_4624_4625_LogonType2_LogonProc_chrome.evtx'))),
  },
  {
    kind: 'prefetch',
    name: 'CALC.EXE-3FBEF7FD.pf',
    data: new Uint8Array(readFileSync(join(SAMPLES, 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf'))),
  },
  { kind: 'registry', name: 'SAM', data: new Uint8Array(readFileSync(join(SAMPLES, 'registry/regipy/SAM'))) },
];

const stack = await startOwnStack();
try {
  const api = await stack.startApi();
  await stack.startWorker();
  const ledger: Ledger = { uploads: [], jobs: [] };
  const pollers: Promise<void>[] = [];
  const pollUntil = Date.now() + (phases.length * seconds + 600) * 1000;
  const identities: ClientIdentity[] = [];
  for (let i = 0; i < Math.max(...phases); i++)
    identities.push(i % 2 ? { token: (await createUser(stack.db, 'pro')).token, key: randomBytes(32).toString('base64') } : {});

  for (const n of phases) {
    const stats = new Stats();
    const stopAt = Date.now() + seconds * 1000;
    const started = Date.now();
    await Promise.all(
      identities.slice(0, n).map((creds, i) => runClient({ base: api.url, creds, evidence, stats, ledger, stopAt, pollers, pollUntil, seed: i * 7 })),
    );
    const took = (Date.now() - started) / 1000;
    console.log(`\n== ${n} clients, ${took.toFixed(0)} s: ${(stats.total() / took).toFixed(1)} req/s, non-2xx ${JSON.stringify(stats.errors())}`);
    console.log(stats.table(took));
  }

  // Drain: the pollers go on (on the spec's schedule) until every job has ended or 10 minutes pass.
  const drain = new Stats();
  const drainStart = Date.now();
  await Promise.all(pollers);
  for (const job of ledger.jobs.filter((j) => j.status === 'Pending' || j.status === 'Processing')) await pollJob(drain, api.url, job, Date.now() + 1000);
  console.log(`\njobs drained in ${((Date.now() - drainStart) / 1000).toFixed(0)} s after the last phase`);

  let lostFiles = 0;
  for (const u of ledger.uploads) {
    const got = await storedSha256(stack.db, stack.blobDir, u.id, u.key ? Buffer.from(u.key, 'base64') : null);
    if (got !== u.sha) lostFiles++;
  }
  const byStatus: Record<string, number> = {};
  for (const j of ledger.jobs) byStatus[j.status] = (byStatus[j.status] ?? 0) + 1;
  const lostJobs = ledger.jobs.filter((j) => j.status !== 'Completed' || j.insights === 0).length;
  console.log(
    `uploads accepted ${ledger.uploads.length}, read back intact ${ledger.uploads.length - lostFiles}; jobs accepted ${ledger.jobs.length}: ${JSON.stringify(byStatus)}`,
  );
  console.log(`lost: ${lostFiles} files, ${lostJobs} jobs`);
  process.exitCode = lostFiles + lostJobs === 0 ? 0 : 1;
} finally {
  await stack.stop();
}
