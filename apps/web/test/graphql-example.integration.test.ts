import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hasShared, sharedPath, sharedSkipReason } from '@quarry/testkit';
import { startService, type RunningService } from './support/service.js';

// The integration example of examples/graphql-client, run as an integration developer would run
// it: its own process, over HTTP only, against the real service.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLE = 'examples/graphql-client/src/main.ts';
const SAMPLE = 'EVTX-ATTACK-SAMPLES/PanacheSysmon_vs_AtomicRedTeam01.evtx';
const SIGMA = sharedPath('rules', 'sigma', 'rules');
const PEERS = fileURLToPath(new URL('../../../packages/sigma/test/golden/sigma-peers.json', import.meta.url));
const present = hasShared('samples', 'evtx', SAMPLE) && hasShared('rules', 'sigma', 'rules');
if (!present) console.warn(sharedSkipReason('samples', 'evtx', SAMPLE));

interface Output {
  jobId: string;
  jobUuid: string;
  status: string;
  statuses: string[];
  sigma: { rule: string; level: string; matches: number; recordIds: number[] }[];
  processGraphNodes: number | null;
  errors: string[];
}

let service: RunningService;
beforeAll(async () => {
  if (present) service = await startService({ QUARRY_SIGMA_RULES: SIGMA });
}, 300_000);
afterAll(async () => {
  await service?.stop();
});

test.skipIf(!present)('the typed GraphQL example uploads a sample, follows its Sigma job over SSE and prints the findings', async () => {
  const token = service.newToken();
  const key = randomBytes(32).toString('base64');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', EXAMPLE, service.base, sharedPath('samples', 'evtx', SAMPLE), '--json'], {
    cwd: ROOT,
    env: { ...process.env, QUARRY_TOKEN: token, QUARRY_KEY: key },
    timeout: 240_000,
  });
  const out = JSON.parse(stdout.trim().split('\n').pop()!) as Output;
  expect(out.errors).toEqual([]);
  expect(out.status).toBe('COMPLETED');
  // The subscription saw the job end (and never went backwards).
  expect(out.statuses.at(-1)).toBe('COMPLETED');
  const order = ['PENDING', 'PROCESSING', 'COMPLETED'];
  expect(out.statuses.map((s) => order.indexOf(s))).toEqual([...out.statuses.map((s) => order.indexOf(s))].sort((a, b) => a - b));

  // Every rule Hayabusa and Chainsaw agree on for this sample is among the matches, on their records.
  const peers = JSON.parse(readFileSync(PEERS, 'utf8')) as { agree: Record<string, { title: string; records: Record<string, number[]> }> };
  const expected = Object.values(peers.agree).filter((r) => r.records[SAMPLE]);
  expect(expected.length).toBeGreaterThan(10);
  for (const rule of expected) {
    const match = out.sigma.find((m) => m.rule === rule.title);
    expect(match, rule.title).toBeDefined();
    const records = rule.records[SAMPLE]!;
    expect(match!.matches).toBeGreaterThanOrEqual(records.length);
    // The table lists the first 20 record ids.
    if (match!.matches <= 20) expect(match!.recordIds).toEqual(expect.arrayContaining(records));
  }

  // The graph's node count is the one REST reports for the same job (`_stats_optimized_nodes`).
  const rest = await fetch(`${service.base}/analysis/job/${out.jobUuid}`, { headers: { 'x-service-api-token': token, 'x-service-api-enc-key': key } });
  expect(rest.status).toBe(200);
  // REST insights are keyed by their type ({Graph: {title, data, graph_metadata, category}}).
  const body = (await rest.json()) as { insights: { Graph?: { title: string; data: string; graph_metadata: Record<string, string[]> } }[] };
  const graph = body.insights.map((i) => i.Graph).find((g) => g?.title === 'Process Inference Graph');
  expect(graph?.data).toContain('digraph');
  expect(out.processGraphNodes).toBeGreaterThan(0);
  expect(out.processGraphNodes).toBe(Number(graph!.graph_metadata._stats_optimized_nodes![0]));
});
