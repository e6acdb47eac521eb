import { PrefetchError, parsePrefetch } from '@quarry/prefetch';
import { timeBounds } from '../../common/plausibility.js';
import { plausibleResult } from '../../prefetch/plausible-result.js';
import { acceptsKind, detectFileKind, fileKindLabel } from '../../file-kind.js';
import { UnusableInputError } from '../errors.js';
import { peek, readAll } from '../peek.js';
import { keepWarnings, type JobReader } from './reader.js';

/** Prefetch files are small (MAM ones decompress to a few MiB); anything larger is not one. */
const MAX_PREFETCH_BYTES = 64 * 1024 * 1024;

/**
 * Each .pf read whole and parsed. A damaged one, or one that is not a prefetch file at all, is
 * reported and the job goes on with the rest: it fails only when no file could be read.
 */
export const readPrefetchInputs: JobReader<'prefetch'> = async function* (inputs) {
  // A .pf holds no time later than its own runs: only "now" bounds them (docs/api-decisions.md).
  const bounds = timeBounds(null);
  for await (const input of inputs) {
    const { head, stream, close } = await peek(input.open());
    const kind = detectFileKind(head);
    if (!acceptsKind('prefetch', kind)) {
      await close();
      const error = `not a prefetch file (detected: ${fileKindLabel(kind)})`;
      yield { type: 'done', report: { input: input.ref, records: 0, warnings: [], error, facts: { detected_type: fileKindLabel(kind) } } };
      continue;
    }
    const bytes = await readAll(stream, MAX_PREFETCH_BYTES, () => new UnusableInputError(`File ${input.ref.name} is too large for a prefetch file`));
    const facts = { detected_type: fileKindLabel(kind) };
    let parsed;
    try {
      parsed = parsePrefetch(bytes, { fileName: input.ref.name });
    } catch (err) {
      if (!(err instanceof PrefetchError)) throw err;
      yield { type: 'done', report: { input: input.ref, records: 0, warnings: [], error: err.message, facts } };
      continue;
    }
    const { result, implausible } = plausibleResult(parsed, input.ref, bounds);
    yield { type: 'record', record: { result }, input: input.ref };
    yield {
      type: 'done',
      report: {
        input: input.ref,
        records: 1,
        warnings: keepWarnings([...result.warnings.map((w) => w.message), ...result.anomalies]),
        error: null,
        implausible,
        facts: { ...facts, version: String(result.version), executable: result.executableName },
      },
    };
  }
};
