import { describe, expect, it } from 'vitest';
import { openEvtx } from '@quarry/evtx';
import { runPipeline, UnusableInputError, type Analyzer, type InputRef, type RecordSink } from '../src/index.js';
import { HAVE_SAMPLES, NO_SAMPLES, inputsOf, samplePath } from './support/inputs.js';

const EVTX = [
  'evtx/EVTX-ATTACK-SAMPLES/Sysmon_UACME_64.evtx',
  'evtx/EVTX-ATTACK-SAMPLES/bits_openvpn.evtx',
  'evtx/EVTX-ATTACK-SAMPLES/CA_4624_4625_LogonType2_LogonProc_chrome.evtx',
];

/** An analyzer that remembers every (input, record id) it is pushed. */
function spy(seen: Map<string, number>): () => Analyzer<'winevtx'> {
  return () => ({
    push(record, input: InputRef) {
      const key = `${input.position}:${record.recordId}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    },
    finish: () => [],
  });
}

describe.skipIf(!HAVE_SAMPLES)(`pipeline ${HAVE_SAMPLES ? '' : NO_SAMPLES}`, () => {
  it('opens each input once and hands every record to every analyzer and the sink exactly once', async () => {
    const opened = new Map<number, number>();
    const a = new Map<string, number>();
    const b = new Map<string, number>();
    const sunk = new Map<string, number>();
    let closed = 0;
    const sink: RecordSink<'winevtx'> = {
      write: async (record, input) => {
        const key = `${input.position}:${record.recordId}`;
        sunk.set(key, (sunk.get(key) ?? 0) + 1);
      },
      close: async () => {
        closed++;
      },
      abort: async () => {
        throw new Error('not expected');
      },
    };
    const insights = await runPipeline({
      category: 'winevtx',
      inputs: inputsOf(EVTX, opened),
      options: { runSigmaRules: false },
      threads: 1,
      sink,
      analyzers: [spy(a), spy(b)],
    });
    expect(insights).toEqual([]);
    expect([...opened.values()]).toEqual([1, 1, 1]);
    // Expected: each file's records as the parser reads the file from disk on its own.
    const expected: string[] = [];
    for (const [position, rel] of EVTX.entries()) {
      for await (const r of openEvtx(samplePath(rel))) expected.push(`${position}:${r.recordId}`);
    }
    expect(expected.length).toBeGreaterThan(500);
    for (const seen of [a, b, sunk]) {
      expect([...seen.keys()].sort()).toEqual([...expected].sort());
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
    }
    expect(closed).toBe(1);
  });

  it('registers the file metadata analyzer first: one Metadata insight per input, in input order', async () => {
    const insights = await runPipeline({ category: 'winevtx', inputs: inputsOf(EVTX), options: { runSigmaRules: false }, threads: 1 });
    const meta = insights.flatMap((i) => ('Metadata' in i && i.Metadata.title.startsWith('File metadata: ') ? [i.Metadata] : []));
    // The per-file insights come first.
    expect(insights.slice(0, meta.length).every((i) => 'Metadata' in i && i.Metadata.title.startsWith('File metadata: '))).toBe(true);
    expect(meta.map((m) => m.title)).toEqual(EVTX.map((p) => `File metadata: ${p.split('/').pop()}`));
    expect(meta[0]!.data['detected_type']).toBe('Windows event log (EVTX)');
    expect(Number(meta[0]!.data['records'])).toBeGreaterThan(0);
  });

  it('fails the job, naming the file, when an input is not of the category', async () => {
    const run = runPipeline({
      category: 'winevtx',
      inputs: inputsOf([EVTX[0]!, 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf']),
      options: { runSigmaRules: false },
      threads: 1,
    });
    await expect(run).rejects.toThrow(UnusableInputError);
    await expect(
      runPipeline({
        category: 'winevtx',
        inputs: inputsOf(['prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf']),
        options: { runSigmaRules: false },
        threads: 1,
      }),
    ).rejects.toThrow(/CALC\.EXE-3FBEF7FD\.pf is not an EVTX event log/);
  });

  it('aborts the sink when the run fails', async () => {
    let aborted = 0;
    const sink: RecordSink<'winevtx'> = { write: () => undefined, close: async () => undefined, abort: async () => void aborted++ };
    await expect(
      runPipeline({
        category: 'winevtx',
        inputs: inputsOf([EVTX[0]!, 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf']),
        options: { runSigmaRules: false },
        threads: 1,
        sink,
      }),
    ).rejects.toThrow(UnusableInputError);
    expect(aborted).toBe(1);
  });
});

describe('peek', () => {
  it('close() closes a source whose stream is never read', async () => {
    const { peek } = await import('../src/pipeline/peek.js');
    let closed = false;
    async function* source() {
      try {
        for (let i = 0; i < 10; i++) yield Buffer.alloc(300, i);
      } finally {
        closed = true;
      }
    }
    const { close } = await peek(source());
    await close();
    expect(closed).toBe(true);
  });

  it('closes the source when the consumer stops early', async () => {
    const { peek } = await import('../src/pipeline/peek.js');
    let closed = false;
    async function* source() {
      try {
        for (let i = 0; i < 10; i++) yield Buffer.alloc(300, i);
      } finally {
        closed = true;
      }
    }
    const { head, stream } = await peek(source());
    expect(head.length).toBe(512);
    for await (const piece of stream) {
      expect(piece.length).toBe(300);
      break;
    }
    expect(closed).toBe(true);
  });
});

describe.skipIf(!HAVE_SAMPLES)('prefetch jobs with files that cannot be read', () => {
  const NOT_PF = 'prefetch/Windows-Prefetch-Parser/Bad/notAPrefetch.pf';
  const CALC = 'prefetch/Windows-Prefetch-Parser/Win10/CALC.EXE-3FBEF7FD.pf';

  it('a file that is not prefetch is reported and the rest analysed', async () => {
    const insights = await runPipeline({ category: 'prefetch', inputs: inputsOf([NOT_PF, CALC]), options: { runSigmaRules: false }, threads: 1 });
    const meta = insights.flatMap((i) => ('Metadata' in i ? [i.Metadata] : []));
    expect(meta[0]!.data['error']).toBe('not a prefetch file (detected: Unknown)');
    expect(meta[1]!.data['error']).toBeUndefined();
  });

  it('fails only when no file could be read', async () => {
    await expect(runPipeline({ category: 'prefetch', inputs: inputsOf([NOT_PF]), options: { runSigmaRules: false }, threads: 1 })).rejects.toThrow(
      /No input could be read \(notAPrefetch\.pf: not a prefetch file/,
    );
  });
});
