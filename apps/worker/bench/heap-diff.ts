/**
 * node --import tsx apps/worker/bench/heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [TOP]
 *
 * What grew between two heap snapshots of the idle worker (`bench:jobs -- --repeat N
 * --heap-snapshots DIR`): live objects' shallow sizes and counts summed by constructor (objects,
 * closures, native objects) or by kind (strings, code, arrays, …), the largest changes first. Only
 * what is still reachable is in a snapshot (it is taken after a full collection), so growth here
 * is data a job left behind; memory outside the JavaScript heap (malloc, thread heaps) is not.
 * The snapshot's `nodes` array is scanned from the bytes: a whole worker's snapshot is larger than
 * the longest string V8 parses as JSON. The same file twice lists what one snapshot holds, largest first.
 */
import { readFileSync } from 'node:fs';

interface Group {
  count: number;
  bytes: number;
}

interface Meta {
  node_fields: string[];
  node_types: [string[], ...unknown[]];
}

const MiB = 2 ** 20;

/** The bytes between `"key":` and the matching close of the value that follows (an array or object). */
function section(buf: Buffer, key: string): Buffer {
  const at = buf.indexOf(`"${key}":`);
  if (at < 0) throw new Error(`no "${key}" in the snapshot`);
  const open = buf.indexOf(key === 'snapshot' ? '{' : '[', at);
  let depth = 0;
  let inString = false;
  for (let i = open; i < buf.length; i++) {
    const c = buf[i]!;
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next byte is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) {
      depth--;
      if (depth === 0) return buf.subarray(open, i + 1);
    }
  }
  throw new Error(`"${key}" is not closed: a truncated snapshot?`);
}

/** The unsigned integers of a JSON array of numbers, read from its bytes. */
function numbers(bytes: Buffer): Float64Array {
  let n = 0;
  for (const c of bytes) if (c === 0x2c) n++;
  const out = new Float64Array(n + 1);
  let k = 0;
  let v = 0;
  let inNumber = false;
  for (const c of bytes) {
    if (c >= 0x30 && c <= 0x39) {
      v = v * 10 + (c - 0x30);
      inNumber = true;
    } else if (inNumber) {
      out[k++] = v;
      v = 0;
      inNumber = false;
    }
  }
  return out.subarray(0, k);
}

export function groupsOf(path: string): Map<string, Group> {
  const buf = readFileSync(path);
  const meta = (JSON.parse(section(buf, 'snapshot').toString('utf8')) as { meta: Meta }).meta;
  const strings = JSON.parse(section(buf, 'strings').toString('utf8')) as string[];
  const nodes = numbers(section(buf, 'nodes'));
  const width = meta.node_fields.length;
  const typeAt = meta.node_fields.indexOf('type');
  const nameAt = meta.node_fields.indexOf('name');
  const sizeAt = meta.node_fields.indexOf('self_size');
  const types = meta.node_types[0];
  const groups = new Map<string, Group>();
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]!] ?? '?';
    const key = type === 'object' || type === 'closure' || type === 'native' ? `${strings[nodes[i + nameAt]!] ?? '?'} (${type})` : `(${type})`;
    const g = groups.get(key) ?? { count: 0, bytes: 0 };
    g.count++;
    g.bytes += nodes[i + sizeAt]!;
    groups.set(key, g);
  }
  return groups;
}

function main(): void {
  const [before, after, top = '30'] = process.argv.slice(2);
  if (!before || !after) {
    console.error('usage: heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [TOP]');
    process.exit(2);
  }
  const a = groupsOf(before);
  const b = groupsOf(after);
  const total = (m: Map<string, Group>) => [...m.values()].reduce((s, g) => s + g.bytes, 0);
  console.log(`live heap: ${(total(a) / MiB).toFixed(1)} MiB → ${(total(b) / MiB).toFixed(1)} MiB`);
  const rows = [...new Set([...a.keys(), ...b.keys()])].map((k) => {
    const x = a.get(k) ?? { count: 0, bytes: 0 };
    const y = b.get(k) ?? { count: 0, bytes: 0 };
    return { k, x, y, d: y.bytes - x.bytes };
  });
  rows.sort((p, q) => Math.abs(q.d) - Math.abs(p.d) || q.y.bytes - p.y.bytes);
  for (const r of rows.slice(0, Number(top))) {
    console.log(
      `${(r.d >= 0 ? '+' : '') + (r.d / MiB).toFixed(2)} MiB`.padStart(13),
      `${(r.x.bytes / MiB).toFixed(2)} → ${(r.y.bytes / MiB).toFixed(2)} MiB`.padStart(22),
      `${r.x.count} → ${r.y.count}`.padStart(22),
      r.k,
    );
  }
}

main();
