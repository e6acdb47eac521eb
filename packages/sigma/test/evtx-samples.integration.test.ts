import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { loadEvtxReader, readEvtxRecords } from '../src/evtx-input.js';
import { SigmaEngine, xmlToRecords, type Json } from '../src/index.js';
import { HAS_SHARED, NO_SHARED_REASON, SHARED } from './helpers.js';

const HAS_EVTXEXPORT = spawnSync('evtxexport', ['-h']).error === undefined;
if (process.env['CI'] && HAS_SHARED && !HAS_EVTXEXPORT) throw new Error('CI requires evtxexport (apt-get install libevtx-utils)');
const reader = await loadEvtxReader();

function regressionSamples(): { name: string; id: string; evtx: string }[] {
  const out: { name: string; id: string; evtx: string }[] = [];
  const root = `${SHARED}/rules/sigma-regression`;
  const walk = (p: string) => {
    for (const n of readdirSync(p).sort()) {
      const c = join(p, n);
      if (statSync(c).isDirectory()) walk(c);
      else if (n.endsWith('.evtx')) {
        const info = parse(readFileSync(join(p, 'info.yml'), 'utf8')) as { rule_metadata: { id: string }[] };
        out.push({ name: relative(root, p), id: info.rule_metadata[0]!.id, evtx: c });
      }
    }
  };
  walk(root);
  return out;
}

/** Records of an EVTX file as rendered by libevtx's evtxexport (the reference tool), via XML. */
function viaEvtxexport(file: string): Json[] {
  return xmlToRecords(execFileSync('evtxexport', ['-f', 'xml', file], { maxBuffer: 1 << 30, encoding: 'utf8' }));
}

const engine = HAS_SHARED
  ? SigmaEngine.fromPaths(['rules', 'rules-emerging-threats', 'rules-threat-hunting'].map((d) => `${SHARED}/rules/sigma/${d}`))
  : undefined;
const samples = HAS_SHARED ? regressionSamples() : [];

describe.skipIf(!HAS_SHARED || !HAS_EVTXEXPORT)(
  `regression EVTX through evtxexport XML${!HAS_SHARED ? ` (skipped: ${NO_SHARED_REASON})` : !HAS_EVTXEXPORT ? ' (skipped: evtxexport not installed; apt-get install libevtx-utils)' : ''}`,
  () => {
    test.each(samples.map((s) => [s.name, s]))('%s', (_n, s) => {
      const recs = viaEvtxexport(s.evtx);
      expect(recs.length).toBeGreaterThan(0);
      expect(recs.some((r) => engine!.match(r).some((m) => m.rule.id === s.id))).toBe(true);
    });
  },
);

describe.skipIf(!HAS_SHARED || !reader)(
  `regression EVTX through @quarry/evtx${!HAS_SHARED ? ` (skipped: ${NO_SHARED_REASON})` : !reader ? ' (skipped: @quarry/evtx does not export openEvtx yet)' : ''}`,
  () => {
    test.each(samples.map((s) => [s.name, s]))('%s', async (_n, s) => {
      const recs: Json[] = [];
      for await (const r of readEvtxRecords(reader!, s.evtx)) recs.push(r);
      expect(recs.length).toBeGreaterThan(0);
      expect(recs.some((r) => engine!.match(r).some((m) => m.rule.id === s.id))).toBe(true);
    });
  },
);
