import { describe, expect, test } from 'vitest';
import {
  CryptoError,
  IntegrityError,
  WrongKeyError,
  createPayloadCodec,
  decryptToBuffer,
  newDataKey,
  openBuffer,
  sealBuffer,
  unwrapKey,
  wrapKey,
  createEncryptStream,
} from '../src/index.js';
import { chunked, prng, pseudoRandomBytes, through } from './helpers.js';

/** Default keeps the suite fast; QUARRY_FUZZ_ITERATIONS=100000 for a long run on demand. */
const ITERATIONS = Number(process.env.QUARRY_FUZZ_ITERATIONS ?? 300);
const SEED = Number(process.env.QUARRY_FUZZ_SEED ?? 20261121);

type Mutation = (b: Buffer, next: (n: number) => number) => Buffer;
const mutations: Record<string, Mutation> = {
  flipBit: (b, next) => {
    const out = Buffer.from(b);
    out[next(out.length)]! ^= 1 << next(8);
    return out;
  },
  truncate: (b, next) => b.subarray(0, next(b.length)),
  dropRange: (b, next) => {
    const at = next(b.length);
    return Buffer.concat([b.subarray(0, at), b.subarray(at + 1 + next(70_000))]);
  },
  insertBytes: (b, next) => {
    const at = next(b.length + 1);
    return Buffer.concat([b.subarray(0, at), pseudoRandomBytes(1 + next(40), next(1 << 30)), b.subarray(at)]);
  },
  duplicateRange: (b, next) => {
    const at = next(b.length);
    const len = 1 + next(70_000);
    return Buffer.concat([b.subarray(0, at + len), b.subarray(at, at + len), b.subarray(at + len)]);
  },
  swapRanges: (b, next) => {
    const len = 1 + next(b.length >> 1);
    const a = next(b.length - 2 * len + 1);
    const c = a + len + next(b.length - a - 2 * len + 1);
    const out = Buffer.from(b);
    b.copy(out, a, c, c + len);
    b.copy(out, c, a, a + len);
    return out;
  },
  garbage: (_b, next) => pseudoRandomBytes(next(200_000), next(1 << 30)),
};

/** Mutated input must fail with exactly `kinds`; success or any other error fails the test. */
async function expectRejected(run: () => Promise<unknown>, kinds: (typeof CryptoError)[], label: string): Promise<void> {
  const outcome = await run().then(
    () => 'accepted',
    (e: unknown) => e,
  );
  expect(
    kinds.some((k) => outcome instanceof k),
    `${label}: ${String(outcome)}`,
  ).toBe(true);
}

describe(`fuzz (${ITERATIONS} iterations per target, seed ${SEED})`, () => {
  test('mutated segmented streams are always rejected with IntegrityError', async () => {
    const next = prng(SEED);
    const key = newDataKey();
    const plain = pseudoRandomBytes(3 * 65_536 + 5_000, SEED);
    const ct = await through(createEncryptStream(key), [plain]);
    const names = Object.keys(mutations);
    for (let i = 0; i < ITERATIONS; i++) {
      const name = names[next(names.length)]!;
      const bad = mutations[name]!(ct, next);
      if (bad.equals(ct)) continue;
      const sizes = [1 + next(100_000)];
      await expectRejected(() => decryptToBuffer(chunked(bad, sizes), key), [IntegrityError], `${name} #${i}`);
    }
  });

  test('mutated wrapped keys never unwrap', async () => {
    const next = prng(SEED + 1);
    const clientKey = newDataKey();
    const wrapped = wrapKey(newDataKey(), clientKey);
    for (let i = 0; i < ITERATIONS; i++) {
      const bad = mutations.flipBit!(wrapped, next);
      await expectRejected(async () => unwrapKey(bad, clientKey), [WrongKeyError, CryptoError], `flipBit #${i}`);
      const junk = pseudoRandomBytes(next(200), i);
      await expectRejected(async () => unwrapKey(junk, clientKey), [WrongKeyError, CryptoError], `junk #${i}`);
    }
  });

  test('mutated sealed buffers and codec payloads are rejected with IntegrityError', async () => {
    const next = prng(SEED + 2);
    const key = newDataKey();
    const sealed = sealBuffer(Buffer.from(JSON.stringify([{ Metadata: { name: 'Security.evtx' } }])), key);
    const codec = createPayloadCodec(key);
    const [payload] = await codec.encode([{ metadata: { encoding: Buffer.from('json/plain') }, data: Buffer.from('"secret"') }]);
    for (let i = 0; i < ITERATIONS; i++) {
      const names = ['flipBit', 'truncate', 'insertBytes'];
      const m = mutations[names[next(names.length)]!]!;
      const badSealed = m(sealed, next);
      if (!badSealed.equals(sealed)) await expectRejected(async () => openBuffer(badSealed, key), [IntegrityError], `sealed #${i}`);
      const data = Buffer.from(payload!.data!);
      const badData = m(data, next);
      if (!badData.equals(data)) await expectRejected(() => codec.decode([{ ...payload, data: badData }]), [IntegrityError], `payload #${i}`);
    }
  });
});
