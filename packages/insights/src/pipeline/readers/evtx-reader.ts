import { openEvtx } from '@quarry/evtx';
import { implausibleTime, timeBounds } from '../../common/plausibility.js';
import { recordTimeOf } from '../../evtx/event-view.js';
import { fileKindLabel } from '../../file-kind.js';
import { ImplausibleItems } from '../implausible-items.js';
import { peek } from '../peek.js';
import { acceptedKind } from './wrong-kind.js';
import { keepWarnings, type JobReader } from './reader.js';

/**
 * EVTX inputs one after another, each parsed as it streams in (bounded memory whatever its size;
 * chunks go to worker threads when the budget allows). A stream is read in file order, so a log
 * that has wrapped yields its oldest chunk later; analyzers order by time themselves.
 */
export const readEvtxInputs: JobReader<'winevtx'> = async function* (inputs, env) {
  const annotator = env.sigmaRules?.annotation?.annotator;
  // A record's own time is the newest evidence there is: only "now" bounds it (docs/api-decisions.md).
  const bounds = timeBounds(null);
  for await (const input of inputs) {
    const { head, stream } = await peek(input.open());
    const kind = acceptedKind('winevtx', input.ref, head);
    const file = openEvtx({ stream, size: input.ref.size, sizeIsBound: input.ref.sizeIsBound === true }, { threads: env.threads, annotator });
    let records = 0;
    const implausible = new ImplausibleItems();
    for await (const record of file) {
      // A time no Windows wrote (a damaged or misread header) would date every finding of the record wrongly.
      const reason = implausibleTime(recordTimeOf(record), bounds);
      if (reason) {
        implausible.add({
          input: input.ref,
          structure: 'EVTX record',
          offset: `record ${record.recordId} (byte ${record.offset}, chunk ${record.chunk})`,
          reason,
        });
        continue;
      }
      records++;
      yield { type: 'record', record, input: input.ref };
    }
    yield {
      type: 'done',
      report: {
        input: input.ref,
        records,
        warnings: keepWarnings(file.warnings.map((w) => `${w.message} (offset ${w.offset})`)),
        error: file.header === undefined && records === 0 ? 'no readable EVTX header or record' : null,
        implausible,
        facts: {
          detected_type: fileKindLabel(kind),
          chunks: String(file.stats.chunks),
          skipped_records: String(file.stats.skippedRecords),
        },
      },
    };
  }
};
