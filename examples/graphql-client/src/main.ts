#!/usr/bin/env node
/**
 * Uploads an EVTX file to Quarry, parses it with the community Sigma rules, follows the job live
 * over a subscription and prints the Sigma matches and the size of the process graph.
 *
 *   QUARRY_TOKEN=… QUARRY_KEY=… npm run -s start -w @quarry/example-graphql-client -- http://127.0.0.1:3000 Security.evtx [--json]
 *
 * Without QUARRY_TOKEN the upload is anonymous and public; with it, QUARRY_KEY (32 bytes, base64)
 * is required and the file and results stay encrypted under that key.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { QuarryClient } from './client.js';
import { JobFindings, ParseEvtx, UploadFile, WatchJob } from './documents.js';
import { findingsOf } from './findings.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
const [base, path] = args.filter((a) => a !== '--json');
if (!base || !path) {
  console.error('usage: main.ts <quarry base url> <file.evtx> [--json]');
  process.exit(2);
}

const say = (line: string) => {
  if (!json) console.log(line);
};
const client = new QuarryClient(base, { token: process.env.QUARRY_TOKEN, key: process.env.QUARRY_KEY });

const { uploadFile } = await client.upload(UploadFile, {}, new Blob([await readFile(path)]), basename(path));
say(`uploaded ${uploadFile.file.name} (${uploadFile.file.visibility.toLowerCase()}) as ${uploadFile.file.id}`);

const { parseEvtx } = await client.request(ParseEvtx, { input: { fileIds: [uploadFile.file.id], runSigmaRules: true } });
const job = parseEvtx.job;
say(`job ${job.name} (${job.uuid}) ${job.status}`);

const statuses: string[] = [];
for await (const { job: update } of client.subscribe(WatchJob, { id: job.id })) {
  if (statuses.at(-1) !== update.status) statuses.push(update.status);
  const progress = update.progress ? ` ${(update.progress.fraction * 100).toFixed(0)}% of ${update.progress.total} bytes` : '';
  say(`  ${update.status}${progress}`);
}

const { job: finished } = await client.request(JobFindings, { id: job.id });
const findings = findingsOf(finished.insights ?? []);
if (json) {
  console.log(JSON.stringify({ jobId: job.id, jobUuid: job.uuid, status: finished.status, statuses, ...findings }));
} else {
  say(`${finished.status}: ${findings.sigma.length} Sigma rules matched`);
  for (const m of findings.sigma) say(`  [${m.level}] ${m.rule}: ${m.matches} events (records ${m.recordIds.join(', ')})`);
  say(`Process Inference Graph: ${findings.processGraphNodes ?? 'none'} nodes`);
  for (const e of findings.errors) say(`error: ${e}`);
}
process.exit(finished.status === 'COMPLETED' ? 0 : 1);
