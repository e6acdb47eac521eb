import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { ArtifactType } from '@quarry/vocabulary';
import { fanOut, runPipeline, type InputRef, type Insight, type SigmaRules } from '../../src/index.js';
import type { AnalyzerFactory, InputReport } from '../../src/pipeline/analyzer.js';
import type { ReaderEvent } from '../../src/pipeline/readers/reader.js';
import { timelineFacts } from '../../src/triage/facts/index.js';
import type { MemberOutcome, NestedResults, TriageRecord } from '../../src/triage/model.js';
import { HAVE_SAMPLES, NO_SAMPLES, inputsOf, samplePath } from '../support/inputs.js';

/** One member type's files (relative to ../shared/samples) as a collection would hold them. */
export interface MemberJob {
  type: ArtifactType;
  files: string[];
  sigmaRules?: SigmaRules;
}

/** What a member type's job said about one file (its File metadata), as the collection reader reports a member. */
function outcomes(type: ArtifactType, files: string[], insights: Insight[]): MemberOutcome[] {
  return files.map((rel) => {
    const name = basename(rel);
    const meta = insights.find((i) => 'Metadata' in i && i.Metadata.title === `File metadata: ${name}`);
    const data = meta && 'Metadata' in meta ? meta.Metadata.data : {};
    const warnings = data.warnings ? data.warnings.split('; ').length : 0;
    return {
      member: {
        input: { position: 0, fileId: '', name: 'collection.zip', size: 0, sha256: '' },
        path: rel,
        name: `collection.zip/${rel}`,
        size: statSync(samplePath(rel)).size,
        type,
        user: null,
      },
      records: Number(data.records ?? 0),
      problem: data.error ?? null,
      warnings,
    };
  });
}

/** Runs each member type's real pipeline over its sample files: the results the collection reader hands the host result types. */
export async function memberResults(jobs: MemberJob[]): Promise<NestedResults[]> {
  const out: NestedResults[] = [];
  for (const job of jobs) {
    const insights = await runPipeline({
      category: job.type,
      inputs: inputsOf(job.files),
      options: { runSigmaRules: job.sigmaRules !== undefined },
      threads: 1,
      sigmaRules: job.sigmaRules,
    });
    out.push({ type: job.type, insights, members: outcomes(job.type, job.files, insights) });
  }
  return out;
}

const COLLECTION: InputRef = { position: 0, fileId: '00000000-0000-4000-8000-000000000000', name: 'collection.zip', size: 0, sha256: '' };

/** What a host run fed and what its analyzers answered. */
export interface HostRun {
  insights: Insight[];
  /** Every Host Timeline fact the member results gave, in the order they were fed. */
  facts: TriageRecord[];
}

/**
 * A triage job's analysis over finished member results, through fanOut and the triage plug-in's
 * analyzers (or the ones given): fed as the collection reader feeds them, each member type's nested
 * results and then its Host Timeline facts as the job's records, and last the collection input's
 * report with its members.
 */
export async function feedHost(
  results: NestedResults[],
  given: { members?: MemberOutcome[]; analyzers?: readonly AnalyzerFactory<'triage'>[] } = {},
): Promise<HostRun> {
  const facts: TriageRecord[] = [];
  async function* events(): AsyncIterable<ReaderEvent<'triage'>> {
    for (const r of results) {
      yield { type: 'nested', results: r };
      for (const record of timelineFacts(r)) {
        facts.push(record);
        yield { type: 'record', record, input: COLLECTION };
      }
    }
    const report: InputReport = { input: COLLECTION, records: facts.length, warnings: [], error: null, facts: {} };
    yield { type: 'done', report: given.members ? { ...report, members: given.members } : report };
  }
  const { insights } = await fanOut({
    category: 'triage',
    inputs: [COLLECTION],
    options: { runSigmaRules: true },
    events: events(),
    ...(given.analyzers ? { analyzers: given.analyzers } : {}),
  });
  return { insights, facts };
}

/** The triage plug-in's analysis of member results, with the collection's unknown members (paths under ../shared/samples) listed. */
export async function hostJob(results: NestedResults[], unknown: string[] = []): Promise<Insight[]> {
  const members: MemberOutcome[] = [
    ...results.flatMap((r) => r.members),
    ...unknown.map((rel) => ({
      member: { input: COLLECTION, path: rel, name: `collection.zip/${rel}`, size: statSync(samplePath(rel)).size, type: null, user: null },
      records: 0,
      problem: 'not an artifact any evidence type reads',
      warnings: 0,
    })),
  ];
  return (await feedHost(results, { members })).insights;
}

/** A Table's rows by column name. */
export function table(insights: Insight[], title: string): Record<string, string>[] {
  const t = insights.find((i) => 'Table' in i && i.Table.title === title);
  if (!t || !('Table' in t)) throw new Error(`no table ${title}`);
  const [header = [], ...rows] = t.Table.data;
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** Whether a test needing the samples and these reference tools must skip, and why. */
export function skipUnless(gates: readonly { skip: boolean; reason: string }[]): { skip: boolean; reason: string } {
  if (!HAVE_SAMPLES) return { skip: true, reason: NO_SAMPLES };
  const missing = gates.filter((g) => g.skip);
  return { skip: missing.length > 0, reason: missing.map((g) => g.reason).join('; ') };
}
