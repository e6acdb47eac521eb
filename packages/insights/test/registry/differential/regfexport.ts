import { execFileSync } from 'node:child_process';

/** One key as libregf's regfexport prints it: path below the root key, values by name with their printed data. */
export interface ExportedKey {
  path: string;
  values: Map<string, { type: string; data: string }>;
}

const cache = new Map<string, Map<string, ExportedKey>>();

/**
 * Keys of a hive decoded by regfexport (libregf, independent of our parser), by lower-case path
 * below the root key. Binary data stays in regfexport's hexdump text; strings and integers as printed.
 */
export function regfexport(path: string): Map<string, ExportedKey> {
  const hit = cache.get(path);
  if (hit) return hit;
  const text = execFileSync('regfexport', [path], { maxBuffer: 512 * 1024 * 1024, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const keys = new Map<string, ExportedKey>();
  let key: ExportedKey | null = null;
  let value: { name: string; type: string; data: string[] } | null = null;
  const flush = (): void => {
    if (key && value) key.values.set(value.name, { type: value.type, data: value.data.join('\n').trim() });
    value = null;
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('Key path: ')) {
      flush();
      const full = line.slice('Key path: '.length);
      const cut = full.indexOf('\\');
      key = { path: cut < 0 ? '' : full.slice(cut + 1), values: new Map() };
      keys.set(key.path.toLowerCase(), key);
    } else if (line.startsWith('Value: ') && key) {
      flush();
      // "Value: 3 Product": an index, then the name ("(value name: (default))" style names are kept as printed).
      value = { name: line.replace(/^Value: \d+ ?/, ''), type: '', data: [] };
    } else if (value && line.startsWith('Type: ')) value.type = line.slice(6);
    else if (value && line.startsWith('Data: ')) value.data.push(line.slice(6));
    else if (value && line.startsWith('Data:')) value.data.push('');
    else if (value && /^[0-9a-f]{8}: /.test(line)) value.data.push(line);
  }
  flush();
  cache.set(path, keys);
  return keys;
}

/** Direct subkeys of `parent` (a path below the root), from a regfexport listing. */
export function exportedChildren(keys: Map<string, ExportedKey>, parent: string): ExportedKey[] {
  const prefix = `${parent.toLowerCase()}\\`;
  return [...keys.values()].filter((k) => k.path.toLowerCase().startsWith(prefix) && !k.path.slice(prefix.length).includes('\\'));
}

/** Bytes of a binary value from regfexport's hexdump lines (`00000000: ce 51 …  text`). */
export function exportedBytes(data: string): Buffer {
  const hex = data
    .split('\n')
    .filter((l) => /^[0-9a-f]{8}: /.test(l))
    .map((l) => l.slice(10, 58))
    .join(' ');
  return Buffer.from(hex.replace(/[^0-9a-f]/g, ''), 'hex');
}
