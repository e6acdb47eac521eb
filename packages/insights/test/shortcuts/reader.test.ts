import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { runPipeline, type Insight, type InputReport, type PipelineInput, type ShortcutJobRecord } from '../../src/index.js';
import { readShortcutInputs } from '../../src/pipeline/readers/shortcuts-reader.js';
import { applicationLabel } from '../../src/shortcuts/app-ids.js';
import { HAVE_SAMPLES, NO_SAMPLES, SAMPLES, inputsOf } from '../support/inputs.js';

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

/** Every sample link and Jump List, relative to samples/ (the READMEs are no evidence). */
const SHORTCUTS = HAVE_SAMPLES
  ? [...files(join(SAMPLES, 'lnk')), ...files(join(SAMPLES, 'jumplists'))].filter((f) => !f.endsWith('README.txt')).map((f) => relative(SAMPLES, f))
  : [];

async function read(inputs: PipelineInput[]): Promise<{ records: ShortcutJobRecord[]; reports: InputReport[] }> {
  const records: ShortcutJobRecord[] = [];
  const reports: InputReport[] = [];
  for await (const e of readShortcutInputs(inputs, { threads: 1 })) {
    if (e.type === 'record') records.push(e.record);
    else if (e.type === 'done') reports.push(e.report);
  }
  return { records, reports };
}

/** An input made of bytes in memory. */
const bytesInput = (name: string, bytes: Uint8Array, position = 0): PipelineInput => ({
  ref: { position, fileId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`, name, size: bytes.length, sha256: '' },
  open: async function* () {
    yield bytes;
  },
});

describe.skipIf(!HAVE_SAMPLES)(`the shortcuts reader over the shared samples ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  test('every sample (728 links, 17 Jump Lists) is recognised by content and read, whatever its extension', async () => {
    expect(SHORTCUTS).toHaveLength(745);
    const { reports } = await read(inputsOf(SHORTCUTS));
    expect(reports).toHaveLength(SHORTCUTS.length);
    expect(reports.filter((r) => r.error !== null).map((r) => `${r.input.name}: ${r.error}`)).toEqual([]);
    // What each file is, by its name in the samples (links carry many extensions; Jump Lists keep theirs).
    const byName = (rel: string): string =>
      rel.endsWith('.automaticDestinations-ms') ? 'automatic Jump List' : rel.endsWith('.customDestinations-ms') ? 'custom Jump List' : 'shell link';
    expect(reports.map((r) => [r.input.name, r.facts['shortcut_kind']])).toEqual(SHORTCUTS.map((rel) => [basename(rel), byName(rel)]));
  }, 120_000);

  test('a Jump List input names its AppID and application, and yields one record per entry', async () => {
    const rel = 'jumplists/Win10/RathbunVM/5f7b5f1e01b83767.automaticDestinations-ms';
    const { records, reports } = await read(inputsOf([rel]));
    const facts = reports[0]!.facts;
    // The AppID is the file name's; its application comes from the shipped table.
    expect([facts['app_id'], facts['application']]).toEqual(['5f7b5f1e01b83767', applicationLabel('5f7b5f1e01b83767')]);
    expect(Number(facts['entries'])).toBe(records.length);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.container === 'automaticDestinations' && r.appId === '5f7b5f1e01b83767' && r.member === undefined)).toBe(true);
  });

  test('a zip of links and Jump Lists gives the records its members give as plain inputs, each naming its member', async () => {
    const rels = SHORTCUTS.filter((r) => r.startsWith('jumplists/Win10/APTSimulatorVM/') || r.startsWith('lnk/Win7/')).slice(0, 40);
    const plain = await read(inputsOf(rels));
    const zip = zipSync(
      Object.fromEntries([...rels.map((r) => [r, readFileSync(join(SAMPLES, r))] as const), ['notes.txt', new TextEncoder().encode('hello')]]),
    );
    const zipped = await read([bytesInput('evidence.zip', zip)]);
    expect(zipped.reports).toHaveLength(1);
    const report = zipped.reports[0]!;
    expect(report.error).toBeNull();
    expect(report.facts['zip_shortcuts']).toBe(String(rels.length));
    expect(report.warnings).toContain('notes.txt: not a shell link or Jump List, skipped');
    expect(zipped.records.map((r) => r.member !== undefined && rels.includes(r.member))).toEqual(zipped.records.map(() => true));
    const strip = (r: ShortcutJobRecord) => ({ ...r, member: undefined });
    expect(zipped.records.map(strip)).toEqual(plain.records.map(strip));
  }, 120_000);
});

describe.skipIf(!HAVE_SAMPLES)(`links inside a zip ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  test('are judged and shown by their own names, not the archive\'s (a link in a zip is no link named ".zip")', async () => {
    const rels = ['lnk/Win7/Calculator.lnk', 'lnk/Win7/Command Prompt.lnk'];
    const zip = zipSync(Object.fromEntries(rels.map((r) => [r, readFileSync(join(SAMPLES, r))])));
    const zipped = await runPipeline({ category: 'lnk', inputs: [bytesInput('evidence.zip', zip)], options: { runSigmaRules: false }, threads: 1 });
    const plain = await runPipeline({ category: 'lnk', inputs: inputsOf(rels), options: { runSigmaRules: false }, threads: 1 });
    const table = (insights: Insight[], title: string) => insights.flatMap((i) => ('Table' in i && i.Table.title === title ? [i.Table.data] : []))[0]!;
    const verdicts = (insights: Insight[]) =>
      table(insights, 'Suspicious Shortcuts')
        .slice(1)
        .map((row) => [row[0], row.at(-2)]);
    expect(verdicts(zipped)).toEqual(verdicts(plain));
    const sources = table(zipped, 'Opened Files & Folders')[0]!.indexOf('Source File');
    expect(
      table(zipped, 'Opened Files & Folders')
        .slice(1)
        .map((row) => row[sources])
        .sort(),
    ).toEqual(rels.map((r) => `evidence.zip/${r}`));
  });
});

describe('inputs that are no shortcut', () => {
  test('are reported with what they are, and the job goes on with the rest', async () => {
    const link = HAVE_SAMPLES ? readFileSync(join(SAMPLES, SHORTCUTS[0]!)) : null;
    const inputs = [
      bytesInput('notes.lnk', new TextEncoder().encode('not a link at all'), 0),
      bytesInput('events.evtx', new TextEncoder().encode('ElfFile\0' + ' '.repeat(600)), 1),
    ];
    if (link) inputs.push(bytesInput('real.lnk', link, 2));
    const { records, reports } = await read(inputs);
    expect(reports.map((r) => [r.input.name, r.error])).toEqual([
      ['notes.lnk', 'not a shell link or Jump List (detected: Unknown)'],
      ['events.evtx', expect.stringMatching(/^not a shell link or Jump List \(detected: .*EVTX/i)],
      ...(link ? [['real.lnk', null]] : []),
    ]);
    expect(records.length).toBe(link ? 1 : 0);
  });

  test('a zip with no shortcut in it is an error of that input', async () => {
    const { reports } = await read([bytesInput('hives.zip', zipSync({ 'a.txt': new TextEncoder().encode('x') }))]);
    expect(reports[0]!.error).toBe('the zip archive holds no shell link or Jump List');
  });
});
