import type { InputReport } from '../../pipeline/analyzer.js';
import type { JobReader } from '../../pipeline/readers/reader.js';
import { timelineFacts } from '../facts/index.js';
import { Collection } from './collection.js';

/**
 * A triage job's reader: walks each collection once, its members streaming through their own
 * types' plug-ins side by side; then reports each collection with its members' outcomes, hands on
 * each member type's finished results (`nested`), and yields their Host Timeline facts as the
 * job's own records.
 */
export const readTriageInputs: JobReader<'triage'> = async function* (inputs, env) {
  const collection = new Collection(env);
  const reports: InputReport[] = [];
  try {
    for await (const input of inputs) reports.push(await collection.walk(input));
  } catch (err) {
    await collection.abandon();
    throw err;
  }
  await collection.finish(reports);
  const fallback = reports[0]?.input;
  for (const report of reports) yield { type: 'done', report };
  for (const results of collection.nestedResults()) {
    yield { type: 'nested', results };
    for (const record of timelineFacts(results)) {
      const input = collection.inputOf(record.artifact) ?? fallback;
      if (input) yield { type: 'record', record, input };
    }
  }
};
