import { EcsFlat, EcsVersion } from '@elastic/ecs';
import { describe, expect, it } from 'vitest';
import { ECS_VERSION, ecsBulk, type EvtxEvent, type EvtxSourceEvent } from '../src/index.js';
import { drain, evtxDumpEvents, HAVE_SAMPLES, parsed, SAMPLES, withSamples } from './helpers.js';

type Flat = Record<string, { type: string; normalize: readonly string[] }>;
const ECS = EcsFlat as unknown as Flat;

/** Dotted paths of a document's leaves (arrays of scalars are one leaf, as ECS fields take them). */
function leaves(doc: Record<string, unknown>, prefix = ''): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(doc)) {
    const path = prefix + k;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) out.push(...leaves(v as Record<string, unknown>, `${path}.`));
    else out.push([path, v]);
  }
  return out;
}

/** Whether a JSON value fits an ECS field type. */
function fits(type: string, v: unknown): boolean {
  switch (type) {
    case 'keyword':
    case 'wildcard':
    case 'match_only_text':
    case 'constant_keyword':
    case 'text':
      return typeof v === 'string';
    case 'long':
    case 'integer':
      return Number.isSafeInteger(v);
    case 'date':
      return typeof v === 'string' && !Number.isNaN(Date.parse(v));
    default:
      throw new Error(`no check for ECS type ${type}`);
  }
}

/** The bulk body as [action, document] pairs, every line checked to be one JSON object. */
function bulkPairs(text: string): [Record<string, unknown>, Record<string, unknown>][] {
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.slice(0, -1).split('\n');
  expect(lines.length % 2).toBe(0);
  const pairs: [Record<string, unknown>, Record<string, unknown>][] = [];
  for (let i = 0; i < lines.length; i += 2)
    pairs.push([JSON.parse(lines[i]!) as Record<string, unknown>, JSON.parse(lines[i + 1]!) as Record<string, unknown>]);
  return pairs;
}

const sys = (e: EvtxEvent): Record<string, unknown> => (e.Event as { System: Record<string, unknown> }).System;
const data = (e: EvtxEvent): Record<string, unknown> => (e.Event as { EventData?: Record<string, unknown> }).EventData ?? {};
const text = (v: unknown): unknown => (typeof v === 'object' && v !== null && '#text' in v ? (v as { '#text': unknown })['#text'] : v);

describe('ecs', () => {
  it('names the ECS version of the definitions it is checked against', () => {
    expect(ECS_VERSION).toBe(EcsVersion);
    // winlog.* is Winlogbeat's namespace: ECS defines no field there, so it can never clash.
    expect(Object.keys(ECS).filter((k) => k === 'winlog' || k.startsWith('winlog.'))).toEqual([]);
  });

  describe.skipIf(!HAVE_SAMPLES)(withSamples('bulk documents of real events'), () => {
    for (const s of SAMPLES) {
      it(`uses ECS field names and types only (and winlog.*), with evtx_dump's values: ${s}`, async (ctx) => {
        const reference = evtxDumpEvents(s);
        if (!reference) return ctx.skip();
        const events = await parsed(s);
        const rule = { id: '5f6a601c-2ecb-498b-9c33-660362323afa', title: 'Test rule', level: 'high' };
        const sources: EvtxSourceEvent[] = events.map((e, i) => ({ event: e.event, source: s, ...(i === 0 ? { sigma: [rule] } : {}) }));
        const created = new Date('2026-01-01T00:00:00Z');
        const pairs = bulkPairs(await drain(ecsBulk(sources, { index: 'evidence-1', created })));
        expect(pairs.length).toBe(reference.length);
        for (const [i, [action, doc]] of pairs.entries()) {
          expect(action).toEqual({ create: { _index: 'evidence-1' } });
          for (const [name, value] of leaves(doc)) {
            if (name.startsWith('winlog.')) continue;
            const def = ECS[name];
            expect(def, `${name} is an ECS field`).toBeDefined();
            const values = Array.isArray(value) ? value : [value];
            if (Array.isArray(value)) expect(def!.normalize, `${name} takes an array`).toContain('array');
            for (const v of values) expect(fits(def!.type, v), `${name} = ${JSON.stringify(v)} fits ${def!.type}`).toBe(true);
          }
          // Values from the reference tool's rendering of the same record.
          const ref = reference[i]!;
          const s0 = sys(ref);
          const d = doc as Record<string, Record<string, unknown>>;
          expect(doc['@timestamp']).toBe((s0.TimeCreated as { '#attributes': { SystemTime: string } })['#attributes'].SystemTime);
          expect(d.ecs).toEqual({ version: EcsVersion });
          expect(d.event!.code).toBe(String(text(s0.EventID)));
          expect(d.event!.provider).toBe((s0.Provider as { '#attributes': { Name: string } })['#attributes'].Name);
          expect(d.event!.created).toBe('2026-01-01T00:00:00.000Z');
          expect(d.host).toEqual({ name: s0.Computer });
          expect(d.winlog!.channel).toBe(s0.Channel);
          expect(d.winlog!.event_id).toBe(String(text(s0.EventID)));
          expect(d.winlog!.record_id).toBe(String(s0.EventRecordID));
          const refData = Object.fromEntries(
            Object.entries(data(ref))
              .filter(([k]) => k !== '#attributes')
              .map(([k, v]) => [k, typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)]),
          );
          expect(d.winlog!.event_data ?? {}).toEqual(refData);
          const ud = (ref.Event as { UserData?: Record<string, unknown> }).UserData;
          if (ud) expect((d.winlog!.user_data as { xml_name?: string } | undefined)?.xml_name).toBe(Object.keys(ud).find((k) => k !== '#attributes'));
          if (i === 0) expect(d.rule).toEqual({ name: rule.title, id: rule.id, ruleset: 'sigma' });
          else expect(d.rule).toBeUndefined();
          expect(d.event!.kind).toBe(i === 0 ? 'alert' : 'event');
          // Process and user fields where the event names them (Security 4688, Sysmon 1, logons).
          const ed = data(ref);
          const id = Number(text(s0.EventID));
          if (id === 4688) {
            expect(d.process!.executable).toBe(ed.NewProcessName);
            expect(d.process!.pid).toBe(Number.parseInt(String(ed.NewProcessId).slice(2), 16));
            if (ed.CommandLine) expect(d.process!.command_line).toBe(ed.CommandLine);
          }
          if (id === 1 && String(s0.Channel).includes('Sysmon')) {
            expect(d.process!.executable).toBe(ed.Image);
            expect(d.process!.command_line).toBe(ed.CommandLine);
            expect(d.process!.pid).toBe(Number(ed.ProcessId));
          }
          if (id === 4624 || id === 4625) {
            expect(d.user!.name).toBe(ed.TargetUserName);
            expect(d.user!.domain).toBe(ed.TargetDomainName || undefined);
          }
        }
      });
    }
  });
});
