import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { valueTypeName, type RegistryKey, type RegistryValue } from '../../src/index.js';

const run = promisify(execFile);

interface NotatinValue {
  value_name: string;
  data_type: string;
  value: Record<string, unknown> | string;
}

interface NotatinKey {
  path: string;
  detail: { Light?: { last_key_written_date_and_time?: { interpreted?: string } } };
  sub_values: NotatinValue[];
}

/**
 * Runs notatin's reg_dump, which replays NAME.LOG1/NAME.LOG2 found beside the hive. The hive and
 * logs are symlinked into a scratch folder under those exact names, since notatin matches them
 * case-sensitively (the regipy sample's logs are lower-case).
 */
export async function notatinDump(hive: string, logs: string[]): Promise<NotatinKey[]> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-notatin-'));
  try {
    symlinkSync(hive, join(dir, 'hive'));
    logs.forEach((l, i) => symlinkSync(l, join(dir, `hive.LOG${i + 1}`)));
    const out = join(dir, 'out.jsonl');
    await run('reg_dump', ['-i', join(dir, 'hive'), '-o', out, '-t', 'jsonl'], { maxBuffer: 1 << 26 });
    return readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l.length > 0)
      .map((l) => JSON.parse(l) as NotatinKey);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const TYPES: Record<string, string> = {
  REG_NONE: 'RegNone',
  REG_SZ: 'RegSZ',
  REG_EXPAND_SZ: 'RegExpandSZ',
  REG_BIN: 'RegBinary',
  REG_DWORD: 'RegDWord',
  REG_DWORD_BIG_ENDIAN: 'RegDWordBigEndian',
  REG_LINK: 'RegLink',
  REG_MULTI_SZ: 'RegMultiSZ',
  REG_RESOURCE_LIST: 'RegResourceList',
  REG_FULL_RESOURCE_DESCRIPTOR: 'RegFullResourceDescriptor',
  REG_RESOURCE_REQUIREMENTS_LIST: 'RegResourceRequirementsList',
  REG_QWORD: 'RegQWord',
  // notatin names type 0x10 REG_FILETIME; the spec's names stop at RegQWord, so we keep it unknown.
  REG_FILETIME: 'RegUnknown',
  REG_UNKNOWN: 'RegUnknown',
};

function compareValue(path: string, ours: RegistryValue, ref: NotatinValue, out: string[]): void {
  const refName = ref.value_name === '(default)' ? '' : ref.value_name;
  const where = `${path} :: ${JSON.stringify(refName)}`;
  if (ours.name !== refName) out.push(`${where}: name ${JSON.stringify(ours.name)}`);
  // notatin names a type code above 0xFF (e.g. 0x200000, or device-property types like 0xFFFF1003)
  // by its low byte; we, regfexport and hivex keep such codes unknown.
  const expected = ours.typeCode > 0xff ? valueTypeName(ours.typeCode & 0xff) : ours.type;
  if (expected !== TYPES[ref.data_type]) out.push(`${where}: type ${ours.type} vs ${ref.data_type}`);
  if (typeof ref.value !== 'object') return;
  const [kind, v] = Object.entries(ref.value)[0] ?? [];
  const d = ours.data;
  let ok = true;
  if (kind === 'Binary' && typeof v === 'string') ok = ours.raw.toString('hex') === v.replaceAll(' ', '').toLowerCase();
  else if (kind === 'String' && typeof d === 'string') ok = d === v;
  else if (kind === 'U32' && typeof d === 'number') ok = d === v;
  // notatin prints 64-bit integers as JSON numbers, which JSON.parse rounds to a double.
  else if (kind === 'U64' && typeof d === 'bigint') ok = Number(d) === v;
  else if (kind === 'MultiString' && Array.isArray(d)) ok = JSON.stringify(d) === JSON.stringify((v as string[]).filter((s, i, a) => s !== '' || i < a.length - 1));
  if (!ok) out.push(`${where}: ${kind} ${JSON.stringify(typeof d === 'bigint' ? String(d) : Buffer.isBuffer(d) ? d.toString('hex') : d).slice(0, 60)} vs ${JSON.stringify(v).slice(0, 60)}`);
}

/** Keys in order with full last-write times, and every value's name, type and data. */
export function compareWithNotatin(ours: RegistryKey[], ref: NotatinKey[]): string[] {
  const out: string[] = [];
  if (ours.length !== ref.length) out.push(`key count ${ours.length} vs ${ref.length}`);
  for (let i = 0; i < Math.min(ours.length, ref.length) && out.length < 50; i++) {
    const a = ours[i]!;
    const b = ref[i]!;
    const refPath = b.path.replace(/^\\/, '');
    if (a.path !== refPath) {
      out.push(`key #${i}: path ${JSON.stringify(a.path)} vs ${JSON.stringify(refPath)}`);
      continue;
    }
    const refTime = b.detail.Light?.last_key_written_date_and_time?.interpreted;
    if (refTime !== undefined && a.lastWrite !== refTime) out.push(`${a.path}: last write ${a.lastWrite} vs ${refTime}`);
    if (a.values.length !== b.sub_values.length) {
      out.push(`${a.path}: ${a.values.length} values vs ${b.sub_values.length}`);
      continue;
    }
    for (let j = 0; j < a.values.length; j++) compareValue(a.path, a.values[j]!, b.sub_values[j]!, out);
  }
  return out;
}
