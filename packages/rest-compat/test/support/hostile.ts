/**
 * Hostile request bodies and names, shared by the hostile-input test and `npm run fuzz:api`.
 * Each is raw text (sent as is) so malformed JSON and invalid escapes reach the server intact.
 */
export interface HostileBody {
  label: string;
  body: string | Uint8Array<ArrayBuffer>;
}

/** Strings that have broken servers: control characters, lone surrogates, paths, RTL overrides, huge numbers as text. */
export const NASTY_STRINGS: string[] = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u0000\u0007\u001b[31m',
  '\ufeff',
  '🙂'.repeat(300),
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\system32\\config\\SAM',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/dev/zero',
  'C:\\con\\aux',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  '\'; DROP TABLE "File"; --',
  '${jndi:ldap://127.0.0.1/a}',
  '__proto__',
];

/** Values of every JSON type and some numbers JavaScript handles badly. */
const ODD_VALUES: unknown[] = [null, true, 0, -1, 1e308, -0, 2 ** 53 + 1, 1.5, [], {}, [null], [{}], [[[]]], { __proto__: { admin: true } }];

/** Every field any endpoint reads, so each wrong value reaches some validator. */
const FIELDS = [
  'file_ids',
  'run_sigma_rules',
  'job_id',
  'search',
  'browse_events',
  'filter',
  'page',
  'show',
  'start_time',
  'end_time',
  'operation',
  'rule',
  'test_data',
  'rule_names',
  'module',
];

const enc = new TextEncoder();

export function hostileBodies(): HostileBody[] {
  const out: HostileBody[] = [
    { label: 'empty body', body: '' },
    { label: 'truncated object', body: '{"file_ids": ["a"' },
    { label: 'bare word', body: 'nul' },
    { label: 'trailing garbage', body: '{}xyz' },
    { label: 'single quotes', body: "{'file_ids': []}" },
    { label: 'array', body: '[]' },
    { label: 'string', body: '"x"' },
    { label: 'number', body: '12' },
    { label: 'null', body: 'null' },
    { label: 'BOM then object', body: '\ufeff{}' },
    { label: 'invalid UTF-8 bytes', body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0xff, 0xfe, 0x22, 0x7d]) },
    { label: 'invalid escape', body: '{"search":"\\x41"}' },
    { label: 'lone surrogate escape', body: '{"search":"\\ud800","job_id":"\\udc00","file_ids":["\\ud800"],"module":"\\ud800"}' },
    { label: 'NUL escapes everywhere', body: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, '\u0000']))) },
    { label: 'duplicate keys', body: '{"file_ids":["a"],"file_ids":5,"job_id":"x","job_id":[]}' },
    { label: '__proto__ key', body: '{"__proto__":{"file_ids":["x"]},"constructor":{"prototype":{"polluted":1}}}' },
    { label: 'deeply nested arrays (50k)', body: '{"file_ids":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}' },
    { label: 'deeply nested objects (20k)', body: '{"filter":' + '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) + '}' },
    { label: 'many keys', body: '{' + Array.from({ length: 5000 }, (_, i) => `"k${i}":${i}`).join(',') + '}' },
  ];
  for (const v of ODD_VALUES) out.push({ label: `every field = ${JSON.stringify(v)}`, body: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, v]))) });
  for (const s of NASTY_STRINGS) {
    out.push({
      label: `strings ${JSON.stringify(s.slice(0, 24))}`,
      body: JSON.stringify({
        file_ids: [s],
        job_id: s,
        search: s,
        module: s,
        operation: s,
        rule: s,
        test_data: s,
        rule_names: [s],
        filter: [{ field: s, operator: 'equals', value: s }],
        run_sigma_rules: false,
        browse_events: false,
      }),
    });
  }
  return out;
}

/** A JSON body of exactly `bytes` bytes (valid JSON, so only its size is wrong). */
export function paddedBody(bytes: number): Uint8Array<ArrayBuffer> {
  const head = enc.encode('{"pad":"');
  const tail = enc.encode('"}');
  const body = new Uint8Array(bytes).fill(0x61);
  body.set(head, 0);
  body.set(tail, bytes - tail.length);
  return body;
}

/** File names for uploads: control characters, traversal, reserved device names, very long. */
export const HOSTILE_FILE_NAMES: string[] = [
  '../../../../tmp/owned.evtx',
  '..\\..\\evil.evtx',
  '/etc/passwd',
  'nul\u0000byte.evtx',
  'bell\u0007esc\u001b[2J.evtx',
  'new\r\nline: header-injection.evtx',
  '\u202egpj.exe',
  'CON',
  '.',
  '..',
  ' ',
  'x'.repeat(4096),
  '🙂'.repeat(200),
  '%00%2e%2e%2f',
];

/** Path parameters for GET /analysis/job/:job_id, already URL-encoded where needed. */
export const HOSTILE_JOB_IDS: string[] = [
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%ff%fe',
  '%ud800',
  'x'.repeat(8000),
  '%00%F0%9F', // NUL then a truncated UTF-8 sequence
  '00000000-0000-0000-0000-000000000000',
  encodeURIComponent("' OR 1=1 --"),
];
