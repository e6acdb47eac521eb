import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildShellLink } from '@quarry/testkit';
import type { PipelineInput } from '../../src/index.js';
import { REGIPY } from '../registry/support/reference.js';
import { HAVE_SAMPLES, NO_SAMPLES, inputsOf, samplePath } from '../support/inputs.js';
import { runHostJob, type HostJob } from './support/host-job.js';
import { table } from './support.js';

/**
 * A shell link to an executable on a removable volume lettered D:, beside the SYSTEM hive of the
 * host whose MountedDevices last gave D: to a USB stick (regipy SYSTEM_B): the File & Folder Access
 * row names that stick and is High (an executable opened from removable media).
 */
function linkInput(name: string, bytes: Buffer): PipelineInput {
  return {
    ref: { position: 0, fileId: '00000000-0000-4000-8000-00000000a001', name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    open: async function* () {
      yield new Uint8Array(bytes);
    },
  };
}

/** The device serial in MountedDevices' `\DosDevices\D:` (`_??_USBSTOR#Disk&…#<serial>&0#{…}`, UTF-16), read by regipy. */
function mountedSerial(letter: string): string {
  const script = [
    'import sys',
    'from regipy.registry import RegistryHive',
    'k = RegistryHive(sys.argv[1]).get_key("\\\\MountedDevices")',
    'print(next(v.value for v in k.iter_values() if v.name == "\\\\DosDevices\\\\" + sys.argv[2]))',
  ].join('\n');
  const hex = execFileSync('python3', ['-c', script, samplePath('registry/regipy/SYSTEM_B'), letter], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  const device = Buffer.from(hex, 'hex').toString('utf16le');
  return (device.split('#')[2] ?? '').replace(/&\d+$/, '');
}

describe.skipIf(!HAVE_SAMPLES || REGIPY.skip)(
  `Removable media in File & Folder Access ${!HAVE_SAMPLES ? NO_SAMPLES : REGIPY.skip ? REGIPY.reason : ''}`,
  () => {
    let job: HostJob;
    const created = '2018-03-27 21:30:05.123 UTC';
    beforeAll(async () => {
      const link = buildShellLink({
        created: '2018-03-27T21:30:05.123Z',
        modified: '2018-03-27T21:30:05.123Z',
        accessed: '2018-03-27T21:31:00.000Z',
        attributes: 0x20,
        volume: { driveType: 2, serial: 0x5c3e2f10, label: 'STICK', localBasePath: 'D:\\tools\\PsExec.exe' },
      });
      job = await runHostJob({
        lnk: [linkInput('PsExec.exe.lnk', link)],
        registry: inputsOf(['registry/regipy/SYSTEM_B', 'registry/regipy/SYSTEM_B.LOG1', 'registry/regipy/SYSTEM_B.LOG2']),
      });
    }, 600_000);

    test('the link row names its removable volume, the USB device lettered D: and is High', () => {
      const row = table(job.insights, 'Evidence of File & Folder Access').find((r) => r['Path'] === 'D:\\tools\\PsExec.exe');
      expect(row).toBeDefined();
      expect(row!['Volumes']).toBe('Removable serial 5C3E2F10 "STICK"');
      expect(row!['USB Devices']).toContain(`serial ${mountedSerial('D:')}`);
      expect(row!['USB Devices']).toMatch(/Registry · User Activity: USB Devices#row-\d+/);
      expect(row!['Links']).toMatch(/Shell links & Jump Lists · Removable & Network Media#row-\d+/);
      expect(row!['Importance']).toBe('High');
      expect(row!['Reasons']).toContain('executable or script opened from a removable volume');
      expect(row!['Times']).toContain(`created ${created}`);
      expect(row!['Artifacts']).toBe('PsExec.exe.lnk');
    });

    test('its times are Host Timeline facts that lead back to the link', () => {
      const facts = job.facts.filter((f) => f.source === 'lnk');
      expect(facts.map((f) => [f.timeKind, f.time])).toEqual([
        ['created', Date.UTC(2018, 2, 27, 21, 30, 5, 123)],
        ['modified', Date.UTC(2018, 2, 27, 21, 30, 5, 123)],
        ['accessed', Date.UTC(2018, 2, 27, 21, 31, 0, 0)],
      ]);
      expect(facts[0]!.records).toEqual({ type: 'lnk', filters: [{ field: 'source', value: 'PsExec.exe.lnk' }] });
      expect(facts[0]!.path).toBe('D:\\tools\\PsExec.exe');
    });
  },
);
