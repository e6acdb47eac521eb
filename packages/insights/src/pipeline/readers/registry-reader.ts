import { Hive, MAX_HIVE_BYTES, RegistryError, isLogNameOf, openZip, type LogInput } from '@quarry/registry';
import { fileKindLabel, type FileKind } from '../../file-kind.js';
import type { InputReport } from '../analyzer.js';
import { UnusableInputError } from '../errors.js';
import type { InputRef, PipelineInput } from '../input.js';
import { peek, readAll } from '../peek.js';
import type { HiveRef } from '../records.js';
import { acceptedKind } from './wrong-kind.js';
import { keepWarnings, type JobReader, type ReaderEvent } from './reader.js';

interface Loaded {
  ref: InputRef;
  kind: FileKind;
  data: Buffer;
}

interface HiveSource {
  input: InputRef;
  name: string;
  member: string | null;
  open: () => Hive;
  logs: string[];
}

/**
 * Registry inputs are read whole first: a hive's transaction logs may come later in the job's
 * file list, and a hive is random-access by nature. Each input is still opened once. Then every
 * hive (plain, or a member of a zip) has its logs replayed and is walked, deleted keys included.
 */
export const readRegistryInputs: JobReader<'registry'> = async function* (inputs) {
  const loaded: Loaded[] = [];
  for await (const input of inputs) loaded.push(await load(input));

  const reports = new Map<string, InputReport>(loaded.map((l) => [l.ref.fileId + ':' + l.ref.position, emptyReport(l)]));
  const reportOf = (ref: InputRef) => reports.get(ref.fileId + ':' + ref.position)!;
  const usedLogs = new Set<Loaded>();
  const sources: HiveSource[] = [];

  for (const l of loaded) {
    if (l.kind === 'registry-hive') {
      const logs = loaded.filter((o) => o.kind === 'registry-log' && isLogNameOf(l.ref.name, o.ref.name));
      logs.forEach((o) => usedLogs.add(o));
      const logInputs: LogInput[] = logs.map((o) => ({ name: o.ref.name, data: o.data }));
      sources.push({ input: l.ref, name: l.ref.name, member: null, open: () => new Hive(l.data, logInputs), logs: logs.map((o) => o.ref.name) });
    } else if (l.kind === 'zip') {
      const report = reportOf(l.ref);
      try {
        const zip = await openZip(l.data);
        for (const s of zip.skipped) report.warnings.push(`${s.name}: ${s.reason}`);
        if (zip.hives.length === 0) report.error = 'the zip archive holds no registry hive';
        for (const h of zip.hives) {
          const hive = h.hive;
          const error = h.error;
          sources.push({
            input: l.ref,
            name: h.name,
            member: h.name,
            open: () => {
              if (!hive) throw error ?? new RegistryError('unreadable hive', 'hive', 0);
              return hive;
            },
            logs: h.logs,
          });
        }
      } catch (err) {
        if (!(err instanceof RegistryError)) throw err;
        report.error = `cannot read the zip archive: ${err.message}`;
      }
    }
  }
  for (const l of loaded) {
    if (l.kind === 'registry-log' && !usedLogs.has(l))
      reportOf(l.ref).warnings.push('transaction log with no matching hive in this job (match is by name: HIVE.LOG1/.LOG2)');
  }

  for (const s of sources) yield* walkHive(s, reportOf(s.input));
  for (const report of reports.values()) {
    report.warnings = keepWarnings(report.warnings);
    yield { type: 'done', report } satisfies ReaderEvent<'registry'>;
  }
};

async function load(input: PipelineInput): Promise<Loaded> {
  const { head, stream } = await peek(input.open());
  const kind = acceptedKind('registry', input.ref, head);
  const data = await readAll(stream, MAX_HIVE_BYTES, () => new UnusableInputError(`File ${input.ref.name} is too large for a registry hive`));
  return { ref: input.ref, kind, data };
}

function emptyReport(l: Loaded): InputReport {
  return { input: l.ref, records: 0, warnings: [], error: null, facts: { detected_type: fileKindLabel(l.kind) } };
}

function* walkHive(s: HiveSource, report: InputReport): Generator<ReaderEvent<'registry'>> {
  const label = s.member ? `${s.member}: ` : '';
  let hive: Hive;
  try {
    hive = s.open();
  } catch (err) {
    if (!(err instanceof RegistryError)) throw err;
    if (s.member) report.warnings.push(`${label}${err.message}`);
    else report.error = err.message;
    return;
  }
  const ref: HiveRef = {
    input: s.input,
    name: s.name,
    member: s.member,
    type: hive.type,
    hive,
    logs: s.logs,
    dirtyWithoutLogs: hive.dirty && s.logs.length === 0,
  };
  const facts = report.facts;
  const prefix = s.member ? `hive ${s.member} ` : 'hive_';
  facts[`${prefix}type`] = hive.type;
  if (s.logs.length > 0) facts[`${prefix}logs_replayed`] = s.logs.join(', ');
  if (hive.dirty) facts[`${prefix}replay`] = hive.replay.message;
  for (const key of hive.walk({ deleted: true })) {
    report.records++;
    yield { type: 'record', record: { hive: ref, key }, input: s.input };
  }
  for (const w of hive.warnings) report.warnings.push(`${label}${w.structure} at ${w.offset}: ${w.message}`);
}
