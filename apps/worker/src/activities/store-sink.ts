import type { RecordNotes, RecordSink } from '@quarry/insights';
import { findEventTemplate } from '@quarry/reference';
import { usesEventTemplates, type EventTemplateSource } from '@quarry/store';
import type { ParseCategory } from '@quarry/vocabulary';
import type { WorkerDeps } from '../deps.js';

/**
 * The record sink that builds a job's searchable store of one type (a triage job has one per
 * member type besides its own): the analyzers' notes on each record are written with it.
 */
export async function storeSink<C extends ParseCategory>(
  deps: WorkerDeps,
  job: { id: string; key: Buffer | null },
  category: C,
  notes: RecordNotes,
  /** A composite job's member-type store: it gets a writer thread of its own (WriterOptions.ownThread). */
  member = false,
): Promise<RecordSink<C>> {
  const writer = deps.recordStores.writer(job.id, category, job.key, {
    ownThread: member,
    // Only types whose rows render messages (EVTX) load the dataset (about 60 MiB, 0.15 s on first use).
    eventTemplates: usesEventTemplates(category) ? await eventTemplates(deps) : undefined,
    annotate: () => (notes.sigmaMatches.length > 0 ? { sigmaMatches: notes.sigmaMatches } : undefined),
  });
  return { write: writer.write.bind(writer), close: () => writer.close(), abort: () => writer.abort() };
}

/** The EVTX message templates of the shipped lookup data, as the store's writer asks for them. */
async function eventTemplates(deps: WorkerDeps): Promise<EventTemplateSource | undefined> {
  try {
    const events = await deps.lookups.dataset('event_id');
    return (provider, eventId, version) => findEventTemplate(events, provider, eventId, version);
  } catch (err) {
    // Messages then fall back to a summary of the event data; the job itself does not depend on it.
    deps.log.warn({ err }, 'event message templates unavailable');
    return undefined;
  }
}
