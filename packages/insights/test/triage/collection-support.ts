import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';
import type { ArtifactType } from '@quarry/vocabulary';
import { runPipeline, type Insight, type InputReport, type PipelineInput, type SigmaRules } from '../../src/index.js';
import type { NestedResults } from '../../src/triage/model.js';
import { samplePath } from '../support/inputs.js';

/** A collection member: its path inside the zip as written, and its bytes. */
export interface Entry {
  path: string;
  bytes: Uint8Array;
}

export const sample = (rel: string): Uint8Array => new Uint8Array(readFileSync(samplePath(rel)));

export const FILE_ID = '00000000-0000-4000-8000-00000000c0de';

/** A zip written in one go (fflate's zipSync: sizes in the local headers, as KAPE's tools write). */
export function zipWhole(entries: readonly Entry[]): Uint8Array {
  return zipSync(Object.fromEntries(entries.map((e) => [e.path, [e.bytes, { level: 6 }]])));
}

/**
 * A zip written as a stream (fflate's Zip): deflated entries carry a data descriptor (bit 3) with
 * no sizes in their local headers, as Velociraptor's Go writer does; `stored` entries are not deflated.
 */
export function zipStreamed(entries: readonly Entry[], stored: (path: string) => boolean = () => false): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  for (const e of entries) {
    const file = stored(e.path) ? new ZipPassThrough(e.path) : new ZipDeflate(e.path, { level: 6 });
    zip.add(file);
    file.push(e.bytes, true);
  }
  zip.end();
  return Buffer.concat(parts);
}

/** An uploaded file of bytes, streamed in 64 KiB pieces. */
export function upload(name: string, bytes: Uint8Array, position = 0, fileId = FILE_ID): PipelineInput {
  return {
    ref: { position, fileId, name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    open: async function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
    },
  };
}

export interface TriageRun {
  insights: Insight[];
  reports: InputReport[];
  nested: NestedResults[];
}

/** A triage job over the uploads, with a stand-in analyzer that keeps what the reader hands on. */
export async function runTriage(inputs: PipelineInput[], threads = 1, sigmaRules?: SigmaRules): Promise<TriageRun> {
  const reports: InputReport[] = [];
  const nested: NestedResults[] = [];
  const insights = await runPipeline({
    category: 'triage',
    inputs,
    options: { runSigmaRules: sigmaRules !== undefined },
    sigmaRules,
    threads,
    analyzers: [
      () => ({
        push() {},
        inputDone: (r) => reports.push(r),
        nestedDone: (n) => nested.push(n),
        finish: () => [],
      }),
    ],
  });
  return { insights, reports, nested };
}

/**
 * The same members run as a plain job of one type: each input as the triage job named and placed
 * it (name `<zip>/<member path>`, running position, the collection's file id), hashed here.
 */
export async function runPlain(
  type: ArtifactType,
  members: readonly { name: string; position: number; bytes: Uint8Array }[],
  sigmaRules?: SigmaRules,
): Promise<Insight[]> {
  return runPipeline({
    category: type,
    inputs: members.map((m) => upload(m.name, m.bytes, m.position)),
    options: { runSigmaRules: sigmaRules !== undefined },
    sigmaRules,
    threads: 1,
  });
}
