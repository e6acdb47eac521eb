import type { ArtifactType } from '@quarry/vocabulary';
import { pluginOf } from '../../plugins.js';
import type { Insight } from '../../types.js';
import type { InputReport, RecordNotes } from '../../pipeline/analyzer.js';
import { UnusableInputError } from '../../pipeline/errors.js';
import { fanOut } from '../../pipeline/fan-out.js';
import type { InputRef, PipelineInput } from '../../pipeline/input.js';
import type { ReaderEnv } from '../../pipeline/readers/reader.js';
import type { RecordSink } from '../../pipeline/record-sink.js';
import { InputQueue } from './input-queue.js';

/**
 * One member type of a collection run through its own plug-in, as its own job would be: its
 * reader over the members as they stream out of the collection, its analyzers, its own record
 * store. It runs from its first member on, beside the collection walk and the other types.
 */
export class TypeRun<T extends ArtifactType> {
  private readonly inputs = new InputQueue<PipelineInput>();
  /** The members handed to it, in order (the analyzers' job inputs; filled as the walk goes). */
  private readonly refs: InputRef[] = [];
  /** Each member's report, by position. */
  readonly reports = new Map<number, InputReport>();
  insights: Insight[] = [];
  /** Why the type produced nothing (its reader refused the members); null when it ran. */
  failure: string | null = null;
  /** An error that must fail the whole job (store down, cancelled, a bug). */
  fatal: unknown = null;
  /** Settles, never rejects, once the run is over. */
  readonly finished: Promise<void>;

  constructor(
    readonly type: T,
    env: ReaderEnv,
  ) {
    this.finished = this.run(env);
  }

  add(input: PipelineInput): void {
    this.refs.push(input.ref);
    this.inputs.put(input);
  }

  /** The collection holds no more members of the type. */
  end(): void {
    this.inputs.close();
  }

  private async run(env: ReaderEnv): Promise<void> {
    const nested = env.nested;
    const plugin = pluginOf(this.type);
    const sigmaRules = plugin.runsSigmaRules && nested?.options.runSigmaRules ? env.sigmaRules : undefined;
    const notes: RecordNotes = { sigmaMatches: [] };
    let sink: RecordSink<T> | undefined;
    try {
      sink = await nested?.sinkFor?.(this.type, notes);
      const { insights } = await fanOut({
        category: this.type,
        inputs: this.refs,
        options: { ...(nested?.options ?? { runSigmaRules: false }), runSigmaRules: sigmaRules !== undefined },
        // Straight from the reader: a wrapping generator would cost a promise and a resume per record.
        events: plugin.read(this.inputs, { threads: env.threads, sigmaRules }),
        onReport: (report) => this.reports.set(report.input.position, report),
        sink,
        notes,
        sigmaRules,
        onProgress: nested?.onProgress,
        signal: nested?.signal,
      });
      await sink?.close();
      this.insights = insights;
    } catch (err) {
      await sink?.abort().catch(() => undefined);
      if (err instanceof UnusableInputError && !nested?.signal?.aborted) this.failure = err.message;
      else this.fatal = err;
    } finally {
      // A reader that stopped early leaves members queued: nobody will take them.
      this.inputs.close();
    }
  }
}
