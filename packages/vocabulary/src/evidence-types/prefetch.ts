import type { EvidenceTypeDescriptor } from './descriptor.js';

const KiB = 1024;

/** Prefetch files (.pf), every version, MAM-compressed or not; each file is one record. */
export const prefetch = {
  id: 'prefetch',
  label: 'Prefetch',
  operationName: 'Prefetch',
  expected: 'a prefetch file',
  documents: 'prefetch files (.pf)',
  recognition: {
    kinds: [
      { id: 'prefetch', label: 'Prefetch (uncompressed)', signatures: [[{ at: 4, text: 'SCCA' }]] },
      // Windows 10 and later: "MAM" and the compression type (4: Xpress Huffman; 0x84 with a checksum).
      {
        id: 'prefetch-compressed',
        label: 'Prefetch (MAM compressed)',
        signatures: [
          [
            { at: 0, text: 'MAM' },
            { at: 3, byteIn: [0x04, 0x84] },
          ],
        ],
      },
    ],
    extensions: ['.pf'],
    names: [],
  },
  limits: {
    maxFiles: 100,
    maxTotalBytes: null,
    tooManyFilesMessage: 'Max prefetch analysis file limit exceeded',
    tooLargeMessage: null,
    parseBodyBytes: 256 * KiB,
    searchBodyBytes: 256 * KiB,
  },
  parseOptions: [],
  resultTypes: ['Execution Timeline', 'Executable Statistics', 'LOLBIN Detection', 'Volume Analysis', 'Module Analysis', 'Anomaly Detection'],
  search: {
    title: 'Prefetch Table',
    columns: ['Prefetch File', 'File Name', 'File Path', 'Prefetch Data'],
    detailKeys: ['Count', 'RunTimes', 'Modules', 'Volumes', 'Version'],
    filterFields: [
      { name: 'prefetch_file', description: 'Prefetch file name' },
      { name: 'file_name', description: 'Executable name' },
      { name: 'file_path', description: "The executable's full path" },
      { name: 'version', description: 'Prefetch format version' },
      { name: 'details.Count', description: 'Run count' },
      { name: 'details.RunTimes', description: 'Recorded run times (any of them)' },
      { name: 'details.Modules', description: 'Files loaded (any of them)' },
      { name: 'details.Volumes', description: 'Volumes (any of them)' },
    ],
    time: { basis: 'the recorded run times', several: true },
  },
} as const satisfies EvidenceTypeDescriptor;
