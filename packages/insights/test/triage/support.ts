import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { ArtifactType } from '@quarry/vocabulary';
import { fanOut, runPipeline, type Insight, type SigmaRules } from '../../src/index.js';
import type { InputReport } from '../../src/pipeline/analyzer.js';
import type { ReaderEvent } from '../../src/pipeline/readers/reader.js';
import { timelineFacts } from '../../src/triage/facts/index.js';
import type { MemberOutcome, NestedResults } from '../../src/triage/model.js';
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

/**
 * A triage job's analysis over finished member results, through fanOut and the triage plug-in's
 * analyzers (the reader's contract: each member type's nested results and its Host Timeline facts
 * as the job's records, then the collection input's report with every member, unknown ones included).
 */
export async function hostJob(results: NestedResults[], unknown: string[] = []): Promise<Insight[]> {
  const collection = { position: 0, fileId: '00000000-0000-4000-8000-000000000000', name: 'collection.zip', size: 0, sha256: '' };
  const members: MemberOutcome[] = [
    ...results.flatMap((r) => r.members),
    ...unknown.map((rel) => ({
      member: { input: collection, path: rel, name: `collection.zip/${rel}`, size: statSync(samplePath(rel)).size, type: null, user: null },
      records: 0,
      problem: 'not an artifact any evidence type reads',
      warnings: 0,
    })),
  ];
  const report: InputReport = { input: collection, records: 0, warnings: [], error: null, facts: {}, members };
  async function* events(): AsyncIterable<ReaderEvent<'triage'>> {
    for (const r of results) {
      yield { type: 'nested', results: r };
      for (const record of timelineFacts(r)) yield { type: 'record', record, input: collection };
    }
    yield { type: 'done', report };
  }
  const { insights } = await fanOut({ category: 'triage', inputs: [collection], options: { runSigmaRules: true }, events: events() });
  return insights;
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
