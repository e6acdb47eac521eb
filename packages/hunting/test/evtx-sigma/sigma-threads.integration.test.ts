import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { openEvtx, type EvtxRecord } from '@quarry/evtx';
import { sharedPath } from '@quarry/testkit';
// The EVTX analysis' Sigma pass itself (not exported by @quarry/insights), and its sample folder.
import { SigmaRun } from '../../../insights/src/evtx/sigma-run.js';
import { viewOf } from '../../../insights/src/evtx/event-view.js';
import { SAMPLES } from '../../../insights/test/support/inputs.js';
import { loadCommunityRules, type CommunityRules } from '../../src/index.js';
import { createAnnotator, ruleKeys } from '../../src/sigma/sigma-annotator.js';

const WINDOWS_RULES = sharedPath('rules', 'sigma', 'rules', 'windows');
// A 4625 flood (a correlation-style rule's input), a full Security log and a Sysmon log.
const FILES = [
  'evtx/DeepBlueCLI/smb-password-guessing-security.evtx',
  'evtx/DFIRArtifactMuseum/Win2012R2_StolenSzechuan/Security.evtx',
  'evtx/EVTX-ATTACK-SAMPLES/PanacheSysmon_vs_AtomicRedTeam01.evtx',
].map((f) => `${SAMPLES}/${f}`);
const HAVE = existsSync(WINDOWS_RULES) && FILES.every((f) => existsSync(f));
// SigmaHQ "User Logoff Event" (EventID 4634/4647 on Security) and a Security log holding 1108
// records (the event log failed to process an event) that name the failed 4647/4634 in UserData.
const LOGOFF_RULE = sharedPath('rules', 'sigma', 'rules', 'windows', 'builtin', 'security', 'win_security_user_logoff.yml');
const WITH_1108 = `${SAMPLES}/evtx/omerbenamram-evtx/Security_with_size_t.evtx`;
// Its Security 4634/4647 records by EventRecordID, as evtx_dump 0.15.1 lists them (1108s 119 and 121 are not).
const LOGOFF_RECORDS = [32, 66, 71, 82, 450, 461, 467, 472, 477, 483, 494, 511, 519, 531, 542, 556, 598, 600];

/** Per rule (title): match count and first record ids, after the correlations. */
function summary(run: SigmaRun): Map<string, string> {
  run.finish();
  return new Map([...run.hits.values()].map((h) => [`${h.rule.title} ${h.rule.id ?? ''}`, `${h.occ.count} ${h.occ.recordIds.join(',')}`]));
}

async function runOver(
  rules: CommunityRules,
  file: string,
  threaded: boolean,
): Promise<{ perRecord: string[]; summary: Map<string, string>; annotated: number; records: number }> {
  // Small runs per thread so that these few-MiB samples are parsed on worker threads at all.
  const opts = threaded ? { threads: 2, chunksPerThread: 4, annotator: rules.annotation!.annotator } : { threads: 0 };
  const run = new SigmaRun(rules);
  const perRecord: string[] = [];
  let annotated = 0;
  let records = 0;
  for await (const record of openEvtx(file, opts) as AsyncIterable<EvtxRecord>) {
    records++;
    if (record.annotation !== undefined) annotated++;
    const names = run.push(record, viewOf(record));
    if (names.length > 0) perRecord.push(`${record.recordId}: ${names.join(' | ')}`);
  }
  return { perRecord, summary: summary(run), annotated, records };
}

describe.skipIf(!HAVE)(`Sigma matched on the EVTX parser threads ${HAVE ? '' : '(needs ../shared/rules/sigma and the EVTX samples: skipped)'}`, () => {
  let windows: CommunityRules | undefined;
  const windowsRules = (): CommunityRules => (windows ??= loadCommunityRules([WINDOWS_RULES]));

  test.each(FILES)('%s: the same matches, per record and per rule, as matching on the job thread', async (file) => {
    const threaded = await runOver(windowsRules(), file, true);
    const single = await runOver(windowsRules(), file, false);
    // Every record came from a worker thread, annotated (null when nothing matched).
    expect(threaded.annotated).toBe(threaded.records);
    expect(single.annotated).toBe(0);
    expect(threaded.records).toBe(single.records);
    expect(single.perRecord.length).toBeGreaterThan(0);
    expect(threaded.perRecord).toEqual(single.perRecord);
    expect([...threaded.summary].sort()).toEqual([...single.summary].sort());
  });

  test.skipIf(!existsSync(WITH_1108))(
    'EventID is read from System on parser threads and on the job thread: no logoff match on a 1108 whose UserData names 4647',
    async () => {
      const rules = loadCommunityRules([LOGOFF_RULE]);
      for (const threaded of [true, false]) {
        const { perRecord, annotated, records } = await runOver(rules, WITH_1108, threaded);
        expect(annotated).toBe(threaded ? records : 0);
        const logoff = perRecord.filter((l) => l.includes('User Logoff Event')).map((l) => Number(l.slice(0, l.indexOf(':'))));
        expect(logoff).toEqual(LOGOFF_RECORDS);
      }
    },
  );

  test('a parser thread that compiles a different rule set refuses to run', () => {
    const { documents, engine } = windowsRules();
    const keys = ruleKeys(engine.ruleInfos);
    expect(() => createAnnotator({ documents: documents.slice(1), ruleKeys: keys })).toThrow(/differ/);
  });
});
