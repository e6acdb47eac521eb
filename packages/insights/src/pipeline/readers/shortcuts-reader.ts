import { basename } from 'node:path';
import { ShortcutError, detectShortcutKind, parseShortcutFile, shortcutRecords, type ShortcutFile } from '@quarry/shortcuts';
import { evidenceTypes } from '@quarry/vocabulary';
import { timeBounds, type TimeBounds } from '../../common/plausibility.js';
import { acceptsKind, detectFileKind, fileKindLabel } from '../../file-kind.js';
import { applicationLabel } from '../../shortcuts/app-ids.js';
import { plausibleRecord } from '../../shortcuts/plausible-record.js';
import { MAX_MEMBER_BYTES, ZipReadError, zipMembers } from '../../shortcuts/zip-members.js';
import type { InputReport } from '../analyzer.js';
import { UnusableInputError } from '../errors.js';
import { ImplausibleItems } from '../implausible-items.js';
import type { InputRef } from '../input.js';
import { peek, readAll } from '../peek.js';
import { keepWarnings, type JobReader, type ReaderEvent } from './reader.js';

/** A zip input is read whole, up to the job's own size limit; a plain link or Jump List up to a member's. */
const MAX_ZIP_BYTES = evidenceTypes.lnk.limits.maxTotalBytes;

const KIND_FACT: Record<ShortcutFile['kind'], string> = {
  link: 'shell link',
  automaticDestinations: 'automatic Jump List',
  customDestinations: 'custom Jump List',
};

/**
 * Shell links and Jump Lists, each input (or zip member) recognised by its bytes, never its name,
 * and parsed whole: one record per link, Jump List entry or custom-category link. An input that is
 * none of them, or too damaged to parse, is reported and the job goes on with the rest.
 */
export const readShortcutInputs: JobReader<'lnk'> = async function* (inputs) {
  // A link holds no time later than when it was collected: only "now" bounds them (as prefetch).
  const bounds = timeBounds(null);
  for await (const input of inputs) {
    const { head, stream, close } = await peek(input.open());
    const kind = detectFileKind(head);
    const report: InputReport = { input: input.ref, records: 0, warnings: [], error: null, facts: { detected_type: fileKindLabel(kind) } };
    if (!acceptsKind('lnk', kind)) {
      await close();
      report.error = `not a shell link or Jump List (detected: ${fileKindLabel(kind)})`;
      yield { type: 'done', report };
      continue;
    }
    const zip = kind === 'zip';
    const bytes = await readAll(
      stream,
      zip ? MAX_ZIP_BYTES : MAX_MEMBER_BYTES,
      () => new UnusableInputError(`File ${input.ref.name} is too large for a shortcut`),
    );
    report.implausible = new ImplausibleItems();
    if (zip) yield* readZip(bytes, input.ref, report, bounds);
    else yield* readOne(bytes, input.ref, undefined, report, bounds);
    report.warnings = keepWarnings(report.warnings);
    yield { type: 'done', report };
  }
};

function* readZip(bytes: Uint8Array, ref: InputRef, report: InputReport, bounds: TimeBounds): Generator<ReaderEvent<'lnk'>> {
  let members;
  try {
    members = zipMembers(bytes);
  } catch (err) {
    if (!(err instanceof ZipReadError)) throw err;
    report.error = `cannot read the zip archive: ${err.message}`;
    return;
  }
  let read = 0;
  for (const m of members) {
    if ('skipped' in m) {
      report.warnings.push(`${m.name}: ${m.skipped}`);
    } else if (detectShortcutKind(m.bytes) === null) {
      report.warnings.push(`${m.name}: not a shell link or Jump List, skipped`);
    } else {
      read++;
      yield* readOne(m.bytes, ref, m.name, report, bounds);
    }
  }
  report.facts['zip_members'] = String(members.length);
  report.facts['zip_shortcuts'] = String(read);
  if (read === 0) report.error = 'the zip archive holds no shell link or Jump List';
}

/** One link or Jump List (a plain input, or a zip member): its records, warnings and facts. */
function* readOne(bytes: Uint8Array, ref: InputRef, member: string | undefined, report: InputReport, bounds: TimeBounds): Generator<ReaderEvent<'lnk'>> {
  const label = member ? `${member}: ` : '';
  let file: ShortcutFile;
  try {
    // The AppID is the Jump List's file name (its first 16 hex digits), the member's inside a zip.
    file = parseShortcutFile(bytes, { fileName: member ? basename(member) : ref.name });
  } catch (err) {
    if (!(err instanceof ShortcutError)) throw err;
    if (member) report.warnings.push(`${label}${err.message}`);
    else report.error = err.message;
    return;
  }
  const records = shortcutRecords(file);
  if (!member) {
    report.facts['shortcut_kind'] = KIND_FACT[file.kind];
    if (file.kind !== 'link') {
      report.facts['entries'] = String(records.length);
      if (file.appId) {
        report.facts['app_id'] = file.appId;
        report.facts['application'] = applicationLabel(file.appId);
      }
    }
  }
  const fileWarnings = file.kind === 'link' ? [] : file.warnings;
  for (const w of fileWarnings) report.warnings.push(`${label}${w.structure} at ${w.offset}: ${w.message}`);
  for (const record of records) {
    const where = `${label}${record.entry === null ? '' : `entry ${record.entry}: `}`;
    for (const w of record.link?.warnings ?? []) report.warnings.push(`${where}${w.structure} at ${w.offset}: ${w.message}`);
    if (record.error) report.warnings.push(`${where}${record.error}`);
    const plausible = plausibleRecord(record, ref, member, bounds, report.implausible!);
    report.records++;
    yield { type: 'record', record: member ? { ...plausible, member } : plausible, input: ref };
  }
}
