import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BODY_LIMITS, type JsonEndpoint } from '../src/body-limits.js';
import { CONTRACT, type EndpointName } from '../src/contract.js';
import { answerOf, pathOf, problemWith, type Answer } from './support/answers.js';
import { newClientKey, startHarness, type Harness } from './support/harness.js';
import { HOSTILE_FILE_NAMES, HOSTILE_JOB_IDS, hostileBodies, paddedBody } from './support/hostile.js';
import { createUser } from './support/users.js';

const ENDPOINTS = Object.keys(CONTRACT) as EndpointName[];
const JSON_ENDPOINTS = Object.keys(BODY_LIMITS) as JsonEndpoint[];
const GET_ENDPOINTS = ENDPOINTS.filter((e) => CONTRACT[e].method === 'GET');

/** One raw HTTP/1.1 exchange on a socket: for what fetch refuses to send (bad framing, huge headers). */
function rawExchange(url: string, request: string, { endEarly = false } = {}): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(request);
      if (endEarly) socket.end();
    });
    let data = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', (err) => (data ? resolve(data) : reject(err)));
  });
}

/** Status, content type and body of a raw HTTP/1.1 answer (not chunked: ours carry Content-Length). */
function parseRaw(raw: string): Answer {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0),
    contentType: /\r\ncontent-type: ([^\r]+)/i.exec(head)?.[1] ?? '',
    text: Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString('utf8'),
  };
}

