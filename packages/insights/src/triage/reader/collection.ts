import { ARTIFACT_TYPES, HEAD_BYTES, evidenceTypes, fileKindLabel, type ArtifactType } from '@quarry/vocabulary';
import type { InputReport } from '../../pipeline/analyzer.js';
import type { InputRef, PipelineInput } from '../../pipeline/input.js';
import { peek } from '../../pipeline/peek.js';
import type { ReaderEnv } from '../../pipeline/readers/reader.js';
import type { MemberOutcome, NestedResults, TriageMember } from '../model.js';
import { MemberBytes } from './member-bytes.js';
import { memberPath, profileOf } from './member-path.js';
import { recognise } from './recognise.js';
import { TypeRun } from './type-run.js';
import { zipEntries } from './zip-entries.js';

/**
 * The size a streamed reader is told for a member whose zip entry does not say (data descriptor):
 * the largest a job's input can be. The EVTX reader reads up to it and stops at the stream's end.
 */
const UNKNOWN_SIZE = evidenceTypes.triage.limits.maxTotalBytes;

interface Seen {
  member: TriageMember;
  ref: InputRef;
  /** Handed to its type's run (else listed with `problem`). */
  sent: boolean;
  problem: string | null;
}

/**
 * A triage job's collections, walked once each: every member is recognised from its first bytes
 * (or its path) and streamed to its type's run, which reads it while the walk waits; the types
 * run side by side, so one pass over a zip feeds them all.
 */
export class Collection {
  private readonly runs = new Map<ArtifactType, TypeRun<ArtifactType>>();
  private readonly seen: Seen[] = [];
  private position = 0;

  constructor(private readonly env: ReaderEnv) {}

  /** Walks one uploaded file (a zip, or a loose artifact) and reports on it once its members are read. */
  async walk(input: PipelineInput): Promise<InputReport> {
    const { head, stream } = await peek(input.open());
    const first = this.seen.length;
    let error: string | null = null;
    const facts: Record<string, string> = {};
    if (recognise(head, input.ref.name).kind === 'zip') {
      facts.detected_type = 'Zip archive';
      for await (const entry of zipEntries(stream)) {
        const path = memberPath(entry.name);
        await this.member(
          input.ref,
          path,
          entry.size,
          () => entry.next(),
          () => entry.problem,
        );
      }
      if (this.seen.length === first) error = 'cannot read the zip archive: no member found';
    } else {
      const it = stream[Symbol.asyncIterator]();
      const pull = async () => {
        const r = await it.next();
        return r.done ? null : r.value;
      };
      const seen = await this.member(input.ref, '', input.ref.size, pull, () => null);
      facts.detected_type = fileKindLabel(recognise(head, input.ref.name).kind);
      if (seen.member.type === null) error = `not a triage collection (zip) or an artifact file (detected: ${facts.detected_type})`;
    }
    const mine = this.seen.slice(first);
    facts.members = String(mine.length);
    facts.unknown_members = String(mine.filter((s) => s.member.type === null).length);
    // Filled in once every type has run (`finish`): the report object is shared.
    return { input: input.ref, records: 0, warnings: [], error, facts, members: [] };
  }

  /** Every type's run is handed its last member; waits for them. Throws what must fail the job. */
  async finish(reports: readonly InputReport[]): Promise<void> {
    for (const run of this.runs.values()) run.end();
    await Promise.all([...this.runs.values()].map((r) => r.finished));
    const fatal = [...this.runs.values()].find((r) => r.fatal !== null);
    if (fatal) throw fatal.fatal;
    for (const report of reports) {
      const members = this.seen.filter((s) => s.member.input === report.input).map((s) => this.outcome(s));
      Object.assign(report, { members, records: members.reduce((n, m) => n + m.records, 0) });
    }
  }

  /** Stops the runs after a failed walk (their readers see their inputs end). */
  async abandon(): Promise<void> {
    for (const run of this.runs.values()) run.end();
    await Promise.all([...this.runs.values()].map((r) => r.finished));
  }

  /** Per member type present, its results, in catalogue order. */
  nestedResults(): NestedResults[] {
    return ARTIFACT_TYPES.flatMap((type) => {
      const members = this.seen.filter((s) => s.member.type === type);
      if (members.length === 0) return [];
      return [{ type, insights: this.runs.get(type)?.insights ?? [], members: members.map((s) => this.outcome(s)) }];
    });
  }

  /** The uploaded file a member (named `<input>/<path>`) came from. */
  inputOf(memberName: string): InputRef | undefined {
    return this.seen.find((s) => s.member.name === memberName)?.member.input;
  }

  private async member(
    input: InputRef,
    path: string,
    size: number | null,
    pull: () => Promise<Uint8Array | null>,
    zipProblem: () => string | null,
  ): Promise<Seen> {
    this.env.nested?.signal?.throwIfAborted();
    const name = path === '' ? input.name : `${input.name}/${path}`;
    const ref: InputRef = {
      position: this.position++,
      fileId: input.fileId,
      name,
      size: size ?? UNKNOWN_SIZE,
      ...(size === null ? { sizeIsBound: true as const } : {}),
      sha256: '',
    };
    const bytes = new MemberBytes(pull, ref, () => this.env.nested?.onProgress?.());
    const head = await bytes.readHead(HEAD_BYTES);
    const { kind, type, byContent } = recognise(head, path === '' ? input.name : path);
    const seen: Seen = { member: { input, path, name, size, type, user: profileOf(path) }, ref, sent: false, problem: null };
    this.seen.push(seen);
    if (head.length === 0) seen.problem = 'empty file';
    else if (type !== null && !byContent) seen.problem = `named like one, but not ${evidenceTypes[type].expected} (detected: ${fileKindLabel(kind)})`;
    else if (type !== null) {
      const run = this.runOf(type);
      run.add(bytes.input());
      seen.sent = true;
      await Promise.race([bytes.done, run.finished]);
    }
    await bytes.drain();
    // A data-descriptor entry says its size only after its bytes: the size read stands in.
    seen.member.size = size ?? bytes.size;
    seen.problem ??= zipProblem();
    return seen;
  }

  private runOf(type: ArtifactType): TypeRun<ArtifactType> {
    let run = this.runs.get(type);
    if (!run) {
      run = new TypeRun(type, this.env);
      this.runs.set(type, run);
    }
    return run;
  }

  private outcome(s: Seen): MemberOutcome {
    const run = s.member.type ? this.runs.get(s.member.type) : undefined;
    const report = s.sent ? run?.reports.get(s.ref.position) : undefined;
    const problem = s.problem ?? report?.error ?? (s.sent && !report ? (run?.failure ?? 'not read') : null);
    return { member: s.member, records: report?.records ?? 0, problem, warnings: report?.warnings.length ?? 0 };
  }
}
