import { baseBlockChecksum, BASE_BLOCK_SIZE, FileType, hasRegfSignature, parseBaseBlock, type BaseBlock } from './base-block.js';
import { RegistryError } from './errors.js';
import { readNewLogEntries, type LogEntry, type DirtyPage } from './log-new-format.js';
import { readOldLogPages } from './log-old-format.js';

export interface LogInput {
  name: string;
  data: Buffer;
}

export interface LogReport {
  name: string;
  format: 'new' | 'old' | 'invalid';
  /** Sequence numbers of the valid entries found (new format). */
  sequences: number[];
  applied: number[];
  problem: string | null;
}

export interface ReplayReport {
  dirty: boolean;
  /** Why the hive counts as dirty: "sequence mismatch", "bad checksum". */
  reasons: string[];
  logsGiven: number;
  /** True when at least one log entry or old-format page set was written into the hive. */
  applied: boolean;
  baseBlockRecoveredFrom: string | null;
  logs: LogReport[];
  /** Sequence numbers written, in order (new format). */
  appliedSequences: number[];
  pagesWritten: number;
  /** Human-readable summary, including the "dirty and no logs" case. */
  message: string;
}

export interface ReplayResult {
  data: Buffer;
  report: ReplayReport;
}

interface ValidLog {
  input: LogInput;
  base: BaseBlock;
  report: LogReport;
}

function validateLog(input: LogInput): ValidLog | LogReport {
  const invalid = (problem: string): LogReport => ({ name: input.name, format: 'invalid', sequences: [], applied: [], problem });
  if (!hasRegfSignature(input.data) || input.data.length < 512) return invalid('not a registry transaction log (no regf base block)');
  const base = parseBaseBlock(input.data);
  if (base.fileType === FileType.primary) return invalid('this is a primary hive file, not a log');
  if (!base.checksumValid) return invalid('log base block checksum is wrong');
  if (!base.sequenceMatch) return invalid('log base block sequence numbers differ');
  const format = base.fileType === FileType.newLog ? 'new' : 'old';
  return { input, base, report: { name: input.name, format, sequences: [], applied: [], problem: null } };
}

function writePages(hive: Buffer, pages: DirtyPage[]): number {
  for (const p of pages) p.data.copy(hive, BASE_BLOCK_SIZE + p.offset);
  return pages.length;
}

/**
 * Makes room for the pages about to be written. The size comes from the pages themselves, which
 * the log holds, never from a declared size alone: memory stays bounded by the inputs.
 */
function grow(hive: Buffer, pages: DirtyPage[]): Buffer {
  let need = 0;
  for (const p of pages) need = Math.max(need, BASE_BLOCK_SIZE + p.offset + p.data.length);
  if (hive.length >= need) return hive;
  const bigger = Buffer.alloc(need);
  hive.copy(bigger);
  return bigger;
}

/** Writes the sequence numbers, size and checksum a completed write would have left in the base block. */
function sealBaseBlock(hive: Buffer, sequence: number, hiveBinsDataSize: number): void {
  hive.writeUInt32LE(sequence >>> 0, 4);
  hive.writeUInt32LE(sequence >>> 0, 8);
  hive.writeUInt32LE(hiveBinsDataSize, 40);
  hive.writeUInt32LE(baseBlockChecksum(hive), 508);
}

/**
 * Detects a dirty hive and, when logs are given, replays them into a copy of the hive.
 * New format: entries from sequence >= the secondary sequence number (the last write known to be
 * complete), in sequence order across LOG1/LOG2, stopping at the first gap; entries with bad
 * hashes were already cut by the reader. Starting at the primary number instead (as one reading of
 * the format notes suggests) leaves transactions_NTUSER.DAT with a value whose data cell was only
 * written by entry 566 (primary 567, secondary 566); replaying an entry already in the hive is
 * harmless, since later entries overwrite the same pages.
 * Old format: the dirty pages of the first log whose timestamp matches the hive.
 */
