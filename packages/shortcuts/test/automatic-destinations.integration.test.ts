import { readFileSync } from 'node:fs';
import { toolGate } from '@quarry/testkit';
import { describe, expect, test } from 'vitest';
import { parseAutomaticDestinations } from '../src/index.js';
import { readCompoundStreams } from '../src/jumplists/compound-file.js';
import { lnkinfo, olecfExport, olecfInfo } from './helpers/reference-tools.js';
import { HAVE_JUMPLISTS, JUMPLISTS_SKIP, jumpListSamples } from './helpers/jumplist-samples.js';

/**
 * automaticDestinations-ms against libolecf (olecfexport, olecfinfo) for the compound file and
 * liblnk (lnkinfo -v) for each link stream. Locally a missing tool skips; under CI it fails.
 */
const automatic = jumpListSamples().filter((s) => s.name.endsWith('.automaticDestinations-ms'));
const olecf = toolGate('olecfexport');
const lnk = toolGate('lnkinfo');

describe.skipIf(!HAVE_JUMPLISTS || olecf.skip)(!HAVE_JUMPLISTS ? JUMPLISTS_SKIP : olecf.skip ? olecf.reason : 'streams compared with olecfexport and olecfinfo', () => {
  test('the corpus holds 8 automaticDestinations files', () => {
    expect(automatic).toHaveLength(8);
  });

  test.each(automatic.map((s) => [s.name, s.path] as const))('%s: stream names, sizes and bytes equal olecfexport', (_name, path) => {
    const bytes = new Uint8Array(readFileSync(path));
    const ours = readCompoundStreams(bytes)
      .map((s) => ({ name: s.path, data: s.data }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const exported = olecfExport(path);
    expect(ours.map((s) => s.name)).toEqual(exported.map((s) => s.name));
    expect(ours.map((s) => ({ name: s.name, size: s.data.length }))).toEqual(olecfInfo(path));
    ours.forEach((s, i) => expect(Buffer.from(s.data).equals(Buffer.from(exported[i]!.data)), s.name).toBe(true));
  });

  test.each(automatic.map((s) => [s.name, s.path] as const))('%s: every link stream joined, each DestList entry with its stream', (name, path) => {
    const file = parseAutomaticDestinations(new Uint8Array(readFileSync(path)), { fileName: name });
    const linkStreams = olecfExport(path).filter((s) => s.name !== 'DestList');
    expect(file.entries.map((e) => e.streamName).sort()).toEqual(linkStreams.map((s) => s.name));
    expect(file.warnings).toEqual([]);
    for (const entry of file.entries) {
      expect(entry.destList?.streamName ?? entry.streamName).toBe(entry.streamName);
      expect(entry.error).toBeNull();
    }
    expect(file.appId).toBe(name.slice(name.lastIndexOf('/') + 1, name.lastIndexOf('/') + 17));
  });
});

describe.skipIf(!HAVE_JUMPLISTS || olecf.skip || lnk.skip)(
  !HAVE_JUMPLISTS ? JUMPLISTS_SKIP : olecf.skip ? olecf.reason : lnk.skip ? lnk.reason : 'link streams compared with lnkinfo -v',
  () => {
    const streams = automatic.flatMap((s) =>
      olecfExport(s.path)
        .filter((x) => x.name !== 'DestList')
        .map((x) => ({ sample: s, stream: x })),
    );

    test.each(streams.map((x) => [`${x.sample.name} stream ${x.stream.name}`, x] as const))('%s: target and tracker equal lnkinfo', (_label, x) => {
      const file = parseAutomaticDestinations(new Uint8Array(readFileSync(x.sample.path)), { fileName: x.sample.fileName });
      const entry = file.entries.find((e) => e.streamName === x.stream.name)!;
      const ref = lnkinfo(x.stream.data);
      const link = entry.link!;
      // lnkinfo prints LinkInfo's local path; links to URLs (windowsdefender://, ms-gamingoverlay://) have none.
      expect(link.linkInfo?.localBasePath != null ? link.target.path : null).toBe(ref.localPath);
      expect(link.linkInfo?.network?.netName ?? null).toBe(ref.networkPath);
      // The DestList entry repeats the link's tracker block: hostname and droid ids must agree with lnkinfo's.
      if (ref.machineId !== null) {
        expect(entry.destList).toMatchObject({
          hostname: ref.machineId,
          droidVolumeId: ref.droidVolumeId,
          droidFileId: ref.droidFileId,
          birthDroidVolumeId: ref.birthDroidVolumeId,
          birthDroidFileId: ref.birthDroidFileId,
        });
        expect(link.tracker).toMatchObject({ machineId: ref.machineId, droidFileId: ref.droidFileId });
      }
    });
  },
);
