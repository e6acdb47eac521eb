import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { parsePrefetch, PrefetchError } from '../src/index.js';
import { haveCommand, havePyscca, pyscca, sccainfo, type ReferenceView } from './helpers/reference-tools.js';
import { HAVE_SAMPLES, prefetchSamples, SKIP_REASON } from './helpers/shared.js';
import { ourView } from './helpers/views.js';

/**
 * Field-by-field comparison with libscca: the Debian sccainfo (versions 17-30) and libscca's
 * Python bindings (pip libscca-python, which also read version 31 and file references).
 * Normalisation: times are compared as ISO 8601 UTC, padded to sccainfo's nanoseconds.
 * Locally a missing tool skips; under CI it fails, so CI really compares.
 */
const CI = Boolean(process.env.CI);
const samples = prefetchSamples();

function ours(path: string) {
  try {
    return parsePrefetch(readFileSync(path));
  } catch (error) {
    if (error instanceof PrefetchError) return null;
    throw error;
  }
}

function suite(tool: string, available: boolean, install: string) {
  const why = !HAVE_SAMPLES ? SKIP_REASON : `${tool} not installed (${install})`;
  const run = HAVE_SAMPLES && (available || CI);
  return { title: run ? `compared with ${tool}` : `compared with ${tool} (skipped: ${why})`, run, available };
}

const sc = suite('sccainfo', haveCommand('sccainfo'), 'apt-get install libscca-utils');
describe.skipIf(!sc.run)(sc.title, () => {
  const views = new Map<string, ReferenceView | null>(sc.available && sc.run ? samples.map((s) => [s.name, sccainfo(s.path)]) : []);
  const compared = samples.filter((s) => views.get(s.name));
  beforeAll(() => {
    if (!sc.available) throw new Error('sccainfo is required under CI: apt-get install libscca-utils');
  });

  test('sccainfo reads 46 of the 53 files (no version 31, not the 3 damaged ones); we read all of those', () => {
    const read = samples.filter((s) => views.get(s.name));
    expect(read).toHaveLength(46);
    expect(read.filter((s) => ours(s.path) === null)).toEqual([]);
  });

  test.each(compared.map((s) => [s.name, s.path] as const))('%s: every sccainfo field equal', (name, path) => {
    const { fileMetrics: _ignored, ...mine } = ourView(ours(path)!, true);
    expect(mine).toEqual(views.get(name));
  });
});

const py = suite('pyscca', havePyscca(), 'pip install libscca-python==20260527');
describe.skipIf(!py.run)(py.title, () => {
  const all = py.available && py.run ? pyscca(samples.map((s) => s.path)) : [];
  const views = new Map<string, ReferenceView | null>(samples.map((s, i) => [s.name, all[i] ?? null]));
  const compared = samples.filter((s) => views.get(s.name));
  beforeAll(() => {
    if (!py.available) throw new Error('pyscca is required under CI: pip install libscca-python==20260527');
  });

  test('pyscca reads 50 of the 53 files, including the 4 version 31 files; we read all of those', () => {
    const read = samples.filter((s) => views.get(s.name));
    expect(read).toHaveLength(50);
    expect(read.filter((s) => views.get(s.name)?.version === 31)).toHaveLength(4);
    expect(read.filter((s) => ours(s.path) === null)).toEqual([]);
  });

  test.each(compared.map((s) => [s.name, s.path] as const))('%s: every field and file reference equal', (name, path) => {
    expect(ourView(ours(path)!, false)).toEqual(views.get(name));
  });
});
