import { describe, expect, test } from 'vitest';
import { loadCommunityRules } from '../../src/index.js';
// The EVTX analysis tests' helpers (sample inputs, evtx_dump as the reference), reused as they are.
import { HAVE_SAMPLES, NO_SAMPLES } from '../../../insights/test/support/inputs.js';
import { DUMP_GATE, dumpEvents, str, type DumpedEvent } from '../../../insights/test/evtx/evtx-dump.js';
import { insight, rowsOf, runEvtx } from '../../../insights/test/evtx/run-evtx.js';

/** Each built-in rule, the sample it must fire on, and the rule restated over evtx_dump's JSON. */
const CASES: { title: string; /** The sample it was written for (the job holds all of them). */ rel: string; holds: (e: DumpedEvent) => boolean }[] = [
  {
    title: 'Service Installed With Named-Pipe or COMSPEC Command',
    rel: 'evtx/EVTX-ATTACK-SAMPLES/System_7045_namedpipe_privesc.evtx',
    holds: (e) =>
      e.id === 7045 && ((/echo/i.test(str(e, 'ImagePath')) && str(e, 'ImagePath').includes('\\\\.\\pipe\\')) || /%comspec%/i.test(str(e, 'ImagePath'))),
  },
  {
    title: 'Credential Dumping Tool Command Line',
    rel: 'evtx/EVTX-ATTACK-SAMPLES/PanacheSysmon_vs_AtomicRedTeam01.evtx',
    holds: (e) =>
      e.id === 1 &&
      e.channel.endsWith('Sysmon/Operational') &&
      (/sekurlsa::|lsadump::|mimikatz/i.test(str(e, 'CommandLine')) ||
        (/procdump|comsvcs/i.test(str(e, 'CommandLine')) && /lsass/i.test(str(e, 'CommandLine')))),
  },
  {
    title: 'LSASS Memory Read Access',
    rel: 'evtx/EVTX-ATTACK-SAMPLES/sysmon_10_lsass_mimikatz_sekurlsa_logonpasswords.evtx',
    holds: (e) =>
      e.id === 10 &&
      /\\lsass\.exe$/i.test(str(e, 'TargetImage')) &&
      ['0x1010', '0x1410', '0x1438', '0x143a', '0x1fffff'].includes(str(e, 'GrantedAccess').toLowerCase()),
  },
  {
    title: 'Security Event Log Cleared',
    rel: 'evtx/EVTX-ATTACK-SAMPLES/DE_1102_security_log_cleared.evtx',
    holds: (e) => e.id === 1102 && e.channel === 'Security',
  },
  {
    title: 'WMI Command-Line or Script Event Consumer',
    rel: 'evtx/EVTX-ATTACK-SAMPLES/sysmon_20_21_1_CommandLineEventConsumer.evtx',
    holds: (e) => e.id === 20 && ['command line', 'script'].includes(str(e, 'Type').toLowerCase()),
  },
  {
    title: 'Kerberos RC4 Service Ticket Requested',
    rel: 'evtx/EVTX-to-MITRE-Attack/ID4769-Kerberoast ticket with low encryption.evtx',
    holds: (e) =>
      e.id === 4769 &&
      ['0x17', '0x18'].includes(str(e, 'TicketEncryptionType')) &&
      str(e, 'Status') === '0x0' &&
      !str(e, 'ServiceName').endsWith('$') &&
      str(e, 'ServiceName').toLowerCase() !== 'krbtgt',
  },
];

describe('built-in Sigma pack', () => {
  test('every rule loads, and every rule has a case below', () => {
    const rules = loadCommunityRules([]);
    expect(rules.refused).toBe(0);
    expect(rules.engine.ruleInfos.map((r) => r.title).sort()).toEqual(CASES.map((c) => c.title).sort());
  });

  describe.skipIf(!HAVE_SAMPLES || DUMP_GATE.skip)(`on the samples ${!HAVE_SAMPLES ? NO_SAMPLES : DUMP_GATE.skip ? DUMP_GATE.reason : ''}`, () => {
    test('each rule fires on exactly the records its restatement over evtx_dump selects', async () => {
      const files = [...new Set(CASES.map((c) => c.rel))];
      const all = await runEvtx(files, loadCommunityRules([]));
      const events = files.flatMap(dumpEvents);
      const rows = rowsOf(insight(all, 'Table', 'Overview: Sigma Matches'));
      for (const c of CASES) {
        // Over the whole job: a rule may also fire on another case's sample.
        const expected = events.filter(c.holds).map((e) => e.recordId);
        expect(expected.length, c.title).toBeGreaterThan(0);
        const row = rows.find((r) => r['Rule'] === c.title);
        expect(row?.['Matches'], c.title).toBe(String(expected.length));
        expect(
          (row?.['Record IDs'] ?? '')
            .replace(/, …$/, '')
            .split(', ')
            .map(Number)
            .sort((a, b) => a - b),
          c.title,
        ).toEqual(expected.sort((a, b) => a - b).slice(0, 20));
      }
    });
  });
});
