import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import { decodeArrayFromPayloads, encodeToPayloads, loadDataConverter } from '@temporalio/common/lib/internal-non-workflow/index.js';
import { describe, expect, test } from 'vitest';
import { ENCRYPTED_ENCODING, IntegrityError, KEY_ID_METADATA, createPayloadCodec, newDataKey } from '../src/index.js';

const clientKeyB64 = newDataKey().toString('base64');
const values: unknown[] = [
  { jobId: '8d7e1c52-3f2a-4a5b-9c1d-0e6f7a8b9c0d', category: 'winevtx', clientKey: clientKeyB64 },
  'plain string',
  42,
  null,
  undefined,
  [1, 'two', { three: 3 }],
  new Uint8Array([0, 1, 2, 255]),
];

const text = (b: Uint8Array | null | undefined) => Buffer.from(b ?? new Uint8Array()).toString('latin1');
const everything = (payloads: Payload[]) => payloads.map((p) => text(p.data) + JSON.stringify(Object.keys(p.metadata ?? {}))).join('');

describe('createPayloadCodec with the real Temporal data converter', () => {
  const masterKey = newDataKey();
  const converter = loadDataConverter({ payloadCodecs: [createPayloadCodec(masterKey)] });

  test('round trips every kind of value and hides them all', async () => {
    const encoded = (await encodeToPayloads(converter, ...values))!;
    expect(encoded).toHaveLength(values.length);
    for (const p of encoded) {
      expect(text(p.metadata?.encoding)).toBe(ENCRYPTED_ENCODING);
      expect(text(p.metadata?.[KEY_ID_METADATA])).toMatch(/^[0-9a-f]{16}$/);
      expect(Object.keys(p.metadata ?? {}).sort()).toEqual(['encoding', KEY_ID_METADATA]);
    }
    const wire = everything(encoded);
    for (const secret of [clientKeyB64, 'plain string', 'winevtx', 'json/plain', 'binary/null']) expect(wire).not.toContain(secret);
    const decoded = await decodeArrayFromPayloads(converter, encoded);
    expect(decoded).toEqual(values);
  });

  test('the key id does not reveal the key and is stable for a master key', async () => {
    const [a] = (await encodeToPayloads(converter, 1))!;
    const [b] = (await encodeToPayloads(loadDataConverter({ payloadCodecs: [createPayloadCodec(masterKey)] }), 1))!;
    const id = text(a!.metadata?.[KEY_ID_METADATA]);
    expect(text(b!.metadata?.[KEY_ID_METADATA])).toBe(id);
    expect(masterKey.toString('hex')).not.toContain(id);
    expect(text(a!.data)).not.toBe(text(b!.data));
  });

  test('decode passes through payloads it did not encrypt', async () => {
    const plain = defaultPayloadConverter.toPayload({ hello: 'world' });
    const foreign: Payload = {
      metadata: { encoding: Buffer.from(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: Buffer.from('0000000000000000') },
      data: Buffer.from('x'),
    };
    const codec = createPayloadCodec(masterKey);
    const out = await codec.decode([plain, foreign]);
    expect(out[0]).toBe(plain);
    expect(out[1]).toBe(foreign);
    expect(await decodeArrayFromPayloads(converter, [plain])).toEqual([{ hello: 'world' }]);
    // Encrypted under another master key: not ours, so not decrypted (the converter then refuses it).
    const other = await createPayloadCodec(newDataKey()).encode([plain]);
    expect((await codec.decode(other))[0]).toBe(other[0]);
    await expect(decodeArrayFromPayloads(converter, other)).rejects.toThrow(/encoding/i);
  });

  test('previous master keys still decode after rotation, new payloads use the current key', async () => {
    const oldKey = newDataKey();
    const written = await createPayloadCodec(oldKey).encode([defaultPayloadConverter.toPayload('from before')]);
    const rotated = loadDataConverter({ payloadCodecs: [createPayloadCodec(newDataKey(), { previousKeys: [oldKey] })] });
    expect(await decodeArrayFromPayloads(rotated, written)).toEqual(['from before']);
    const [fresh] = (await encodeToPayloads(rotated, 'after'))!;
    expect(text(fresh!.metadata?.[KEY_ID_METADATA])).not.toBe(text(written[0]!.metadata?.[KEY_ID_METADATA]));
  });

  test('altered encrypted payloads throw IntegrityError', async () => {
    const codec = createPayloadCodec(masterKey);
    const [p] = await codec.encode([defaultPayloadConverter.toPayload({ clientKey: clientKeyB64 })]);
    const data = Buffer.from(p!.data!);
    for (let i = 0; i < data.length; i += 3) {
      const bad = Buffer.from(data);
      bad[i]! ^= 0x20;
      await expect(codec.decode([{ ...p, data: bad }])).rejects.toThrow(IntegrityError);
    }
    await expect(codec.decode([{ ...p, data: data.subarray(0, 20) }])).rejects.toThrow(IntegrityError);
  });
});
