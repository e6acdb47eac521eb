import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { findTool, toolGate } from '@quarry/testkit';
import { loadEvtxReader, matchEvtxFile } from '../src/evtx-input.js';
import { SigmaEngine, xmlToRecords } from '../src/index.js';
import { HAS_SHARED, NO_SHARED_REASON, SHARED, sampleEvtxFiles } from './helpers.js';

// SigmaHQ "User Logoff Event" (0badd08f-…): service security, EventID 4634 or 4647.
const LOGOFF_RULE = `${SHARED}/rules/sigma/rules/windows/builtin/security/win_security_user_logoff.yml`;
const LOGOFF_ID = '0badd08f-c6a3-4630-90d3-6875cca440be';
const SECURITY_WITH_1108 = `${SHARED}/samples/evtx/omerbenamram-evtx/Security_with_size_t.evtx`;

interface DumpedEvent {
  System: { EventID: number | { '#text': number }; EventRecordID: number; Channel: string };
  UserData?: { EventProcessingFailure?: { EventID?: number } };
}

/** Records of a file as evtx_dump (the evtx crate, a reference parser) renders them, one JSON object each. */
function dumped(evtxDump: string, file: string, keep: (line: string) => boolean = () => true): DumpedEvent[] {
  const out = execFileSync(evtxDump, ['-o', 'jsonl', '--no-confirm-overwrite', file], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return out
    .split('\n')
    .filter((l) => l.startsWith('{') && keep(l))
    .map((l) => (JSON.parse(l) as { Event: DumpedEvent }).Event);
}

const systemId = (e: DumpedEvent): number => (typeof e.System.EventID === 'object' ? e.System.EventID['#text'] : e.System.EventID);
/** What the rule means, written over evtx_dump's rendering: the System section's EventID on Security. */
const isLogoff = (e: DumpedEvent): boolean => e.System.Channel === 'Security' && (systemId(e) === 4634 || systemId(e) === 4647);

const evtxDump = findTool('evtx_dump');
const dumpGate = toolGate('evtx_dump');
const evtxexportGate = toolGate('evtxexport');
const reader = await loadEvtxReader();
const engine = HAS_SHARED ? SigmaEngine.fromText(readFileSync(LOGOFF_RULE, 'utf8'), {}, LOGOFF_RULE) : undefined;

describe.skipIf(!HAS_SHARED || dumpGate.skip || !reader)(
  `SigmaHQ "User Logoff Event" reads EventID from System on the real Security 1108 records${!HAS_SHARED ? ` (skipped: ${NO_SHARED_REASON})` : dumpGate.skip ? ` (skipped: ${dumpGate.reason})` : !reader ? ' (skipped: @quarry/evtx is not built)' : ''}`,
  () => {
    test('Security_with_size_t.evtx: matched are its 4634/4647 records, not the 1108s whose UserData names 4647 or 4634', async () => {
      const events = dumped(evtxDump!, SECURITY_WITH_1108);
      // The evidence: 1108 "the event logging service encountered an error while processing an
      // incoming event published from Microsoft-Windows-Security-Auditing", the failed event's id in UserData.
      const failures = events.filter((e) => systemId(e) === 1108 && [4634, 4647].includes(e.UserData?.EventProcessingFailure?.EventID ?? 0));
      expect(failures.map((e) => [e.System.EventRecordID, e.UserData?.EventProcessingFailure?.EventID])).toEqual([
        [119, 4647],
        [121, 4634],
      ]);
      const expected = events.filter(isLogoff).map((e) => e.System.EventRecordID);
      expect(expected.length).toBeGreaterThan(0);

      const ours = (await matchEvtxFile(reader!, engine!, SECURITY_WITH_1108)).matches.map((m) => Number(m.recordId));
      expect(ours).toEqual(expected);
      expect(ours).not.toContain(119);
      expect(ours).not.toContain(121);
    });

    test.skipIf(evtxexportGate.skip)(
      `the same through evtxexport's XML (the inline scan's XML input)${evtxexportGate.skip ? ` (skipped: ${evtxexportGate.reason})` : ''}`,
      () => {
        const records = xmlToRecords(
          execFileSync('evtxexport', ['-f', 'xml', SECURITY_WITH_1108], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] }),
        );
        const ours = records.flatMap((r) => engine!.match(r).map((m) => Number(m.recordId)));
        const expected = dumped(evtxDump!, SECURITY_WITH_1108)
          .filter(isLogoff)
          .map((e) => e.System.EventRecordID);
        expect(ours).toEqual(expected);
      },
    );

    test('over all samples: 2,388 matches, the count Hayabusa 3.10.0 and Chainsaw 2.12.2 find, and the count of 4634/4647 Security records evtx_dump shows', async () => {
      let ours = 0;
      let expected = 0;
      for (const f of sampleEvtxFiles()) {
        ours += (await matchEvtxFile(reader!, engine!, f)).matches.filter((m) => m.rule.id === LOGOFF_ID).length;
        expected += dumped(evtxDump!, f, (l) => l.includes('"EventID":46') || l.includes('"EventID":{')).filter(isLogoff).length;
      }
      expect(expected).toBe(2388);
      expect(ours).toBe(expected);
    });
  },
);
