import { findTool, sharedPath, toolGate } from '@quarry/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPipeline, type Insight } from '../../src/index.js';
import { normalisePath } from '../../src/triage/normalise-path.js';
import { titleOf } from '../../src/triage/host-state.js';
import { DUMP_GATE, dumpEvents, str } from '../evtx/evtx-dump.js';
import { sccainfo } from '../prefetch/sccainfo.js';
import { REGIPY, regipy } from '../registry/support/reference.js';
import { samplePath } from '../support/inputs.js';
import { sigmaRulesFrom } from '../support/sigma-rules.js';
import { sample, upload, zipWhole } from './collection-support.js';
import { skipUnless, table } from './support.js';

/**
 * The host result types behind the real collection reader: a KAPE-layout zip of one SYSTEM hive,
 * the CMD.EXE prefetch file, a Sysmon log, a file no type reads and a "hive" that is none, as one
 * triage job with the plug-in's own analyzers.
 */
const SCCAINFO = findTool('sccainfo');
const { skip: SKIP, reason: REASON } = skipUnless([REGIPY, DUMP_GATE, toolGate('sccainfo')]);

const CMD_PF = 'prefetch/Windows-Prefetch-Parser/Win10/CMD.EXE-D269B812.pf';
const SYSMON = 'evtx/DeepBlueCLI/metasploit-sysmon.evtx';
const CMD = '\\windows\\system32\\cmd.exe';

describe.skipIf(SKIP)(`triage host result types over a KAPE collection ${SKIP ? REASON : ''}`, () => {
  let insights: Insight[];
  beforeAll(async () => {
    const zip = zipWhole([
      { path: 'C/Windows/System32/config/SYSTEM', bytes: sample('registry/regipy/SYSTEM_B') },
      { path: 'C/Windows/System32/config/SOFTWARE', bytes: sample('registry/EricZimmerman-Registry/NotAHive') },
      { path: 'C/Windows/Prefetch/CMD.EXE-D269B812.pf', bytes: sample(CMD_PF) },
      { path: 'C/Windows/System32/winevt/Logs/Microsoft-Windows-Sysmon%4Operational.evtx', bytes: sample(SYSMON) },
      { path: 'C/collection-notes/MANIFEST.tsv', bytes: sample('MANIFEST.tsv') },
    ]);
    insights = await runPipeline({
      category: 'triage',
      inputs: [upload('host.zip', zip)],
      options: { runSigmaRules: true },
      sigmaRules: sigmaRulesFrom(sharedPath('rules', 'sigma', 'rules', 'windows', 'process_creation')),
      threads: 1,
    });
  }, 600_000);

  it('cmd.exe from the prefetch, ShimCache and Sysmon members is one row whose evidence links resolve', async () => {
    const pf = sccainfo(SCCAINFO!, samplePath(CMD_PF))!;
    const events = dumpEvents(SYSMON).filter((e) => e.id === 1 && normalisePath(str(e, 'Image')) === CMD);
    // BAM's row for the user's SID stays apart (per user).
    const rows = table(insights, 'Evidence of Execution').filter((r) => normalisePath(r['Executable']!) === CMD && r['Sources'] !== 'bam');
    expect(rows).toHaveLength(1);
    expect(rows[0]!['Sources']!.split(', ')).toEqual(expect.arrayContaining(['prefetch', 'shimcache', 'sysmon 1']));
    expect(rows[0]!['Run Count']).toBe(String(pf.runCount));
    expect(rows[0]!['Process Events']).toBe(String(events.length));
    const titles = new Set(insights.map(titleOf));
    for (const link of rows[0]!['Evidence']!.split('; ')) {
      const [title, row] = link.split('#row-');
      expect(titles).toContain(title);
      expect(Number(row)).toBeLessThan(table(insights, title!).length);
    }
  });

  it('Host Summary names the host as regipy reads the SYSTEM member and lists the unknown and the damaged member', async () => {
    const ref = await regipy('regipy/SYSTEM_B', 'computer_name');
    const meta = insights.find((i) => 'Metadata' in i && i.Metadata.title === 'Host Summary');
    expect(meta && 'Metadata' in meta ? meta.Metadata.data.host_name : '').toBe(ref.computer_name[0].name);
    const collection = table(insights, 'Host Summary: Collection');
    expect(collection.find((r) => r['Member'] === 'host.zip/C/collection-notes/MANIFEST.tsv')).toMatchObject({ Type: '', Status: 'unknown type' });
    const fake = collection.find((r) => r['Member'] === 'host.zip/C/Windows/System32/config/SOFTWARE');
    // A member no type takes by its bytes is unknown (recognition is by content first); one a type took and could not read is unusable.
    expect(fake).toBeDefined();
    expect(fake!['Status']).not.toBe('read');
    expect(
      collection
        .filter((r) => r['Status'] === 'read')
        .map((r) => r['Type'])
        .sort(),
    ).toEqual(['prefetch', 'registry', 'winevtx']);
  });
});
