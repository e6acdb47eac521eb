/**
 * `npm run fuzz:api` (`-- --iterations 5000 --seed 7`): random requests against every endpoint of
 * CONTRACT on an ephemeral stack (loopback): random JSON built from hostile strings and odd values,
 * byte-level mutations of the hostile corpus, random credentials and path parameters. Any answer
 * that is not "handled" (test/support/answers.ts: a 5xx, leaked internals, an error body in the
 * wrong format) is written to a file with its request, to become a fixture of the hostile-input
 * test. Exit 1 when there is any.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mulberry32 } from '@quarry/testkit';
import { CONTRACT, type EndpointName } from '../src/contract.js';
import { answerOf, pathOf, problemWith } from '../test/support/answers.js';
import { HOSTILE_JOB_IDS, NASTY_STRINGS, hostileBodies } from '../test/support/hostile.js';
import { startOwnStack } from '../test/support/own-stack.js';
import { createUser } from '../test/support/users.js';

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '2000' }, seed: { type: 'string', default: String(Date.now() % 100000) } } });
const random = mulberry32(Number(values.seed));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const FIELDS = [
  'file_ids',
  'ids',
  'run_sigma_rules',
  'job_id',
  'search',
  'browse_events',
  'filter',
  'page',
  'show',
  'start_time',
  'end_time',
  'operation',
  'rule',
  'test_data',
  'rule_names',
  'module',
  'field',
  'operator',
  'value',
];

/** A random JSON value, at most `depth` levels deep. */
function value(depth: number): unknown {
  const r = random();
  if (depth <= 0 || r < 0.35)
    return pick<unknown>([
      pick(NASTY_STRINGS),
      Math.floor(random() * 2 ** 31) * (random() < 0.5 ? -1 : 1),
      random() * 1e308,
      true,
      false,
      null,
      'run_rule',
      'run_community_rules',
      'equals',
      crypto.randomUUID(),
    ]);
  if (r < 0.65) return Array.from({ length: Math.floor(random() * 5) }, () => value(depth - 1));
  return Object.fromEntries(Array.from({ length: Math.floor(random() * 6) }, () => [pick(FIELDS), value(depth - 1)]));
}

/** Flips, inserts or deletes a few bytes of a corpus body. */
function mutate(body: string | Uint8Array): Uint8Array {
  const bytes = Array.from(typeof body === 'string' ? new TextEncoder().encode(body) : body);
  for (let i = 0, n = 1 + Math.floor(random() * 4); i < n && bytes.length; i++) {
    const at = Math.floor(random() * bytes.length);
    const op = random();
    if (op < 0.4) bytes[at] = Math.floor(random() * 256);
    else if (op < 0.7) bytes.splice(at, 1);
    else bytes.splice(at, 0, pick([0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x00, 0xff]));
  }
  return new Uint8Array(bytes);
}

const stack = await startOwnStack();
try {
  const user = await createUser(stack.db);
  const corpus = hostileBodies();
  const endpoints = Object.keys(CONTRACT) as EndpointName[];
  const found: { endpoint: EndpointName; request: string; problem: string }[] = [];
  const iterations = Number(values.iterations);
  const started = Date.now();
  for (let i = 0; i < iterations; i++) {
    const endpoint = pick(endpoints);
    const headers: Record<string, string> = { 'Content-Type': pick(['application/json', 'text/plain', 'multipart/form-data; boundary=x', '']) };
    if (random() < 0.5) headers['X-Service-Api-Token'] = random() < 0.7 ? user.token : pick(NASTY_STRINGS).replace(/[^\x20-\x7e]/g, '?');
    if (random() < 0.5) headers['X-Service-Api-Enc-Key'] = random() < 0.7 ? Buffer.alloc(32, i).toString('base64') : 'AAAA';
    const body = random() < 0.5 ? JSON.stringify(value(4)) : mutate(pick(corpus).body);
    const path = pathOf(endpoint, pick([...HOSTILE_JOB_IDS, crypto.randomUUID()]));
    const isGet = CONTRACT[endpoint].method === 'GET';
    try {
      const res = await fetch(stack.url + path, { method: CONTRACT[endpoint].method, headers, ...(isGet ? {} : { body: body as BodyInit }) });
      const problem = problemWith(endpoint, await answerOf(res));
      if (problem) found.push({ endpoint, request: typeof body === 'string' ? body : Buffer.from(body).toString('base64'), problem });
    } catch (err) {
      found.push({ endpoint, request: String(body).slice(0, 500), problem: `no answer: ${String(err)}` });
    }
  }
  const secs = (Date.now() - started) / 1000;
  console.log(`fuzz: seed ${values.seed}, ${iterations} requests over ${endpoints.length} endpoints in ${secs.toFixed(0)} s, ${found.length} not handled`);
  if (found.length) {
    const file = join(tmpdir(), `quarry-fuzz-${values.seed}.json`);
    writeFileSync(file, JSON.stringify(found, null, 2));
    console.log(`written to ${file}`);
  }
  process.exitCode = found.length ? 1 : 0;
} finally {
  await stack.stop();
}
