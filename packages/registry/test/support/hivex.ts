import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { RegistryKey, RegistryValue } from '../../src/index.js';

const run = promisify(execFile);

export interface HivexValue {
  name: string;
  type: string;
  /** Decoded bytes when hivex printed base64. */
  bytes: Buffer | null;
  /** The value attribute otherwise (numbers, strings). */
  text: string | null;
  list: string[] | null;
}

export interface HivexKey {
  path: string;
  /** Last-write time to the second, as hivexml prints it. */
  mtime: string | null;
  values: HivexValue[];
}

function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#\d+);/g, (_, e: string) => {
    if (e === 'amp') return '&';
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    return String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });
}

function attrs(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/(\w+)="([^"]*)"/g)) out[m[1]!] = unescape(m[2]!);
  return out;
}

/** Parses hivexml's output: nested <node>, <mtime>, <value> (with <string> children for lists). */
export function parseHivexml(xml: string): HivexKey[] {
  const keys: HivexKey[] = [];
  const stack: HivexKey[] = [];
  let value: HivexValue | null = null;
  const token = /<node ([^>]*)>|<\/node>|<mtime>([^<]*)<\/mtime>|<value ([^>]*?)(\/?)>|<\/value>|<string( encoding="base64")?>([^<]*)<\/string>/g;
  for (const m of xml.matchAll(token)) {
    const [whole] = m;
    if (whole.startsWith('<node ')) {
      const parent = stack.at(-1);
      const name = attrs(m[1]!).name ?? '';
      const key: HivexKey = { path: parent ? `${parent.path}\\${name}` : name, mtime: null, values: [] };
      keys.push(key);
      stack.push(key);
    } else if (whole === '</node>') {
      stack.pop();
    } else if (whole.startsWith('<mtime>')) {
      const top = stack.at(-1);
      if (top) top.mtime = m[2]!;
    } else if (whole.startsWith('<value ')) {
      const a = attrs(m[3]!);
      const v: HivexValue = {
        name: a.default === '1' ? '' : (a.key ?? ''),
        type: a.type ?? '',
        bytes: a.encoding === 'base64' && a.value !== undefined ? Buffer.from(a.value, 'base64') : null,
        text: a.encoding === 'base64' ? null : (a.value ?? null),
        list: a.type === 'string-list' ? [] : null,
      };
      stack.at(-1)?.values.push(v);
      value = m[4] === '/' ? null : v;
    } else if (whole === '</value>') {
      value = null;
    } else if (whole.startsWith('<string') && value?.list) {
      value.list.push(m[5] ? Buffer.from(m[6]!, 'base64').toString('utf16le') : unescape(m[6]!));
    }
  }
  return keys;
}

/** hivexml opens its output by name, which fails on the socket Node gives a child; a shell pipe is a real pipe. */
export async function hivexml(path: string): Promise<HivexKey[]> {
  const { stdout } = await run('sh', ['-c', 'hivexml "$1" | cat', 'sh', path], { maxBuffer: 1 << 30, encoding: 'utf8' });
  return parseHivexml(stdout);
}

const TYPES: Record<string, string> = {
  none: 'RegNone',
  string: 'RegSZ',
  expand: 'RegExpandSZ',
  binary: 'RegBinary',
  int32: 'RegDWord',
  int64: 'RegQWord',
  link: 'RegLink',
  'string-list': 'RegMultiSZ',
  'resource-list': 'RegResourceList',
  'full-resource-description': 'RegFullResourceDescriptor',
  'resource-requirements': 'RegResourceRequirementsList',
  unknown: 'RegUnknown',
};

function compareValue(path: string, ours: RegistryValue, ref: HivexValue, out: string[]): void {
  const where = `${path} :: ${JSON.stringify(ref.name)}`;
  if (ours.name !== ref.name) out.push(`${where}: name ${JSON.stringify(ours.name)}`);
  // hivex reports big-endian DWORDs as int32 too.
  const refType = ours.type === 'RegDWordBigEndian' && ref.type === 'int32' ? 'RegDWordBigEndian' : TYPES[ref.type];
  if (ours.type !== refType) out.push(`${where}: type ${ours.type} vs ${ref.type}`);
  if (ref.bytes) {
    if (!ours.raw.equals(ref.bytes)) out.push(`${where}: bytes ${ours.raw.toString('hex').slice(0, 40)} vs ${ref.bytes.toString('hex').slice(0, 40)}`);
    return;
  }
  if (ref.list) {
    // hivex lists every NUL-separated part including the terminating empty string(s).
    const theirs = [...ref.list];
    while (theirs.length > 0 && theirs.at(-1) === '') theirs.pop();
    const mine = Array.isArray(ours.data) ? ours.data : [];
    if (JSON.stringify(mine) !== JSON.stringify(theirs.slice(0, mine.length)) || (theirs.length > mine.length && theirs[mine.length] !== '')) {
      out.push(`${where}: list ${JSON.stringify(mine).slice(0, 60)} vs ${JSON.stringify(theirs).slice(0, 60)}`);
    }
    return;
  }
  if (ref.text === null) return;
  const d = ours.data;
  let ok: boolean;
  if (Buffer.isBuffer(d) && (ours.type === 'RegDWord' || ours.type === 'RegQWord')) {
    // We keep a DWORD/QWORD whose size does not fit its type as raw bytes; hivex reads the
    // leading bytes anyway, and prints -1 when there are none.
    if (d.length === 0) ok = ref.text === '-1';
    else if (ours.type === 'RegDWord' && d.length >= 4) ok = Number(ref.text) >>> 0 === d.readUInt32LE(0);
    else if (ours.type === 'RegQWord' && d.length >= 8) ok = BigInt.asUintN(64, BigInt(ref.text)) === d.readBigUInt64LE(0);
    else ok = false;
  } else if (typeof d === 'number') ok = Number(ref.text) >>> 0 === d;
  else if (typeof d === 'bigint') ok = BigInt.asUintN(64, BigInt(ref.text)) === d;
  else if (typeof d === 'string') ok = d === ref.text;
  else ok = false;
  if (!ok)
    out.push(
      `${where}: data ${JSON.stringify(typeof d === 'bigint' ? d.toString() : Buffer.isBuffer(d) ? d.toString('hex') : d).slice(0, 60)} vs ${JSON.stringify(ref.text).slice(0, 60)}`,
    );
}

/** Keys in order with their last-write second, and every value's name, type and data. */
export function compareWithHivex(ours: RegistryKey[], ref: HivexKey[]): string[] {
  const out: string[] = [];
  if (ours.length !== ref.length) out.push(`key count ${ours.length} vs ${ref.length}`);
  for (let i = 0; i < Math.min(ours.length, ref.length) && out.length < 50; i++) {
    const a = ours[i]!;
    const b = ref[i]!;
    if (a.path !== b.path) {
      out.push(`key #${i}: path ${JSON.stringify(a.path)} vs ${JSON.stringify(b.path)}`);
      continue;
    }
    const second = a.lastWrite ? `${a.lastWrite.slice(0, 19)}Z` : null;
    if (b.mtime !== null && second !== b.mtime) out.push(`${a.path}: last write ${a.lastWrite} vs ${b.mtime}`);
    if (a.values.length !== b.values.length) {
      out.push(`${a.path}: ${a.values.length} values vs ${b.values.length}`);
      continue;
    }
    for (let j = 0; j < a.values.length; j++) compareValue(a.path, a.values[j]!, b.values[j]!, out);
  }
  return out;
}
