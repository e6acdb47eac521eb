import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RefValue {
  name: string;
  /** The REG_* name regfexport prints. */
  regType: string;
  size: number;
  /** Text regfexport printed after "Data: ", or null when it printed a hexdump. */
  text: string | null;
  /** Bytes from the hexdump, when one was printed. */
  hex: string | null;
}

export interface RefKey {
  path: string;
  values: RefValue[];
}

/** Hexdump rows: "00000000: 4d 00 ... 66 00   M.i.c..."; the hex columns end at character 59. */
function rowHex(line: string): string {
  return (line.slice(10, 59).match(/[0-9a-f]{2}/g) ?? []).join('');
}

/** Parses regfexport's text export into keys with their values, in the order printed. */
export function parseRegfexport(text: string): RefKey[] {
  const keys: RefKey[] = [];
  const lines = text.split('\n');
  let key: RefKey | null = null;
  let value: RefValue | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('Key path: ')) {
      key = { path: line.slice(10), values: [] };
      keys.push(key);
      value = null;
    } else if (line.startsWith('Value: ') && key) {
      const m = /^Value: \d+ (.*)$/.exec(line);
      const name = m?.[1] ?? '';
      value = { name: name === '(default)' ? '' : name, regType: '', size: 0, text: null, hex: null };
      key.values.push(value);
    } else if (line.startsWith('Type: ') && value) {
      value.regType = /\((REG_[A-Z_]+|[^)]*)\)$/.exec(line)?.[1] ?? line.slice(6);
    } else if (line.startsWith('Data size: ') && value) {
      value.size = Number(line.slice(11));
    } else if (line === 'Data:' && value) {
      let hex = '';
      while (i + 1 < lines.length && /^[0-9a-f]{8}: /.test(lines[i + 1]!)) hex += rowHex(lines[++i]!);
      value.hex = hex;
    } else if (line.startsWith('Data: ') && value) {
      value.text = line.slice(6);
    }
  }
  return keys;
}

export async function regfexport(path: string): Promise<RefKey[]> {
  const { stdout } = await run('regfexport', [path], { maxBuffer: 1 << 30, encoding: 'utf8' });
  return parseRegfexport(stdout);
}
