import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface NotatinValue {
  value_name: string;
  data_type: string;
  /** `{ Kind: data }` with Kind one of Binary, String, MultiString, U32, U64, I32, I64 (U64 kept as a decimal string). */
  value: Record<string, unknown> | string;
}

export interface NotatinKey {
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
      .map((l) => JSON.parse(quoteU64(l)) as NotatinKey);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * notatin prints 64-bit integers as bare JSON numbers, which JSON.parse would round to a double;
 * quoting them keeps every digit. (Inside a JSON string the quotes would be escaped, so this
 * cannot match value text.)
 */
function quoteU64(line: string): string {
  return line.replace(/"U64":(\d+)/g, '"U64":"$1"');
}