export function replayLogs(hive: Buffer, logs: LogInput[]): ReplayResult {
  const base = parseBaseBlock(hive);
  const reasons: string[] = [];
  if (!base.checksumValid) reasons.push('bad checksum');
  if (!base.sequenceMatch) reasons.push('sequence mismatch');
  const report: ReplayReport = {
    dirty: reasons.length > 0,
    reasons,
    logsGiven: logs.length,
    applied: false,
    baseBlockRecoveredFrom: null,
    logs: [],
    appliedSequences: [],
    pagesWritten: 0,
    message: '',
  };
  if (!report.dirty) {
    report.message = logs.length > 0 ? 'hive is clean; transaction logs ignored' : 'hive is clean';
    return { data: hive, report };
  }
  if (logs.length === 0) {
    report.message = `hive is DIRTY (${reasons.join(', ')}) and no transaction logs were given: data may be stale or inconsistent`;
    return { data: hive, report };
  }

  const valid: ValidLog[] = [];
  for (const log of logs) {
    const v = validateLog(log);
    if ('input' in v) valid.push(v);
    report.logs.push('input' in v ? v.report : v);
  }
  let data: Buffer = Buffer.from(hive);
  // An old-format log applies when its timestamp matches the hive's; the first hbin keeps a copy
  // of that time, which also counts when the base block itself is damaged.
  const timestamps = new Set([base.lastWritten]);
  if (!base.checksumValid) {
    if (hive.length >= BASE_BLOCK_SIZE + 32 && hive.toString('latin1', BASE_BLOCK_SIZE, BASE_BLOCK_SIZE + 4) === 'hbin') {
      timestamps.add(hive.readBigUInt64LE(BASE_BLOCK_SIZE + 20));
    }
    const donor = valid.find((l) => timestamps.has(l.base.lastWritten)) ?? valid[0];
    if (donor) {
      donor.input.data.copy(data, 0, 0, 512);
      data.writeUInt32LE(FileType.primary, 28);
      data.writeUInt32LE(baseBlockChecksum(data), 508);
      report.baseBlockRecoveredFrom = donor.input.name;
    }
  }
  const current = parseBaseBlock(data);

  const newLogs = valid.filter((l) => l.report.format === 'new');
  const oldLogs = valid.filter((l) => l.report.format === 'old');
  if (newLogs.length > 0) {
    const pending = new Map<number, { entry: LogEntry; log: ValidLog }>();
    for (const log of newLogs) {
      const read = readNewLogEntries(log.input.data);
      if (read.stopped) log.report.problem = `stopped at 0x${read.stopped.at.toString(16)}: ${read.stopped.reason}`;
      for (const entry of read.entries) {
        log.report.sequences.push(entry.sequence);
        if (entry.sequence >= current.secondarySequence && !pending.has(entry.sequence)) pending.set(entry.sequence, { entry, log });
      }
    }
    let next = Math.min(...pending.keys());
    let size = current.hiveBinsDataSize;
    while (pending.has(next)) {
      const { entry, log } = pending.get(next)!;
      data = grow(data, entry.pages);
      report.pagesWritten += writePages(data, entry.pages);
      log.report.applied.push(entry.sequence);
      report.appliedSequences.push(entry.sequence);
      size = entry.hiveBinsDataSize;
      next++;
    }
    if (report.appliedSequences.length > 0) {
      sealBaseBlock(data, next - 1, size);
      report.applied = true;
    }
  }
  if (!report.applied) {
    const log = oldLogs.find((l) => timestamps.has(l.base.lastWritten));
    if (log) {
      try {
        const pages = readOldLogPages(log.input.data, log.base.hiveBinsDataSize);
        data = grow(data, pages);
        report.pagesWritten += writePages(data, pages);
        log.report.applied.push(log.base.primarySequence);
        sealBaseBlock(data, log.base.primarySequence, log.base.hiveBinsDataSize);
        report.applied = true;
      } catch (err) {
        if (!(err instanceof RegistryError)) throw err;
        log.report.problem = err.message;
      }
    } else if (oldLogs.length > 0) {
      for (const l of oldLogs) l.report.problem ??= 'log timestamp does not match the hive; not applicable';
    }
  }
  report.message = report.applied
    ? `hive was dirty (${reasons.join(', ')}); replayed ${report.appliedSequences.length > 0 ? `log entries ${report.appliedSequences[0]}..${report.appliedSequences.at(-1)}` : 'old-format dirty pages'} (${report.pagesWritten} pages)`
    : `hive is DIRTY (${reasons.join(', ')}) and none of the ${logs.length} given logs could be applied: data may be stale`;
  return { data: report.applied || report.baseBlockRecoveredFrom ? data : hive, report };
}