describe('hostile input on every endpoint of the contract', () => {
  let h: Harness;
  let headers: Record<string, string>;
  let tried = 0;
  const offenders: string[] = [];
  const check = (endpoint: EndpointName, label: string, a: Answer) => {
    tried++;
    const problem = problemWith(endpoint, a);
    if (problem) offenders.push(`${endpoint} ← ${label}: ${problem}`);
  };

  beforeAll(async () => {
    h = await startHarness();
    const { token } = await createUser(h.db);
    headers = { 'X-Service-Api-Token': token, 'X-Service-Api-Enc-Key': newClientKey() };
  });
  afterAll(async () => {
    console.log(`hostile inputs tried: ${tried}`);
    await h?.stop();
  });

  test('malformed, mistyped, nested and unicode bodies: a documented 4xx (or 200) in the endpoint format, never a 500', async () => {
    const bodies = hostileBodies();
    for (const endpoint of JSON_ENDPOINTS) {
      for (const { label, body } of bodies) {
        for (const withCreds of [true, false]) {
          const res = await fetch(h.url + pathOf(endpoint), {
            method: 'POST',
            body,
            headers: { 'Content-Type': 'application/json', ...(withCreds ? headers : {}) },
          });
          check(endpoint, `${label}${withCreds ? '' : ' (anonymous)'}`, await answerOf(res));
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  test('every JSON endpoint takes a body of exactly its cap and refuses one byte more with 413 in its format', async () => {
    for (const endpoint of JSON_ENDPOINTS) {
      const cap = BODY_LIMITS[endpoint];
      const at = await answerOf(await fetch(h.url + pathOf(endpoint), { method: 'POST', body: paddedBody(cap), headers }));
      expect(at.status, `${endpoint} at its cap`).not.toBe(413);
      check(endpoint, 'body at the cap', at);
      // Declared over the cap: refused from the headers alone, before a byte of body is read (the
      // server then drains at most 500 ms and closes, so the body is not sent here at all).
      const over = parseRaw(
        await rawExchange(h.url, `POST ${pathOf(endpoint)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${cap + 1}\r\n\r\n`),
      );
      check(endpoint, 'body over the cap', over);
      expect(over.status, endpoint).toBe(413);
      const message = `Request body too large: the limit is ${cap >= 1024 * 1024 ? `${cap / 1024 / 1024} MB` : `${cap / 1024} KB`}`;
      expect(CONTRACT[endpoint].errors === 'json' ? JSON.parse(over.text) : over.text).toEqual(
        CONTRACT[endpoint].errors === 'json' ? { error: message } : message,
      );
    }
    expect(offenders).toEqual([]);
  });

  test('a chunked body with no Content-Length is cut off at the cap too', async () => {
    const endpoint: JsonEndpoint = 'parseEvtx';
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        // Stops by itself well past the cap, so a server that never refuses cannot hang the test.
        if (sent > BODY_LIMITS[endpoint] * 4) return ctl.close();
        sent += chunk.length;
        ctl.enqueue(chunk);
      },
    });
    const a = await answerOf(await fetch(h.url + pathOf(endpoint), { method: 'POST', body, headers, duplex: 'half' } as RequestInit));
    expect(a.status).toBe(413);
  });

  test('hostile path parameters and query strings on the GET endpoints', async () => {
    for (const endpoint of GET_ENDPOINTS) {
      for (const id of HOSTILE_JOB_IDS) {
        for (const h2 of [headers, {}]) {
          const res = await fetch(`${h.url}${pathOf(endpoint, id)}?page=%ff&x=${'y'.repeat(2000)}`, { headers: h2 });
          check(endpoint, `id ${id.slice(0, 30)}`, await answerOf(res));
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  test('uploads with control-character and path-like file names are stored under their id only, and list cleanly', async () => {
    for (const name of HOSTILE_FILE_NAMES) {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array([1, 2, 3])]), name);
      const a = await answerOf(await fetch(`${h.url}/upload`, { method: 'POST', body: form, headers }));
      check('upload', `file name ${JSON.stringify(name.slice(0, 30))}`, a);
    }
    // Nothing was written where a traversal would have put it.
    expect(existsSync('/tmp/owned.evtx')).toBe(false);
    const list = await answerOf(await fetch(`${h.url}/analysis/file/list`, { headers }));
    check('listFiles', 'listing after hostile names', list);
    expect(list.status).toBe(200);
    expect(offenders).toEqual([]);
  });

  test('malformed multipart bodies', async () => {
    const cases: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', '--x\r\n\r\n'],
      ['wrong boundary', 'multipart/form-data; boundary=abc', '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a"\r\n\r\nA\r\n--xyz--\r\n'],
      ['header without end', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="files"; filename="a"'],
      [
        'huge part header',
        'multipart/form-data; boundary=b',
        `--b\r\nContent-Disposition: form-data; name="files"; filename="${'a'.repeat(200_000)}"\r\n\r\nA\r\n--b--\r\n`,
      ],
      ['two boundaries in the type', 'multipart/form-data; boundary=a; boundary=b', '--b\r\n\r\n--b--'],
    ];
    for (const [label, type, body] of cases) {
      for (const h2 of [headers, {}]) {
        check('upload', label, await answerOf(await fetch(`${h.url}/upload`, { method: 'POST', body, headers: { ...h2, 'Content-Type': type } })));
      }
    }
    expect(offenders).toEqual([]);
  });

  test('duplicated, contradictory and oversized headers; truncated bodies; the server stays up', async () => {
    // Two tokens: Node joins them with ", ", which is no token at all.
    const dup = await rawExchange(
      h.url,
      `GET /analysis/file/list HTTP/1.1\r\nHost: x\r\nX-Service-Api-Token: ${headers['X-Service-Api-Token']}\r\nX-Service-Api-Token: ${headers['X-Service-Api-Token']}\r\nConnection: close\r\n\r\n`,
    );
    expect(dup).toMatch(/^HTTP\/1\.1 401/);
    // Contradictory Content-Length: the HTTP parser refuses it before any code of ours runs.
    const cl = await rawExchange(h.url, 'POST /analysis/lookup HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{}');
    expect(cl).toMatch(/^HTTP\/1\.1 400/);
    // Headers over Node's 16 KB limit: 431.
    const big = await rawExchange(h.url, `GET /analysis/file/list HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431/);
    // A body that ends before its Content-Length: the client goes away; nothing may crash.
    for (const endpoint of JSON_ENDPOINTS) {
      await rawExchange(h.url, `POST ${pathOf(endpoint)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"file_ids":[`, {
        endEarly: true,
      });
    }
    const after = await answerOf(await fetch(`${h.url}/analysis/lookup`, { method: 'POST', body: '{"module":"file_name","search":"x"}' }));
    expect(after.status).toBe(200);
    tried += 3 + JSON_ENDPOINTS.length;
  });
});
