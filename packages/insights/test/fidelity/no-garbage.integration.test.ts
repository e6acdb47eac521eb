import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { ArtifactType } from '@quarry/vocabulary';
import { describe, expect, test } from 'vitest';
import { sharedPath } from '@quarry/testkit';
import { acceptsKind, detectFileKind } from '../../src/file-kind.js';
import { runPipeline, type Insight, type SigmaRules } from '../../src/index.js';
import { DUMP_GATE, EVTX_DUMP } from '../evtx/evtx-dump.js';
import { HAVE_SAMPLES, NO_SAMPLES, SAMPLES, inputsOf, samplePath } from '../support/inputs.js';
import { sigmaRulesFrom } from '../support/sigma-rules.js';
import { badCharacters, boundsUntil, implausibleCells, type ImplausibleCell } from '../support/implausible-cells.js';

/**
 * Issue 36 item 3, the sweep: every sample of ../shared/samples, grouped into jobs as the product
 * takes them, through every analyzer of its category (Sigma on); no cell of the final insights may
 * hold a time before 1980 or after the collection time + 1 day, or a string with broken characters.
 */
const CATEGORY_DIR: Record<ArtifactType, string> = { winevtx: 'evtx', registry: 'registry', prefetch: 'prefetch', lnk: 'lnk' };

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

function head(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(512);
    return buf.subarray(0, readSync(fd, buf, 0, 512, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Jobs of one category, relative to samples/. EVTX and registry: one per folder (a hive comes with
 * its logs, a source's files belong together), of the files the category accepts, as a file of
 * another kind fails its whole job (tested elsewhere). Prefetch: one job of all 53 files (the limit
 * is 100), as the reader reports a file that is no .pf and goes on.
 */
function jobs(category: ArtifactType): string[][] {
  if (!HAVE_SAMPLES) return [];
  // Shortcuts: one job of every link and Jump List (745 files; the limit is 1000), as prefetch.
  if (category === 'lnk')
    return [[...files(join(SAMPLES, 'lnk')), ...files(join(SAMPLES, 'jumplists'))].filter((p) => !p.endsWith('README.txt')).map((p) => relative(SAMPLES, p))];
  const byDir = new Map<string, string[]>();
  for (const path of files(join(SAMPLES, CATEGORY_DIR[category]))) {
    if (category !== 'prefetch' && !acceptsKind(category, detectFileKind(head(path)))) continue;
    const rel = relative(SAMPLES, path);
    const job = category === 'prefetch' ? CATEGORY_DIR.prefetch : dirname(rel);
    byDir.set(job, [...(byDir.get(job) ?? []), rel]);
  }
  return [...byDir.values()];
}

// SigmaHQ's Windows Security rules, so the Sigma tables are swept too (compiled once, when first needed).
let securityRules: SigmaRules | undefined;
const SECURITY_RULES = (): SigmaRules => (securityRules ??= sigmaRulesFrom(sharedPath('rules', 'sigma', 'rules', 'windows', 'builtin', 'security')));

function sweep(category: ArtifactType, rels: string[]): Promise<Insight[]> {
  return runPipeline({
    category,
    inputs: inputsOf(rels),
    options: { runSigmaRules: category === 'winevtx' },
    threads: 1,
    sigmaRules: category === 'winevtx' ? SECURITY_RULES() : undefined,
  });
}

/** Every string of the files' events as evtx_dump (the reference) renders them, one per line. */
function referenceStrings(rels: string[]): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  for (const rel of rels) {
    const text = execFileSync(EVTX_DUMP!, ['-o', 'jsonl', samplePath(rel)], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
    for (const line of text.split('\n')) if (line.startsWith('{')) walk(JSON.parse(line));
  }
  return out.join('\n');
}

/**
 * EVTX event data is the log's own text: a character a program wrote into it (a mis-encoded
 * command line holds U+009D) is evidence, not a decoding error, when the reference decoder shows
 * it too. Such a cell passes if evtx_dump renders the same characters around the bad one.
 */
function notInEvidence(cells: ImplausibleCell[], rels: string[]): ImplausibleCell[] {
  const suspicious = cells.filter((c) => badCharacters(c.value) !== null);
  if (suspicious.length === 0) return cells;
  expect(EVTX_DUMP, DUMP_GATE.reason).toBeDefined();
  const reference = referenceStrings(rels);
  return cells.filter((c) => {
    const at = /at (\d+)$/.exec(badCharacters(c.value) ?? '')?.[1];
    if (at === undefined) return true;
    const i = Number(at);
    return !reference.includes(c.value.slice(Math.max(0, i - 12), i + 12));
  });
}

/**
 * What the guard keeps out of real evidence, per job: anything more is a real value lost (the guard
 * too strict), anything less is garbage shown. regipy SYSTEM_B: one interface's LeaseObtainedTime
 * DWORD is 830452 s (1970-01-10). artemis malformed.pf: its eight run FILETIMEs decode to years
 * 16900–22608.
 */
const REJECTED: Record<string, number> = { 'registry/regipy': 1, 'prefetch/': 8 };

const rejected = (insights: Insight[]): number =>
  insights.reduce((n, i) => n + ('Metadata' in i && i.Metadata.title.startsWith('File metadata: ') ? Number(i.Metadata.data['implausible_items']) : 0), 0);

const show = (cells: ImplausibleCell[]): string =>
  cells.map((c) => `${c.insight} [${c.where}] ${c.column}: ${JSON.stringify(c.value).slice(0, 160)} (${c.reason})`).join('\n');

describe.skipIf(!HAVE_SAMPLES)(`No garbage shown as a finding, over every sample ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  // "Now" bounds the collection time from above; the evidence itself is older.
  const bounds = boundsUntil(Date.now());

  for (const category of ['registry', 'prefetch', 'winevtx', 'lnk'] as const) {
    for (const rels of jobs(category)) {
      const name = category === 'prefetch' || category === 'lnk' ? `${category}/` : dirname(rels[0]!);
      test(`${category} job ${name} (${rels.length} files)`, async () => {
        const insights = await sweep(category, rels);
        expect(rejected(insights)).toBe(REJECTED[name] ?? 0);
        expect(insights.some((i) => 'Error' in i)).toBe(false);
        const cells = implausibleCells(insights, bounds);
        expect(show(category === 'winevtx' ? notInEvidence(cells, rels) : cells)).toBe('');
      }, 600_000);
    }
  }
});
