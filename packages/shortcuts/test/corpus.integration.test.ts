import { describe, expect, test } from 'vitest';
import { parseShellLink, type ShellLink } from '../src/index.js';
import { HAVE_SAMPLES, linkSamples, withSamples } from './helpers/samples.js';

describe.skipIf(!HAVE_SAMPLES)(withSamples('every sample link'), () => {
  test('all 728 parse without warnings, each using the whole file, and the structures the samples carry are all decoded', () => {
    const kinds = new Map<string, number>();
    const count = (k: string) => kinds.set(k, (kinds.get(k) ?? 0) + 1);
    const problems: string[] = [];
    const samples = linkSamples();
    for (const { name, bytes } of samples) {
      const link: ShellLink = parseShellLink(bytes);
      if (link.warnings.length > 0) problems.push(`${name}: ${JSON.stringify(link.warnings)}`);
      if (link.linkSize !== bytes.length || link.appendedBytes !== 0) problems.push(`${name}: linkSize ${link.linkSize}, appended ${link.appendedBytes}`);
      for (const item of [...link.idList, ...link.extraData.flatMap((b) => (b.kind === 'vistaIdList' ? b.items : []))]) count(`item ${item.kind}`);
      for (const block of link.extraData) count(`block ${block.kind}`);
      count(`target ${link.target.kind}`);
    }
    expect(problems).toEqual([]);
    expect(samples).toHaveLength(728);
    // Every item kind and block the issue lists, except the ones no sample holds (shim, consoleFE).
    for (const kind of ['root', 'volume', 'fileEntry', 'network', 'controlPanel', 'uri', 'delegate', 'usersPropertyView', 'unknown']) {
      expect(kinds.get(`item ${kind}`), kind).toBeGreaterThan(0);
    }
    for (const kind of ['environment', 'iconEnvironment', 'darwin', 'tracker', 'knownFolder', 'specialFolder', 'propertyStore', 'console', 'vistaIdList']) {
      expect(kinds.get(`block ${kind}`), kind).toBeGreaterThan(0);
    }
    expect(kinds.get('block unknown')).toBeUndefined();
    for (const kind of ['local', 'network', 'shell']) expect(kinds.get(`target ${kind}`), kind).toBeGreaterThan(0);
  });
});
