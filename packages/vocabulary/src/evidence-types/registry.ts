import type { EvidenceTypeDescriptor } from './descriptor.js';

const KiB = 1024;

/** Registry hives with their transaction logs, plain or in zip archives; each key is one record. */
export const registry = {
  id: 'registry',
  label: 'Registry',
  operationName: 'Registry',
  expected: 'a registry hive (or a zip of hives)',
  documents: 'registry hives',
  recognition: {
    kinds: [
      // The base block's file type (offset 28): 0 is a primary hive, anything else a transaction log.
      {
        id: 'registry-hive',
        label: 'Registry hive',
        signatures: [
          [
            { at: 0, text: 'regf' },
            { at: 28, u32leIn: [0], short: true },
          ],
        ],
      },
      {
        id: 'registry-log',
        label: 'Registry transaction log',
        signatures: [
          [
            { at: 0, text: 'regf' },
            { at: 28, u32leIn: [0], not: true, short: false },
          ],
          [{ at: 0, text: 'DIRT' }],
          [{ at: 0, text: 'HvLE' }],
        ],
      },
      // The spec accepts archives of hives.
      { id: 'zip', label: 'Zip archive', container: true, signatures: [[{ at: 0, text: 'PK\x03\x04' }], [{ at: 0, text: 'PK\x05\x06' }]] },
    ],
    extensions: ['.dat', '.hiv', '.reg', '.zip'],
    names: ['system', 'software', 'security', 'sam', 'components', 'ntuser.dat', 'usrclass.dat'],
  },
  limits: {
    maxFiles: 50,
    maxTotalBytes: null,
    tooManyFilesMessage: 'Max registry analysis file limit exceeded',
    tooLargeMessage: null,
    parseBodyBytes: 256 * KiB,
    searchBodyBytes: 256 * KiB,
  },
  parseOptions: [],
  resultTypes: ['Persistence', 'User Activity', 'System Configuration', 'Authentication Data', 'Network Artifacts', 'Application Data'],
  search: {
    title: 'Registry Table',
    columns: ['File Name', 'Root Key', 'Key', 'Last Write Time', 'Registry Data'],
    detailKeys: ['ValueType', 'ValueName', 'Value'],
    filterFields: [
      { name: 'file_name', description: 'Hive file name' },
      { name: 'root_key', description: "The hive's root key name" },
      { name: 'key', description: 'Key path below the root key' },
      { name: 'details.ValueType', description: 'Value type (RegSZ, RegDWord, …)' },
      { name: 'details.ValueName', description: 'Value name' },
      { name: 'details.Value', description: 'Value data: text, numbers, each string of a list, binary as hex and as text' },
      { name: 'details.LastWriteTime', description: "The key's last-write time" },
    ],
    time: { basis: "the key's last-write time", several: false },
  },
} as const satisfies EvidenceTypeDescriptor;
