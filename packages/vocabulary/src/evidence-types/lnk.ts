import type { EvidenceTypeDescriptor } from './descriptor.js';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Shell links (MS-SHLLINK) and the Jump Lists that hold them (automatic: a compound file of links
 * plus a DestList; custom: categories of concatenated links), plain or in zip archives. Each link,
 * Jump List entry or custom-category link is one record.
 */
export const lnk = {
  id: 'lnk',
  label: 'Shell links & Jump Lists',
  operationName: 'Shortcuts',
  expected: 'a shell link or Jump List (or a zip of them)',
  documents: 'shell links (.lnk) and Jump Lists (.automaticDestinations-ms, .customDestinations-ms)',
  recognition: {
    kinds: [
      // HeaderSize 0x4C and LinkCLSID 00021401-0000-0000-C000-000000000046: the extension proves nothing
      // (Recent items and test corpora carry links under any name).
      {
        id: 'shell-link',
        label: 'Shell link',
        signatures: [
          [
            { at: 0, u32leIn: [0x4c], short: false },
            { at: 4, text: '\x01\x14\x02\0\0\0\0\0\xc0\0\0\0\0\0\0\x46' },
          ],
        ],
      },
      // An OLE compound file: no other type takes one, and the reader checks for the DestList stream.
      { id: 'compound-file', label: 'Compound file (automatic Jump List)', signatures: [[{ at: 0, text: '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1' }]] },
      // customDestinations-ms has no magic: version 2, then (after the category count and a field of
      // unknown use) the first category's type, 0 custom, 1 known or 2 tasks; a list of no category
      // ends at 12 bytes. Weak alone: the reader confirms it (a footer or a link CLSID follows).
      {
        id: 'custom-destinations',
        label: 'Custom Jump List',
        signatures: [
          [
            { at: 0, u32leIn: [2], short: false },
            { at: 12, u32leIn: [0, 1, 2], short: true },
          ],
        ],
      },
    ],
    archives: ['zip'],
    extensions: ['.lnk', '.automaticdestinations-ms', '.customdestinations-ms'],
    names: [],
  },
  limits: {
    // Links are a few KiB and a user's Recent folder alone holds hundreds: the shared id cap (1000)
    // is the count limit; the size limit keeps zips of them to what one worker reads whole.
    maxFiles: 1000,
    maxTotalBytes: 256 * MiB,
    tooManyFilesMessage: 'Max shortcut analysis file limit exceeded',
    tooLargeMessage: 'Max shortcut analysis size limit exceeded (256MB)',
    // ≤1000 ids of 36 characters (~40 KB); ≤32 criteria of ≤1024 characters (~70 KB with escapes).
    parseBodyBytes: 256 * KiB,
    searchBodyBytes: 256 * KiB,
  },
  parseOptions: [],
  resultTypes: ['Overview', 'Opened Files & Folders', 'Removable & Network Media', 'Suspicious Shortcuts', 'Machines & Trackers', 'Access Timeline'],
  search: {
    title: 'Shortcut Table',
    columns: ['Source', 'Entry', 'Target Path', 'Arguments', 'Shortcut Data'],
    detailKeys: [
      'Container',
      'AppId',
      'Application',
      'Category',
      'TargetKind',
      'WorkingDirectory',
      'IconLocation',
      'Description',
      'EnvironmentTarget',
      'DriveType',
      'VolumeSerial',
      'VolumeLabel',
      'NetworkShare',
      'MachineId',
      'MacAddress',
      'TargetCreated',
      'TargetModified',
      'TargetAccessed',
      'FileSize',
      'Attributes',
      'LastAccess',
      'AccessCount',
      'Pinned',
      'Hostname',
      'AppendedBytes',
      'Error',
    ],
    filterFields: [
      { name: 'source', description: 'The link or Jump List file name (with the member path inside a zip)' },
      { name: 'target_path', description: "The target's full path (local, UNC, environment or shell path)" },
      { name: 'arguments', description: 'Command-line arguments' },
      { name: 'machine_id', description: 'NetBIOS name of the machine the link was made on (tracker block)' },
      { name: 'volume_serial', description: 'Serial number of the target volume (8 hex digits)' },
      { name: 'drive_type', description: 'Drive type of the target volume (fixed, removable, remote, cdrom, …)' },
      { name: 'app_id', description: 'Jump List AppID (16 hex digits)' },
      { name: 'application', description: 'Application name of the Jump List AppID' },
      { name: 'details.WorkingDirectory', description: 'Working directory' },
      { name: 'details.IconLocation', description: 'Icon location' },
      { name: 'details.Description', description: 'Description (comment) string' },
      { name: 'details.VolumeLabel', description: 'Volume label' },
      { name: 'details.NetworkShare', description: 'Network share name' },
      { name: 'details.MacAddress', description: 'MAC address from the tracker or DestList droid id' },
      { name: 'details.Hostname', description: 'DestList host name' },
      { name: 'details.Category', description: 'Custom Jump List category' },
      { name: 'details.AccessCount', description: 'Jump List access count' },
      { name: 'details.Pinned', description: 'Jump List pin position' },
      { name: 'details.TargetKind', description: 'local, network, removable or shell' },
    ],
    time: { basis: "the target's created, modified and accessed times and the Jump List entry's last access", several: true },
  },
} as const satisfies EvidenceTypeDescriptor;
