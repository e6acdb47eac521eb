import type { EvidenceTypeDescriptor } from './descriptor.js';

const KiB = 1024;
const GiB = 1024 * 1024 * KiB;

/**
 * A whole-host triage collection: KAPE target output or a Velociraptor offline collector's zip (or
 * loose artifact files). It owns no file kind: each member is told by its bytes first and its path
 * second and runs through its own type's plug-in; the type's records are the Host Timeline's facts.
 */
export const triage = {
  id: 'triage',
  label: 'Host triage',
  operationName: 'Triage',
  expected: 'a triage collection (a zip of a host’s artifacts) or an artifact file',
  documents: 'triage collections (KAPE or Velociraptor zips, flat folders zipped) and loose artifact files',
  composite: true,
  recognition: {
    kinds: [],
    archives: ['zip'],
    extensions: [],
    names: [],
  },
  limits: {
    maxFiles: 1000,
    maxTotalBytes: 4 * GiB,
    tooManyFilesMessage: 'Max triage analysis file limit exceeded',
    tooLargeMessage: 'Max triage analysis size limit exceeded (4GB)',
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
      description: "Also run the community Sigma rules over every event of the collection's event logs.",
    },
  ],
  resultTypes: ['Host Summary', 'Findings', 'Evidence of Execution', 'Evidence of File & Folder Access', 'Accounts & Logons', 'Host Timeline'],
  search: {
    title: 'Host Timeline',
    columns: ['Time', 'Source', 'Time Kind', 'Description', 'Triage Data'],
    detailKeys: ['Artifact', 'ResultType', 'Row', 'User', 'Path', 'Importance', 'SigmaRule', 'Records'],
    filterFields: [
      { name: 'source', description: 'The evidence type the fact came from (winevtx, registry, prefetch, lnk)' },
      { name: 'time_kind', description: 'What the time is: executed, created, modified, accessed, logged on, key written, …' },
      { name: 'description', description: 'The fact in words' },
      { name: 'user', description: 'The account the fact is attributed to' },
      { name: 'path', description: 'The file, folder, key or executable the fact is about' },
      { name: 'importance', description: 'Informational, Low, Medium, High or Critical' },
      { name: 'sigma_rule', description: 'The Sigma rule that matched the record behind the fact' },
      { name: 'artifact', description: 'The collection member the fact was read from' },
      { name: 'details.ResultType', description: 'The per-artifact result type the fact comes from' },
    ],
    time: { basis: "the fact's time (UTC)", several: false },
  },
} as const satisfies EvidenceTypeDescriptor;
