import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { findTool, toolGate } from '@quarry/testkit';
import { loadEvtxReader, matchEvtxFile } from '../src/evtx-input.js';
import { SigmaEngine, type Json } from '../src/index.js';
import { HAS_SHARED, NO_SHARED_REASON, SHARED, sampleEvtxFiles } from './helpers.js';

function logon(data: Record<string, Json>): Json {
  return {
    Event: {
      System: {
        Provider: { '#attributes': { Name: 'Microsoft-Windows-Security-Auditing' } },
        EventID: 4624,
        Channel: 'Security',
        EventRecordID: 9,
        TimeCreated: { '#attributes': { SystemTime: '2025-01-01T00:00:00Z' } },
      },
      EventData: data,
    },
  };
}

const PTH_RULE = `${SHARED}/rules/sigma/rules/windows/builtin/security/account_management/win_security_pass_the_hash_2.yml`;

describe('padded event data (Windows writes LogonProcessName "NtLmSsp ")', () => {
  const engine = SigmaEngine.fromText(`title: ntlm
id: 11111111-2222-4333-8444-555555555555
logsource: {product: windows, service: security}
detection:
  sel: {EventID: 4624, LogonProcessName: 'NtLmSsp', KeyLength: 0}
  ends: {LogonProcessName|endswith: 'ssp'}
  condition: sel and ends`);

  test('equality and suffix tests hold on the trimmed value, as Hayabusa and Chainsaw compare', () => {
    expect(engine.match(logon({ LogonProcessName: 'NtLmSsp ', KeyLength: 0 }))).toHaveLength(1);
    expect(engine.match(logon({ LogonProcessName: ' NtLmSsp\t', KeyLength: 0 }))).toHaveLength(1);
    expect(engine.match(logon({ LogonProcessName: 'NtLmSspX', KeyLength: 0 }))).toHaveLength(0);
  });

  test('generic JSON records are compared as written (only Windows events are trimmed)', () => {
    const generic = SigmaEngine.fromText(`title: g\nlogsource: {product: test}\ndetection:\n  sel: {A: 'x'}\n  condition: sel`);
    expect(generic.match({ A: 'x ' })).toHaveLength(0);
    expect(generic.match({ A: 'x' })).toHaveLength(1);
  });

  const evtxDump = findTool('evtx_dump');
  const gate = toolGate('evtx_dump');
  test.skipIf(!HAS_SHARED || gate.skip)(
    `SigmaHQ "Pass the Hash Activity 2" on the samples equals a count from evtx_dump's JSON${!HAS_SHARED ? ` (${NO_SHARED_REASON})` : gate.skip ? ` (${gate.reason})` : ''}`,
    async () => {
      const reader = (await loadEvtxReader())!;
      const pth = SigmaEngine.fromText(readFileSync(PTH_RULE, 'utf8'), {}, PTH_RULE);
      const files = sampleEvtxFiles();
      let ours = 0;
      let expected = 0;
      for (const f of files) {
        ours += (await matchEvtxFile(reader, pth, f)).matches.length;
        // The rule, written out by hand over evtx_dump's rendering, with the values trimmed.
        const out = execFileSync(evtxDump!, ['-o', 'jsonl', '--no-confirm-overwrite', f], {
          encoding: 'utf8',
          maxBuffer: 1 << 30,
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        for (const line of out.split('\n')) {
          if (!line.includes('4624')) continue;
          const ev = JSON.parse(line).Event;
          const id = typeof ev.System.EventID === 'object' ? ev.System.EventID['#text'] : ev.System.EventID;
          if (ev.System.Channel !== 'Security' || id !== 4624) continue;
          const d = ev.EventData ?? {};
          const s = (k: string) => String(d[k] ?? '').trim();
          const logon3 =
            s('SubjectUserSid') === 'S-1-0-0' && s('LogonType') === '3' && s('LogonProcessName').toLowerCase() === 'ntlmssp' && s('KeyLength') === '0';
          const logon9 = s('LogonType') === '9' && s('LogonProcessName').toLowerCase() === 'seclogo';
          if ((logon3 || logon9) && s('TargetUserName').toLowerCase() !== 'anonymous logon') expected++;
        }
      }
      expect(expected).toBe(16);
      expect(ours).toBe(expected);
    },
  );
});
