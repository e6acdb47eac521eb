import type { EvidenceTypeDescriptor } from './descriptor.js';

const KiB = 1024;
const GiB = 1024 * 1024 * KiB;

/** Windows event logs (.evtx), parsed as they stream in; Sigma rules may run over their records. */
export const winevtx = {
  id: 'winevtx',
  label: 'EVTX',
  operationName: 'Evtx',
  expected: 'an EVTX event log',
  documents: 'Windows event logs (.evtx)',
  recognition: {
    kinds: [{ id: 'evtx', label: 'Windows event log (EVTX)', signatures: [[{ at: 0, text: 'ElfFile\0' }]] }],
    extensions: ['.evtx'],
    names: [],
  },
  limits: {
    maxFiles: 100,
    maxTotalBytes: 1 * GiB,
    // The spec's EVTX message names the shared id limit, not a per-category one.
    tooManyFilesMessage: 'Too many file IDs provided',
    tooLargeMessage: 'Max EVTX analysis size limit exceeded (1GB)',
    // ≤1000 ids of 36 characters (~40 KB); ≤32 criteria of ≤1024 characters (~70 KB with escapes).
    parseBodyBytes: 256 * KiB,
    searchBodyBytes: 256 * KiB,
  },
  parseOptions: [
    {
      restName: 'run_sigma_rules',
      name: 'runSigmaRules',
      type: 'boolean',
      required: true,
      invalidMessage: 'run_sigma_rules must be a boolean',
      description: 'Also run the community Sigma rules over every event.',
    },
  ],
  resultTypes: ['Overview', 'Process Inference Graph', 'Key Event Timeline', 'Process Analysis', 'Network Analysis', 'Authentication', 'Persistence'],
  search: {
    title: 'Event Table',
    columns: ['Event ID', 'Record ID', 'Timestamp', 'Provider', 'Computer', 'Message', 'Event Data'],
    detailKeys: null,
    filterFields: [
      { name: 'event_id', description: 'Event ID' },
      { name: 'record_id', description: 'Event record ID' },
      { name: 'timestamp', description: 'Event time, as the UTC text the table shows' },
      { name: 'provider', description: 'Provider name' },
      { name: 'computer', description: 'Computer name' },
      { name: 'sigma_matches', description: 'Titles and ids of the Sigma rules the event matched' },
      { name: 'details.', prefix: true, description: 'An event-data field, by its name (details.<name>)' },
    ],
    time: { basis: "the event's TimeCreated", several: false },
  },
} as const satisfies EvidenceTypeDescriptor;
